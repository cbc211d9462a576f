import type { EvaluatorProgress, V2Evaluation } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { pendingLines, v1Pending } from './pending';

const progress = (evaluator_id: number, assigned: number, evaluated: number): EvaluatorProgress => ({
  evaluator_id,
  evaluator_name: `Evaluador ${evaluator_id}`,
  assigned,
  evaluated,
});

const evaluation = (
  id: number,
  status: V2Evaluation['status'],
  assignment_count: number,
  completed_count: number,
): V2Evaluation => ({
  id,
  name: `Clima ${id}`,
  period: 'Q4-2025',
  status,
  weight_objectives: 50,
  weight_competencies: 50,
  allow_self: false,
  template_id: null,
  item_count: 5,
  assignment_count,
  completed_count,
  created_at: '2025-10-01T12:00:00.000Z',
  due_date: null,
});

describe('v1Pending', () => {
  it('adds up assigned − evaluated and counts the evaluators with someone left', () => {
    expect(v1Pending([progress(1, 5, 2), progress(2, 3, 3), progress(3, 4, 0)])).toEqual({
      evaluators: 2,
      collaborators: 7,
    });
  });

  it("follows the dashboard's display rule: assigned ≥ 0, evaluated within [0, assigned]", () => {
    expect(v1Pending([progress(1, 2, 5), progress(2, -1, 0), progress(3, 2, -3)])).toEqual({
      evaluators: 1,
      collaborators: 2,
    });
    expect(v1Pending([])).toEqual({ evaluators: 0, collaborators: 0 });
  });
});

describe('pendingLines', () => {
  it('writes the V1 round in singular and plural and links it to the dashboard', () => {
    expect(pendingLines([progress(1, 1, 0)], [])).toEqual([
      {
        key: 'v1',
        text: 'Evaluaciones V1 en curso: 1 evaluador tiene 1 colaborador por evaluar.',
        link: { label: 'Ver el avance en el Dashboard', to: '/dashboard' },
      },
    ]);
    expect(pendingLines([progress(1, 4, 1), progress(2, 9, 0)], [])[0]?.text).toBe(
      'Evaluaciones V1 en curso: 2 evaluadores tienen 12 colaboradores por evaluar.',
    );
    expect(pendingLines([progress(1, 4, 2)], [])[0]?.text).toBe(
      'Evaluaciones V1 en curso: 1 evaluador tiene 2 colaboradores por evaluar.',
    );
  });

  it('lists each open 360 evaluation with unanswered assignments, linked to its progress', () => {
    const lines = pendingLines(
      [],
      [
        evaluation(7, 'open', 10, 4),
        evaluation(6, 'open', 3, 3),
        evaluation(5, 'draft', 8, 0),
        evaluation(4, 'closed', 8, 2),
        evaluation(3, 'open', 1, 0),
        evaluation(2, 'open', 0, 0),
      ],
    );
    expect(lines).toEqual([
      {
        key: 'v2-7',
        text: 'Evaluación 360 «Clima 7» (Q4-2025): 6 asignaciones pendientes de 10.',
        link: { label: 'Ver el avance de «Clima 7»', to: '/evaluations-v2/7/results' },
      },
      {
        key: 'v2-3',
        text: 'Evaluación 360 «Clima 3» (Q4-2025): 1 asignación pendiente de 1.',
        link: { label: 'Ver el avance de «Clima 3»', to: '/evaluations-v2/3/results' },
      },
    ]);
  });

  it('puts the V1 round first, and gives no line for a part not loaded or with nothing left', () => {
    const both = pendingLines([progress(1, 2, 1)], [evaluation(9, 'open', 2, 1)]);
    expect(both.map((l) => l.key)).toEqual(['v1', 'v2-9']);
    expect(pendingLines(undefined, [evaluation(9, 'open', 2, 1)]).map((l) => l.key)).toEqual(['v2-9']);
    expect(pendingLines([progress(1, 2, 1)], undefined).map((l) => l.key)).toEqual(['v1']);
    expect(pendingLines([progress(1, 3, 3)], [evaluation(9, 'open', 2, 2)])).toEqual([]);
    expect(pendingLines(undefined, undefined)).toEqual([]);
  });
});
