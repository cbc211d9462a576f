import { describe, expect, it } from 'vitest';
import {
  v2BulkAssignSchema,
  v2EvaluateeChangeSchema,
  v2EvaluationCreateSchema,
  v2EvaluationPatchSchema,
  v2ItemsPutSchema,
} from './index';

const messages = (r: { error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('360 contracts', () => {
  it('creates with trimmed texts, weights summing to 100 and boolean defaults', () => {
    expect(
      v2EvaluationCreateSchema.parse({
        name: ' 360 ',
        period: ' Q4-2025 ',
        weights: { weight_objectives: '40', weight_competencies: 60 },
      }),
    ).toEqual({
      name: '360',
      period: 'Q4-2025',
      weights: { weight_objectives: 40, weight_competencies: 60 },
      allow_self: false,
      save_as_template: false,
    });
    const bad = v2EvaluationCreateSchema.safeParse({
      name: '',
      period: '',
      weights: { weight_objectives: 50, weight_competencies: 49.5 },
    });
    expect(messages(bad)).toEqual([
      'El nombre es obligatorio.',
      'El periodo es obligatorio.',
      'Los pesos deben sumar 100.',
    ]);
  });

  it('needs at least one change in a PATCH and a known status', () => {
    expect(messages(v2EvaluationPatchSchema.safeParse({}))).toEqual(['No hay cambios que guardar.']);
    expect(messages(v2EvaluationPatchSchema.safeParse({ status: 'paused' }))).toEqual([
      'El estado debe ser borrador, abierta o cerrada.',
    ]);
    expect(v2EvaluationPatchSchema.parse({ status: 'open' })).toEqual({ status: 'open' });
  });

  it('items: a new one needs text and type; weights take at most 2 decimals; ids appear once', () => {
    expect(messages(v2ItemsPutSchema.safeParse({ items: [{ weight: 1 }] }))).toEqual([
      'El texto de la pregunta es obligatorio.',
      'El tipo de ítem es obligatorio.',
    ]);
    // An item with an id may carry only what changes (the spec client's {id, type, weight, scale_id}).
    expect(
      v2ItemsPutSchema.parse({ items: [{ id: 3, type: 'yes_no', weight: '0.5', scale_id: '' }] }),
    ).toEqual({
      items: [{ id: 3, type: 'yes_no', weight: 0.5, scale_id: null }],
    });
    expect(v2ItemsPutSchema.safeParse({ items: [{ id: 1, weight: 0.01 }] }).success).toBe(true);
    expect(v2ItemsPutSchema.safeParse({ items: [{ id: 1, weight: 2.345 }] }).error?.issues[0]?.message).toBe(
      'El peso admite como máximo 2 decimales.',
    );
    expect(messages(v2ItemsPutSchema.safeParse({ items: [{ id: 1 }, { id: 1 }] }))).toEqual([
      'El ítem 1 aparece más de una vez en la lista.',
    ]);
    // null id means a new item.
    expect(messages(v2ItemsPutSchema.safeParse({ items: [{ id: null }] }))).toHaveLength(2);
  });

  it('batches: not empty, every entry complete, relations known', () => {
    expect(messages(v2BulkAssignSchema.safeParse({ evaluation_id: 1, assignments: [] }))).toEqual([
      'No hay asignaciones en el lote.',
    ]);
    expect(
      messages(
        v2BulkAssignSchema.safeParse({
          evaluation_id: 1,
          assignments: [{ evaluator_id: 1, relation: 'peer' }],
        }),
      ),
    ).toEqual(['Completa evaluator_id, evaluatee_id y relación.']);
    expect(
      messages(
        v2BulkAssignSchema.safeParse({
          evaluation_id: 1,
          assignments: [{ evaluator_id: 1, evaluatee_id: 2, relation: 'boss' }],
        }),
      ),
    ).toEqual(['La relación debe ser autoevaluación, jefe, par o colaborador directo.']);
    expect(v2EvaluateeChangeSchema.parse({ add: ['4'] })).toEqual({ add: [4], remove: [] });
  });
});

describe('currentQuarter', () => {
  it("writes the quarter like the spec's 'Q4-2025'", async () => {
    const { currentQuarter } = await import('./v2-evaluations');
    expect(currentQuarter(new Date(2025, 9, 1))).toBe('Q4-2025');
    expect(currentQuarter(new Date(2026, 0, 31))).toBe('Q1-2026');
    expect(currentQuarter(new Date(2026, 5, 30))).toBe('Q2-2026');
    expect(currentQuarter(new Date(2026, 6, 1))).toBe('Q3-2026');
  });
});
