import type { Relation } from '@evalua/contracts';
import { itemRule, type EvaluateeFigures } from '../v2-results';

/** Per item and relation, one person's score sums (the rows of v2-results' per-person item query). */
export interface ItemRelationRow {
  item_id: number;
  relation: Relation;
  score_sum: number;
  scored: number;
  na: number;
  scored_counted: number;
}

/** One item's self and "others" averages (0-100) as one person's results show them to a viewer. */
export interface ItemPair {
  self: number | null;
  others: number | null;
}

/**
 * The `self_average` and `others_average` of each item exactly as GET
 * /api/evaluations-v2/{id}/results/{userId} gives them (v2-results/service.ts, buildResults), from
 * the same per-item rows and the same evaluatee figures: "others" only when shown, each item's
 * figure withheld when an anonymous group among "others" has scores on it from fewer than k counted
 * raters (decision 023). A test compares both, person by person, for admin and gestionhumana
 * (v2-insight.test.ts): the insight never shows an item figure the results do not. The rule itself is
 * written once, in v2-results/figures.ts (itemRule).
 */
export function personItemPairs(
  rows: readonly ItemRelationRow[],
  itemIds: readonly number[],
  figures: EvaluateeFigures,
  fullView: boolean,
  minRaters: number,
): Map<number, ItemPair> {
  const rule = itemRule(figures, fullView, minRaters);
  const byItem = new Map<number, ItemRelationRow[]>();
  for (const row of rows) byItem.set(row.item_id, [...(byItem.get(row.item_id) ?? []), row]);
  const out = new Map<number, ItemPair>();
  for (const id of itemIds) {
    const itemRows = byItem.get(id) ?? [];
    out.set(id, { self: rule.self(itemRows), others: rule.others(itemRows) });
  }
  return out;
}
