import { describe, expect, it } from 'vitest';
import { checkV2Answer, type V2CheckedItem } from './v2-answer-rule';

const rating: V2CheckedItem = { type: 'rating', scale_min: 1, scale_max: 5 };
const yesNo: V2CheckedItem = { type: 'yes_no', scale_min: 1, scale_max: 5 };
const status3: V2CheckedItem = { type: 'status_3', scale_min: 1, scale_max: 5 };
const text: V2CheckedItem = { type: 'text', scale_min: 1, scale_max: 5 };

describe('checkV2Answer', () => {
  it('accepts a rating within the scale and refuses the rest with the scale in the sentence', () => {
    expect(checkV2Answer(rating, 1, { value: 1, skip: false })).toEqual({ ok: true, value: 1, skip: false });
    expect(checkV2Answer(rating, 1, { value: 5, skip: false })).toEqual({ ok: true, value: 5, skip: false });
    const refused = {
      ok: false,
      message: 'La pregunta 2 debe calificarse con un número entero del 1 al 5.',
      field: 'value',
    };
    for (const value of [0, 6, 2.5, '3', null, undefined, Number.NaN]) {
      expect(checkV2Answer(rating, 2, { value, skip: false })).toEqual(refused);
    }
  });

  it('takes the bounds of the item’s own scale', () => {
    const zeroToTen: V2CheckedItem = { type: 'rating', scale_min: 0, scale_max: 10 };
    expect(checkV2Answer(zeroToTen, 4, { value: 0, skip: false })).toEqual({
      ok: true,
      value: 0,
      skip: false,
    });
    expect(checkV2Answer(zeroToTen, 4, { value: 11, skip: false })).toEqual({
      ok: false,
      message: 'La pregunta 4 debe calificarse con un número entero del 0 al 10.',
      field: 'value',
    });
  });

  it('wants a boolean for yes_no', () => {
    expect(checkV2Answer(yesNo, 3, { value: false, skip: false })).toEqual({
      ok: true,
      value: false,
      skip: false,
    });
    expect(checkV2Answer(yesNo, 3, { value: 'true', skip: false })).toEqual({
      ok: false,
      message: 'La pregunta 3 debe responderse con sí o no.',
      field: 'value',
    });
    expect(checkV2Answer(yesNo, 3, { value: null, skip: false })).toEqual({
      ok: false,
      message: 'La pregunta 3 debe responderse con sí o no.',
      field: 'value',
    });
  });

  it('wants one of the three lowercase levels for status_3', () => {
    expect(checkV2Answer(status3, 1, { value: 'no_logrado', skip: false })).toEqual({
      ok: true,
      value: 'no_logrado',
      skip: false,
    });
    for (const value of ['Logrado', '', 'hecho', 1]) {
      expect(checkV2Answer(status3, 1, { value, skip: false })).toEqual({
        ok: false,
        message: 'La pregunta 1 debe responderse con Logrado, En proceso o No logrado.',
        field: 'value',
      });
    }
  });

  it('trims a written answer, refuses an empty one and one over 2000 characters', () => {
    expect(checkV2Answer(text, 5, { value: '  Muy bien \n', skip: false })).toEqual({
      ok: true,
      value: 'Muy bien',
      skip: false,
    });
    for (const value of ['   ', '', null, 7]) {
      expect(checkV2Answer(text, 5, { value, skip: false })).toEqual({
        ok: false,
        message: 'La pregunta 5 necesita una respuesta escrita (o márcala como N/A).',
        field: 'value',
      });
    }
    expect(checkV2Answer(text, 5, { value: ` ${'a'.repeat(2000)} `, skip: false })).toEqual({
      ok: true,
      value: 'a'.repeat(2000),
      skip: false,
    });
    expect(checkV2Answer(text, 5, { value: 'a'.repeat(2001), skip: false })).toEqual({
      ok: false,
      message: 'La respuesta a la pregunta 5 admite como máximo 2000 caracteres.',
      field: 'value',
    });
  });

  it('stores N/A as "na" whatever the type, and refuses another value with it', () => {
    for (const value of ['na', null, undefined]) {
      expect(checkV2Answer(rating, 6, { value, skip: true })).toEqual({ ok: true, value: 'na', skip: true });
    }
    expect(checkV2Answer(text, 6, { value: 'algo', skip: true })).toEqual({
      ok: false,
      message: 'La pregunta 6 está marcada como N/A: su valor debe ser "na".',
      field: 'value',
    });
  });

  it('refuses a type other than the item’s, on the type field, before anything else', () => {
    expect(checkV2Answer(rating, 7, { type: 'yes_no', value: true, skip: false })).toEqual({
      ok: false,
      message: 'La respuesta a la pregunta 7 no es del tipo de esa pregunta.',
      field: 'type',
    });
    expect(checkV2Answer(rating, 7, { type: 'text', value: 'na', skip: true })).toEqual({
      ok: false,
      message: 'La respuesta a la pregunta 7 no es del tipo de esa pregunta.',
      field: 'type',
    });
    expect(checkV2Answer(rating, 7, { type: 'rating', value: 3, skip: false })).toEqual({
      ok: true,
      value: 3,
      skip: false,
    });
  });
});
