import type { Evaluation } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import {
  newEvaluationValues,
  parseEvaluationId,
  resolveEvaluation,
  toFormValues,
  weightTotal,
  type EvaluationFormValues,
} from './evaluation-form';

const filled: EvaluationFormValues = {
  name: ' Desempeño docente ',
  period: '2026',
  weight_competencies: 60,
  weight_objectives: '40',
  category_id: '3',
  question_bank_id: null,
  due_date: '',
  release_mode: 'al_publicar',
};

describe('resolveEvaluation', () => {
  it('gives the contract body for valid inputs: trimmed name, numeric weights and ids', () => {
    expect(resolveEvaluation(filled)).toEqual({
      values: {
        name: 'Desempeño docente',
        period: '2026',
        weight_competencies: 60,
        weight_objectives: 40,
        category_id: 3,
        question_bank_id: null,
        due_date: null,
        release_mode: 'al_publicar',
      },
      errors: {},
    });
  });

  it('sends a chosen due date as YYYY-MM-DD and an emptied one as null (none)', () => {
    expect(resolveEvaluation({ ...filled, due_date: '2026-12-05' }).values).toMatchObject({
      due_date: '2026-12-05',
    });
    expect(resolveEvaluation({ ...filled, due_date: '' }).values).toMatchObject({ due_date: null });
  });

  it('refuses a day that does not exist with the contract’s sentence', () => {
    expect(resolveEvaluation({ ...filled, due_date: '2026-02-30' }).errors.due_date?.message).toBe(
      'La fecha límite no es válida (AAAA-MM-DD).',
    );
  });

  it('puts the sum message on weight_objectives when the weights do not add up to 100', () => {
    const result = resolveEvaluation({ ...filled, weight_objectives: 30 });
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      weight_objectives: { type: 'custom', message: 'La suma de los porcentajes debe ser igual a 100%.' },
    });
  });

  it('treats an emptied weight as missing (the range message), not as 0', () => {
    const result = resolveEvaluation({ ...filled, weight_competencies: '' });
    expect(result.errors.weight_competencies?.message).toBe('Cada porcentaje debe estar entre 0 y 100.');
  });

  it('gives each field its first message: name and category required', () => {
    const result = resolveEvaluation({ ...filled, name: '  ', category_id: null });
    expect(result.errors.name?.message).toBe('El nombre es obligatorio.');
    expect(result.errors.category_id?.message).toBe('La categoría es obligatoria.');
    expect(Object.keys(result.errors).sort()).toEqual(['category_id', 'name']);
  });
});

describe('weightTotal', () => {
  it('adds numbers and numeric texts', () => {
    expect(weightTotal(60, '40')).toBe(100);
    expect(weightTotal('12.5', 50)).toBe(62.5);
  });

  it('counts an emptied or unreadable weight as 0', () => {
    expect(weightTotal('', 70)).toBe(70);
    expect(weightTotal('abc', '')).toBe(0);
  });
});

describe('newEvaluationValues', () => {
  it('starts at 50/50 with the given year as period, nothing chosen, results released by HR', () => {
    expect(newEvaluationValues(new Date(2031, 5, 1))).toEqual({
      name: '',
      period: '2031',
      weight_competencies: 50,
      weight_objectives: 50,
      category_id: null,
      question_bank_id: null,
      due_date: '',
      release_mode: 'al_publicar',
    });
  });
});

describe('toFormValues', () => {
  const evaluation: Evaluation = {
    id: 7,
    name: 'Personal de apoyo',
    period: '2025',
    weight_objectives: 30,
    weight_competencies: 70,
    category_id: 2,
    question_bank_id: 5,
    category_name: 'Apoyo',
    question_bank_name: 'Banco apoyo',
    status: 'abierta',
    due_date: '2026-12-05',
    release_mode: 'al_enviar',
    released_at: null,
  };

  it('turns the ids into the selects’ texts and keeps its release mode', () => {
    expect(toFormValues(evaluation)).toEqual({
      name: 'Personal de apoyo',
      period: '2025',
      weight_competencies: 70,
      weight_objectives: 30,
      category_id: '2',
      question_bank_id: '5',
      due_date: '2026-12-05',
      release_mode: 'al_enviar',
    });
  });

  it('keeps a missing bank as null', () => {
    expect(
      toFormValues({ ...evaluation, question_bank_id: null, question_bank_name: null }).question_bank_id,
    ).toBe(null);
  });
});

describe('parseEvaluationId', () => {
  it('reads a positive integer', () => {
    expect(parseEvaluationId('12')).toBe(12);
  });

  it('refuses anything else', () => {
    expect(parseEvaluationId(undefined)).toBeNull();
    expect(parseEvaluationId('0')).toBeNull();
    expect(parseEvaluationId('-3')).toBeNull();
    expect(parseEvaluationId('1.5')).toBeNull();
    expect(parseEvaluationId('abc')).toBeNull();
  });
});
