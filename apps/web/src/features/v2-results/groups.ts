import {
  V2_RESULT_GROUP_LABELS,
  type V2RelationResult,
  type V2ResultGroup,
  type V2Results,
} from '@evalua/contracts';
import { countedNote } from '../../components/rater-groups';

/** How one row of the by-group table appears. */
export type GroupState = 'shown' | 'hidden' | 'empty';

export interface GroupRow {
  key: string;
  label: string;
  completed: number;
  assigned: number;
  state: GroupState;
  competencies: number | null;
  objectives: number | null;
  overall: number | null;
  /** Shown only because the viewer is admin: below the anonymity threshold for everyone else. */
  adminOnly: boolean;
  /** '1 de 3 cuenta para el anonimato' when some of the group's answers do not count (else null). */
  counted: string | null;
}

const NONE = { competencies: null, objectives: null, overall: null };

/**
 * The rows of the by-group table, in order: self, 'Otros' (every non-self rater), manager, peers,
 * reports and the merged group. Only figures the server gave are used — a hidden group, or a
 * withheld "others", shows no figure at all.
 */
export function groupRows(r: V2Results): GroupRow[] {
  const rows: GroupRow[] = [];
  const real = r.relations.filter((g) => g.relation !== 'peer_report');
  for (const g of r.relations) {
    rows.push({
      key: g.relation,
      label: V2_RESULT_GROUP_LABELS[g.relation],
      completed: g.raters_completed,
      assigned: g.raters_assigned,
      state: !g.shown ? 'hidden' : g.raters_completed === 0 ? 'empty' : 'shown',
      ...(g.shown
        ? {
            competencies: g.competencies_percentage,
            objectives: g.objectives_percentage,
            overall: g.overall_percentage,
          }
        : NONE),
      adminOnly: g.shown && g.below_threshold,
      counted: countedNote(g),
    });
  }
  const nonSelf = real.filter((g) => g.relation !== 'self');
  if (nonSelf.length > 0) {
    const completed = nonSelf.reduce((a, g) => a + g.raters_completed, 0);
    const o = r.others;
    rows.push({
      key: 'others',
      label: 'Otros',
      completed: o?.raters ?? completed,
      assigned: nonSelf.reduce((a, g) => a + g.raters_assigned, 0),
      state: o ? 'shown' : completed === 0 ? 'empty' : 'hidden',
      ...(o
        ? {
            competencies: o.competencies_percentage,
            objectives: o.objectives_percentage,
            overall: o.overall_percentage,
          }
        : NONE),
      adminOnly: false,
      counted: null,
    });
  }
  const order = ['self', 'others', 'manager', 'peer', 'report', 'peer_report'];
  return rows.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
}

/** One row of the completion table shown while the results are not released. */
export interface CompletionRow {
  key: V2ResultGroup;
  label: string;
  completed: number;
  assigned: number;
  counted: string | null;
}

/**
 * Completion per group of raters (completed and assigned), for a viewer who does not see figures
 * yet. The merged peers-and-reports group is left out: it only repeats the two it merges.
 */
export function completionRows(relations: readonly V2RelationResult[]): CompletionRow[] {
  return relations
    .filter((g) => g.relation !== 'peer_report')
    .map((g) => ({
      key: g.relation,
      label: V2_RESULT_GROUP_LABELS[g.relation],
      completed: g.raters_completed,
      assigned: g.raters_assigned,
      counted: countedNote(g),
    }));
}
