import {
  v2EvaluationAllows,
  type EvaluatorProgress,
  type MyPending,
  type V2Evaluation,
} from '@evalua/contracts';
import { formatDay } from '../../i18n/format';
import { homeMessages as t } from '../../i18n/home-messages';

/** One line of the start page's pending work: what is left, and the screen that follows it. */
export interface PendingLine {
  key: string;
  text: string;
  link: { label: string; to: string };
}

/**
 * V1 work left in the current round, from the dashboard's progress: collaborators still to be
 * evaluated (assigned − evaluated, with the dashboard's display rule) and the evaluators they wait on.
 */
export function v1Pending(progress: readonly EvaluatorProgress[]): {
  evaluators: number;
  collaborators: number;
} {
  let evaluators = 0;
  let collaborators = 0;
  for (const p of progress) {
    const assigned = Math.max(0, p.assigned);
    const left = assigned - Math.min(Math.max(0, p.evaluated), assigned);
    if (left > 0) {
      evaluators += 1;
      collaborators += left;
    }
  }
  return { evaluators, collaborators };
}

/**
 * What is pending, in order: the V1 round, then each open 360 evaluation with assignments not yet
 * answered (newest first, as listed). A part not loaded (undefined) gives no line.
 */
export function pendingLines(
  progress: readonly EvaluatorProgress[] | undefined,
  evaluations: readonly V2Evaluation[] | undefined,
): PendingLine[] {
  const lines: PendingLine[] = [];
  const v1 = progress ? v1Pending(progress) : undefined;
  if (v1 && v1.collaborators > 0)
    lines.push({
      key: 'v1',
      text: t.v1Pending(v1.evaluators, v1.collaborators),
      link: { label: t.v1Link, to: '/dashboard' },
    });
  for (const e of evaluations ?? []) {
    const pending = Math.max(0, e.assignment_count - e.completed_count);
    if (!v2EvaluationAllows(e.status).answer || pending === 0) continue;
    lines.push({
      key: `v2-${e.id}`,
      text: t.v2Pending(e.name, e.period, pending, e.assignment_count),
      link: { label: t.v2Link(e.name), to: `/evaluations-v2/${e.id}/results` },
    });
  }
  return lines;
}

/**
 * An evaluator's or a collaborator's own pending work (GET /api/home/pending), one line per round
 * with its due date, each linked to the screen where it is done.
 */
export function myPendingLines(pending: MyPending | undefined): PendingLine[] {
  if (!pending) return [];
  const due = (day: string | null) => (day === null ? '' : t.due(formatDay(day)));
  return [
    ...pending.v1.map((w) => ({
      key: `v1-${w.evaluation_id}`,
      text: t.myV1(w.evaluation_name, w.pending) + due(w.due_date),
      link: { label: t.myV1Link, to: '/evaluation-form' },
    })),
    ...pending.v2.map((w) => ({
      key: `v2-${w.evaluation_id}`,
      text: t.myV2(w.evaluation_name, w.pending) + due(w.due_date),
      link: { label: t.myV2Link, to: '/evaluation-form-v2' },
    })),
    ...pending.nominations_to_make.map((n) => ({
      key: `nominate-${n.evaluation_id}`,
      text: t.toNominate(n.evaluation_name),
      link: { label: t.nominationsLink, to: '/nominaciones' },
    })),
    ...(pending.nominations_to_approve > 0
      ? [
          {
            key: 'approve',
            text: t.toApprove(pending.nominations_to_approve),
            link: { label: t.nominationsLink, to: '/nominaciones' },
          },
        ]
      : []),
  ];
}
