import { V2_EVALUATION_MESSAGES as M } from '@evalua/contracts';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import {
  SUM_ERROR,
  complement,
  createDefaults,
  createErrorMessage,
  createResolver,
  weightNumber,
  type CreateFormValues,
} from './create-form';

const options: ResolverOptions<CreateFormValues> = { fields: {}, shouldUseNativeValidation: false };
const resolve = async (values: Partial<CreateFormValues>) =>
  createResolver({ ...createDefaults(), ...values }, undefined, options);

describe('createDefaults', () => {
  it('starts from a template, in the current quarter, weights 50/50, no self-evaluation', () => {
    const now = new Date();
    expect(createDefaults()).toEqual({
      source: 'template',
      template_id: null,
      name: '',
      period: `Q${Math.floor(now.getMonth() / 3) + 1}-${now.getFullYear()}`,
      weight_competencies: 50,
      weight_objectives: 50,
      allow_self: false,
      save_as_template: false,
      due_date: '',
    });
  });
});

describe('weights', () => {
  it('reads an emptied input as 0 and a typed one as its number', () => {
    expect(weightNumber('')).toBe(0);
    expect(weightNumber('37.5')).toBe(37.5);
    expect(weightNumber(40)).toBe(40);
  });

  it('completes the other weight to 100, clamped, with two decimals at most', () => {
    expect(complement(30)).toBe(70);
    expect(complement(33.333)).toBe(66.67);
    expect(complement(120)).toBe(0);
    expect(complement(-5)).toBe(100);
  });
});

describe('createResolver', () => {
  it('sends a blank draft through the blank call, trimmed, with save_as_template', async () => {
    const result = await resolve({
      source: 'blank',
      name: ' 360 docentes ',
      period: 'Q1-2026',
      weight_competencies: 70,
      weight_objectives: '30',
      allow_self: true,
      save_as_template: true,
    });
    expect(result).toEqual({
      errors: {},
      values: {
        kind: 'blank',
        body: {
          name: '360 docentes',
          period: 'Q1-2026',
          weights: { weight_competencies: 70, weight_objectives: 30 },
          allow_self: true,
          save_as_template: true,
        },
      },
    });
  });

  it('sends a chosen due date (YYYY-MM-DD) with either call, and none when left empty', async () => {
    const blank = await resolve({ source: 'blank', name: 'A', due_date: '2026-12-05' });
    expect(blank.values).toMatchObject({ kind: 'blank', body: { due_date: '2026-12-05' } });
    const fromTemplate = await resolve({ template_id: '4', name: 'B', due_date: '2026-12-05' });
    expect(fromTemplate.values).toMatchObject({ kind: 'template', body: { due_date: '2026-12-05' } });
    const none = await resolve({ source: 'blank', name: 'C', due_date: '' });
    expect(none.values).not.toHaveProperty('body.due_date');
  });

  it('gives the contract’s sentence to a day that does not exist', async () => {
    const result = await resolve({ source: 'blank', name: 'A', due_date: '2026-02-30' });
    expect(result.errors.due_date?.message).toBe('La fecha límite no es válida (AAAA-MM-DD).');
  });

  it('sends a template draft through the from-template call, without save_as_template', async () => {
    const result = await resolve({ template_id: '4', name: 'Copia', save_as_template: true });
    expect(result.values).toEqual({
      kind: 'template',
      body: {
        template_id: 4,
        name: 'Copia',
        period: createDefaults().period,
        weights: { weight_competencies: 50, weight_objectives: 50 },
        allow_self: false,
      },
    });
  });

  it('requires the template when the source is a template, with the contract’s sentences', async () => {
    const result = await resolve({ name: '' });
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      template_id: { type: 'invalid_type', message: M.templateRequired },
      name: { type: 'too_small', message: M.nameRequired },
    });
  });

  it('shows the sum’s sentence once, under the objectives weight', async () => {
    const result = await resolve({
      source: 'blank',
      name: 'X',
      weight_competencies: 60,
      weight_objectives: 60,
    });
    expect(result.errors).toEqual({ weight_objectives: { type: SUM_ERROR, message: M.weightsSum } });
  });

  it('counts an emptied weight as missing, not as 0', async () => {
    const result = await resolve({
      source: 'blank',
      name: 'X',
      weight_competencies: '',
      weight_objectives: 100,
    });
    expect(result.errors).toEqual({
      weight_competencies: { type: 'invalid_type', message: M.weightRange },
    });
  });
});

describe('createErrorMessage', () => {
  it('shows the server’s sentence for a 4xx and the client’s CSRF sentences', () => {
    expect(
      createErrorMessage(new ApiError(409, 'DUPLICATE_NAME', 'Ya existe una plantilla con ese nombre.')),
    ).toBe('Ya existe una plantilla con ese nombre.');
    expect(createErrorMessage(new ApiError(0, 'CSRF_FETCH', 'No se pudo preparar la sesión.'))).toBe(
      'No se pudo preparar la sesión.',
    );
  });

  it('says “Error al crear evaluación” otherwise', () => {
    expect(createErrorMessage(new ApiError(500, 'INTERNAL_ERROR', 'Error interno.'))).toBe(
      'Error al crear evaluación',
    );
    expect(createErrorMessage(new ApiError(0, 'NETWORK', 'Sin conexión.'))).toBe('Error al crear evaluación');
    expect(createErrorMessage(new Error('x'))).toBe('Error al crear evaluación');
  });
});
