import type { V2Item } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import {
  draftAnswers,
  draftFromSaved,
  draftKey,
  emptyDraft,
  fieldOf,
  progressOf,
  progressText,
  sameWeights,
} from './answers';

const item = (id: number, type: V2Item['type'], weight = 1): V2Item => ({
  id,
  question_text: `Pregunta ${id}`,
  type,
  section: 'competency',
  weight,
  scale_id: null,
  scale_min: 1,
  scale_max: 5,
  scale_labels: [],
  position: id,
});
const ITEMS = [item(1, 'rating'), item(2, 'yes_no'), item(3, 'status_3'), item(4, 'text')];

describe('360 drafts in the form', () => {
  it('turns the form into a draft: every question, unanswered ones null, N/A as na, comments trimmed', () => {
    const draft = emptyDraft(ITEMS);
    draft[fieldOf(ITEMS[0]!)] = { value: '4', na: false, comment: '  Bien ' };
    draft[fieldOf(ITEMS[1]!)] = { value: 'false', na: false, comment: '' };
    draft[fieldOf(ITEMS[2]!)] = { value: 'logrado', na: true, comment: '' };
    draft[fieldOf(ITEMS[3]!)] = { value: '   ', na: false, comment: '' };
    expect(draftAnswers(ITEMS, draft)).toEqual([
      { item_id: 1, value: 4, skip: false, comment: 'Bien' },
      { item_id: 2, value: false, skip: false, comment: null },
      { item_id: 3, value: 'na', skip: true, comment: null },
      { item_id: 4, value: null, skip: false, comment: null },
    ]);
  });

  it('merges a saved draft into the form: known questions filled, new ones empty, old ones dropped', () => {
    const form = draftFromSaved(ITEMS, [
      { item_id: 1, value: 3, skip: false, comment: 'Ok' },
      { item_id: 2, value: true, skip: false, comment: null },
      { item_id: 3, value: 'na', skip: true, comment: 'No lo vi' },
      { item_id: 99, value: 5, skip: false, comment: null },
    ]);
    expect(form).toEqual({
      q1: { value: '3', na: false, comment: 'Ok' },
      q2: { value: 'true', na: false, comment: '' },
      q3: { value: '', na: true, comment: 'No lo vi' },
      q4: { value: '', na: false, comment: '' },
    });
    // What comes back saves as what was saved (no change to save again).
    const again = draftFromSaved(ITEMS, draftAnswers(ITEMS, form));
    expect(draftKey(ITEMS, again)).toBe(draftKey(ITEMS, form));
  });

  it('counts answered questions, N/A included, and says so', () => {
    const draft = emptyDraft(ITEMS);
    expect(progressOf(ITEMS, draft)).toEqual({ answered: 0, total: 4 });
    draft.q1 = { value: '5', na: false, comment: '' };
    draft.q3 = { value: '', na: true, comment: '' };
    draft.q4 = { value: '  ', na: false, comment: 'comentario' };
    const progress = progressOf(ITEMS, draft);
    expect(progress).toEqual({ answered: 2, total: 4 });
    expect(progressText(progress)).toBe('2 de 4 respondidas');
    expect(progressText({ answered: 7, total: 10 })).toBe('7 de 10 respondidas');
  });

  it('tells when every question weighs the same', () => {
    expect(sameWeights(ITEMS)).toBe(true);
    expect(sameWeights([item(1, 'rating', 2), item(2, 'rating', 1)])).toBe(false);
    expect(sameWeights([])).toBe(true);
  });
});
