import type { V2Item } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_ANSWER,
  NO,
  YES,
  answerProblem,
  answerValue,
  buildAnswers,
  draftProblems,
  emptyDraft,
  fieldOf,
  type DraftAnswer,
} from './answers';

type Item = Pick<V2Item, 'id' | 'type' | 'scale_min' | 'scale_max'>;
const rating: Item = { id: 11, type: 'rating', scale_min: 1, scale_max: 5 };
const yesNo: Item = { id: 12, type: 'yes_no', scale_min: 1, scale_max: 5 };
const status3: Item = { id: 13, type: 'status_3', scale_min: 1, scale_max: 5 };
const text: Item = { id: 14, type: 'text', scale_min: 1, scale_max: 5 };
const items = [rating, yesNo, status3, text];

const draft = (value: string, extra: Partial<DraftAnswer> = {}): DraftAnswer => ({
  ...EMPTY_ANSWER,
  value,
  ...extra,
});

describe('the form fields', () => {
  it('names each question q<id> and starts every answer empty', () => {
    expect(fieldOf(rating)).toBe('q11');
    expect(emptyDraft([rating, text])).toEqual({
      q11: { value: '', na: false, comment: '' },
      q14: { value: '', na: false, comment: '' },
    });
  });
});

describe('answerValue', () => {
  it('turns the form’s text into the value the server takes, null while unanswered', () => {
    expect(answerValue('rating', '4')).toBe(4);
    expect(answerValue('rating', '')).toBeNull();
    expect(answerValue('yes_no', YES)).toBe(true);
    expect(answerValue('yes_no', NO)).toBe(false);
    expect(answerValue('yes_no', '')).toBeNull();
    expect(answerValue('status_3', 'proceso')).toBe('proceso');
    expect(answerValue('status_3', '')).toBeNull();
    expect(answerValue('text', '  Bien  ')).toBe('Bien');
  });
});

describe('answerProblem', () => {
  it('says what the server would of an unanswered question, by its type and place', () => {
    expect(answerProblem(rating, 1, draft(''))).toBe(
      'La pregunta 1 debe calificarse con un número entero del 1 al 5.',
    );
    expect(answerProblem(yesNo, 2, draft(''))).toBe('La pregunta 2 debe responderse con sí o no.');
    expect(answerProblem(status3, 3, draft(''))).toBe(
      'La pregunta 3 debe responderse con Logrado, En proceso o No logrado.',
    );
    expect(answerProblem(text, 4, draft('   '))).toBe(
      'La pregunta 4 necesita una respuesta escrita (o márcala como N/A).',
    );
  });

  it('refuses a rating off the scale and a written answer over 2000 characters', () => {
    expect(answerProblem(rating, 1, draft('6'))).toBe(
      'La pregunta 1 debe calificarse con un número entero del 1 al 5.',
    );
    expect(answerProblem(rating, 1, draft('2.5'))).toBe(
      'La pregunta 1 debe calificarse con un número entero del 1 al 5.',
    );
    expect(answerProblem(text, 4, draft('a'.repeat(2001)))).toBe(
      'La respuesta a la pregunta 4 admite como máximo 2000 caracteres.',
    );
  });

  it('accepts a valid answer, and any question marked N/A', () => {
    expect(answerProblem(rating, 1, draft('5'))).toBeNull();
    expect(answerProblem(yesNo, 2, draft(NO))).toBeNull();
    expect(answerProblem(status3, 3, draft('no_logrado'))).toBeNull();
    expect(answerProblem(text, 4, draft(` ${'a'.repeat(2000)} `))).toBeNull();
    expect(answerProblem(rating, 1, draft('', { na: true }))).toBeNull();
  });
});

describe('draftProblems', () => {
  it('gives each question’s problem by field, numbered in the form’s order', () => {
    const d = { ...emptyDraft(items), q11: draft('3'), q14: draft('', { na: true }) };
    expect(draftProblems(items, d)).toEqual({
      q12: 'La pregunta 2 debe responderse con sí o no.',
      q13: 'La pregunta 3 debe responderse con Logrado, En proceso o No logrado.',
    });
  });

  it('is empty when every question is answered or N/A', () => {
    const d = { q11: draft('3'), q12: draft(YES), q13: draft('logrado'), q14: draft('Muy bien') };
    expect(draftProblems(items, d)).toEqual({});
  });
});

describe('buildAnswers', () => {
  it('sends each answer typed, N/A as "na" with skip, and the comment trimmed or null', () => {
    const d = {
      q11: draft('4', { comment: '  Constante  ' }),
      q12: draft(NO),
      q13: draft('logrado', { comment: '   ' }),
      q14: draft('ignored', { na: true, comment: 'No aplica a su puesto' }),
    };
    expect(buildAnswers(items, d)).toEqual([
      { item_id: 11, type: 'rating', value: 4, skip: false, comment: 'Constante' },
      { item_id: 12, type: 'yes_no', value: false, skip: false, comment: null },
      { item_id: 13, type: 'status_3', value: 'logrado', skip: false, comment: null },
      { item_id: 14, type: 'text', value: 'na', skip: true, comment: 'No aplica a su puesto' },
    ]);
  });

  it('treats a question missing from the draft as unanswered', () => {
    expect(buildAnswers([text], {})).toEqual([
      { item_id: 14, type: 'text', value: '', skip: false, comment: null },
    ]);
  });
});
