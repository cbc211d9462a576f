import { isAnonymousGroup, type Relation } from '@evalua/contracts';
import type { EvaluateeFigures } from '../v2-results/figures';

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

function average(rows: readonly ItemRelationRow[]): number | null {
  const scored = rows.reduce((a, r) => a + r.scored, 0);
  return scored === 0 ? null : (rows.reduce((a, r) => a + r.score_sum, 0) / scored) * 100;
}

/**
 * The `self_average` and `others_average` of each item exactly as GET
 * /api/evaluations-v2/{id}/results/{userId} gives them (v2-results/service.ts, buildResults), from
 * the same per-item rows and the same evaluatee figures: "others" only when shown, each item's
 * figure withheld when an anonymous group among "others" has scores on it from fewer than k counted
 * raters (decision 023). A test compares both, person by person, for admin and gestionhumana
 * (insight-consistency.test.ts): the insight never shows an item figure the results do not.
 */
export function personItemPairs(
  rows: readonly ItemRelationRow[],
  itemIds: readonly number[],
  figures: EvaluateeFigures,
  fullView: boolean,
  minRaters: number,
): Map<number, ItemPair> {
  const { visibility } = figures;
  const anonymousRelation = (relation: Relation) =>
    isAnonymousGroup(relation, figures.relations.find((r) => r.relation === relation)?.raters_assigned ?? 0);
  const itemBelow = (itemRows: readonly ItemRelationRow[], groups: ReadonlyArray<readonly Relation[]>) =>
    !fullView &&
    groups.some((group) => {
      if (!group.some(anonymousRelation)) return false;
      const members = itemRows.filter((r) => group.includes(r.relation));
      const scored = members.reduce((a, r) => a + r.scored, 0);
      return scored > 0 && members.reduce((a, r) => a + r.scored_counted, 0) < minRaters;
    });
  const mergedShown = visibility.merged?.shown === true;
  const othersGroups: Relation[][] = [
    ...(['manager', 'peer', 'report'] as const)
      .filter((r) => !(mergedShown && (r === 'peer' || r === 'report')))
      .map((r) => [r]),
    ...(mergedShown ? [['peer', 'report'] as Relation[]] : []),
  ];
  const byItem = new Map<number, ItemRelationRow[]>();
  for (const row of rows) byItem.set(row.item_id, [...(byItem.get(row.item_id) ?? []), row]);
  const out = new Map<number, ItemPair>();
  for (const id of itemIds) {
    const itemRows = byItem.get(id) ?? [];
    const of = (relations: readonly Relation[]) => itemRows.filter((r) => relations.includes(r.relation));
    out.set(id, {
      self: figures.released ? average(of(['self'])) : null,
      others:
        visibility.othersShown && !itemBelow(itemRows, othersGroups)
          ? average(of(['manager', 'peer', 'report']))
          : null,
    });
  }
  return out;
}
