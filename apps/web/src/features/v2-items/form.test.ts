import { V2_ITEM_MESSAGES, type V2Item, type V2Scale } from '@evalua/contracts';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  blankItem,
  itemsResolver,
  scaleFieldsFor,
  sectionLabel,
  toFormValue,
  typeLabel,
  type ItemFormValue,
  type ItemsFormValues,
} from './form';

const options: ResolverOptions<ItemsFormValues> = { fields: {}, shouldUseNativeValidation: false };
const resolve = async (items: ItemFormValue[]) => itemsResolver({ items }, undefined, options);

const stored: V2Item = {
  id: 7,
  question_text: 'Planifica sus clases.',
  type: 'rating',
  section: 'objective',
  weight: 2.5,
  scale_id: 3,
  scale_min: 1,
  scale_max: 4,
  scale_labels: ['Insatisfactorio', 'En desarrollo', 'Competente', 'Destacado'],
  position: 0,
};

describe('labels', () => {
  it('names each type and section in Spanish', () => {
    expect(typeLabel('status_3')).toBe('Estado (3 niveles)');
    expect(typeLabel('yes_no')).toBe('Sí/No');
    expect(sectionLabel('competency')).toBe('Competencias');
    expect(sectionLabel('objective')).toBe('Objetivos');
  });
});

describe('toFormValue and blankItem', () => {
  it('holds a stored item as the inputs do: its id apart, the scale id as text', () => {
    expect(toFormValue(stored)).toEqual({
      itemId: 7,
      question_text: 'Planifica sus clases.',
      type: 'rating',
      section: 'objective',
      weight: 2.5,
      scale_id: '3',
      scale_min: 1,
      scale_max: 4,
      scale_labels: ['Insatisfactorio', 'En desarrollo', 'Competente', 'Destacado'],
    });
    expect(toFormValue({ ...stored, scale_id: null }).scale_id).toBe('');
  });

  it('starts a new item as a rating of Competencias, weight 1, scale 1-5 without labels', () => {
    expect(blankItem()).toEqual({
      itemId: null,
      question_text: '',
      type: 'rating',
      section: 'competency',
      weight: 1,
      scale_id: '',
      scale_min: 1,
      scale_max: 5,
      scale_labels: [],
    });
  });
});

describe('scaleFieldsFor', () => {
  it('takes the chosen scale’s bounds and labels, or the default 1-5 without one', () => {
    const scale: V2Scale = {
      id: 2,
      name: 'Acuerdo',
      min_value: 0,
      max_value: 2,
      labels: ['No', 'Algo', 'Sí'],
    };
    expect(scaleFieldsFor(scale)).toEqual({
      scale_id: '2',
      scale_min: 0,
      scale_max: 2,
      scale_labels: ['No', 'Algo', 'Sí'],
    });
    expect(scaleFieldsFor(undefined)).toEqual({ scale_id: '', scale_min: 1, scale_max: 5, scale_labels: [] });
  });
});

describe('itemsResolver', () => {
  it('sends every item with its place as position; a non-rating item carries no scale', async () => {
    const result = await resolve([
      toFormValue(stored),
      { ...blankItem(), question_text: ' Llega a tiempo. ', type: 'yes_no', weight: '0.25', scale_id: '3' },
    ]);
    expect(result).toEqual({
      errors: {},
      values: {
        items: [
          {
            id: 7,
            question_text: 'Planifica sus clases.',
            type: 'rating',
            section: 'objective',
            weight: 2.5,
            scale_id: 3,
            scale_min: 1,
            scale_max: 4,
            scale_labels: ['Insatisfactorio', 'En desarrollo', 'Competente', 'Destacado'],
            position: 0,
          },
          {
            question_text: 'Llega a tiempo.',
            type: 'yes_no',
            section: 'competency',
            weight: 0.25,
            scale_id: null,
            scale_min: 1,
            scale_max: 5,
            scale_labels: [],
            position: 1,
          },
        ],
      },
    });
  });

  it('gives each field the contract’s sentence, on the item it belongs to', async () => {
    const result = await resolve([toFormValue(stored), { ...blankItem(), question_text: '  ', weight: '' }]);
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      items: [
        undefined,
        {
          question_text: { type: 'too_small', message: V2_ITEM_MESSAGES.textRequired },
          weight: { type: 'invalid_type', message: V2_ITEM_MESSAGES.weightInvalid },
        },
      ],
    });
  });

  it('refuses a rating item without a scale whose minimum is not below its maximum', async () => {
    const result = await resolve([{ ...blankItem(), question_text: 'Q', scale_min: 4, scale_max: 4 }]);
    expect(result.errors).toEqual({
      items: [{ scale_min: { type: 'custom', message: V2_ITEM_MESSAGES.scaleOrder } }],
    });
  });
});
