import type { Evaluation, QuestionBank } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import {
  bankReady,
  bankSharedWith,
  closingQuestion,
  draftReason,
  openInCategory,
  openingQuestion,
  sharedBankNotice,
} from './opening';

const ev = (over: Partial<Evaluation>): Evaluation => ({
  id: 1,
  name: 'Docentes 2025',
  period: '2025',
  weight_objectives: 40,
  weight_competencies: 60,
  category_id: 1,
  question_bank_id: 10,
  category_name: 'Docentes',
  question_bank_name: 'Banco docente',
  status: 'abierta',
  due_date: null,
  release_mode: 'al_enviar',
  released_at: null,
  ...over,
});

const list = [
  ev({}),
  ev({ id: 2, name: 'Docentes 2024', status: 'cerrada' }),
  ev({ id: 3, name: 'Apoyo 2025', category_id: 2, category_name: 'Apoyo', question_bank_id: 10 }),
  ev({
    id: 4,
    name: 'Admin',
    category_id: 3,
    category_name: 'Administración',
    question_bank_id: 10,
    status: 'borrador',
  }),
];

const banks: QuestionBank[] = [
  { id: 10, name: 'Banco docente', description: null, question_count: 3 },
  { id: 11, name: 'Vacío', description: null, question_count: 0 },
];

describe('openInCategory', () => {
  it('finds the open one of the category, leaving the evaluation itself out', () => {
    expect(openInCategory(list, 1)?.id).toBe(1);
    expect(openInCategory(list, 1, 1)).toBeUndefined();
    expect(openInCategory(list, 3)).toBeUndefined();
  });
});

describe('openingQuestion', () => {
  it('asks only when another evaluation of the category is open, naming both', () => {
    expect(openingQuestion(list, { name: 'Docentes 2026', category_id: 1, category_name: 'Docentes' })).toBe(
      'La categoría «Docentes» ya tiene abierta la evaluación «Docentes 2025». Si abres «Docentes 2026», ' +
        '«Docentes 2025» se cerrará: sus resultados se conservan en Reportes e Historial, y los evaluadores ' +
        'pasarán a evaluar a todos sus colaboradores de esta categoría con «Docentes 2026». ¿Continuar?',
    );
    expect(
      openingQuestion(list, { id: 1, name: 'Docentes 2025', category_id: 1, category_name: 'Docentes' }),
    ).toBeNull();
    expect(openingQuestion(list, { name: 'X', category_id: 3, category_name: 'Administración' })).toBeNull();
  });
});

describe('bankSharedWith and sharedBankNotice', () => {
  it('names the other categories using the bank, once each', () => {
    expect(bankSharedWith(list, 10, 1)).toEqual(['Administración', 'Apoyo']);
    expect(bankSharedWith(list, 10, 2)).toEqual(['Administración', 'Docentes']);
    expect(bankSharedWith(list, 11, 1)).toEqual([]);
    expect(bankSharedWith(list, null, 1)).toEqual([]);
  });

  it('says it in one sentence, singular or plural', () => {
    expect(sharedBankNotice([])).toBeNull();
    expect(sharedBankNotice(['Apoyo'])).toMatch(/^Este banco también lo usa la categoría «Apoyo»: /);
    expect(sharedBankNotice(['Apoyo', 'Docentes'])).toMatch(
      /^Este banco también lo usan? las categorías «Apoyo», «Docentes»: /,
    );
  });
});

describe('draftReason and bankReady', () => {
  it('says why an evaluation will be a draft: no bank, or a bank with no questions', () => {
    expect(bankReady(banks, 10)).toBe(true);
    expect(bankReady(banks, 11)).toBe(false);
    expect(bankReady(banks, null)).toBe(false);
    expect(draftReason(banks, 10)).toBeNull();
    expect(draftReason(banks, 11)).toBe(
      'El banco elegido no tiene preguntas: la evaluación se guardará como borrador.',
    );
    expect(draftReason(banks, null)).toBe('Sin banco de preguntas, la evaluación se guardará como borrador.');
  });
});

describe('closingQuestion', () => {
  it('says what closing keeps', () => {
    expect(closingQuestion('Docentes 2025')).toBe(
      'La evaluación «Docentes 2025» se cerrará: ya no recibirá evaluaciones y sus resultados se conservan en Reportes e Historial.',
    );
  });
});
