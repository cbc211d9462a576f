import { describe, expect, it } from 'vitest';
import {
  fullSubmitSchema,
  missingAnswersMessage,
  progressPercent,
  trainingReportSchema,
  trainingSummary,
} from './index';

const valid = {
  evaluation_id: 1,
  user_id: 2,
  evaluator_id: 3,
  responses: [
    { question_id: 10, score: 1 },
    { question_id: 11, score: 4 },
  ],
  training: { requires_training: true, comments: ' Curso de liderazgo. ' },
};

function firstMessage(input: unknown): string | undefined {
  return fullSubmitSchema.safeParse(input).error?.issues[0]?.message;
}

describe('V1 submit contract', () => {
  it('accepts a complete submission and trims the comments', () => {
    expect(fullSubmitSchema.parse(valid).training.comments).toBe('Curso de liderazgo.');
  });

  it('refuses scores outside 1-4, duplicates and an incomplete training form, in Spanish', () => {
    const range = 'Cada respuesta debe ser un número entero del 1 al 4.';
    for (const score of [0, 5, 2.5, '3', null]) {
      expect(firstMessage({ ...valid, responses: [{ question_id: 10, score }] })).toBe(range);
    }
    expect(
      firstMessage({
        ...valid,
        responses: [
          { question_id: 10, score: 1 },
          { question_id: 10, score: 2 },
        ],
      }),
    ).toBe('Cada pregunta debe responderse una sola vez.');
    expect(firstMessage({ ...valid, responses: [] })).toBe('Las respuestas son obligatorias.');
    expect(firstMessage({ ...valid, training: undefined })).toBe(
      'El formulario de capacitación es obligatorio.',
    );
    expect(firstMessage({ ...valid, training: { comments: 'x' } })).toBe(
      'Indica si el colaborador requiere capacitación.',
    );
    expect(firstMessage({ ...valid, training: { requires_training: false, comments: ' ' } })).toBe(
      'Los comentarios de capacitación son obligatorios.',
    );
  });

  it('words the missing-answers sentence for one and for many', () => {
    expect(missingAnswersMessage(1)).toBe('Debes responder todas las preguntas de la evaluación; falta 1.');
    expect(missingAnswersMessage(3)).toBe('Debes responder todas las preguntas de la evaluación; faltan 3.');
  });
});

describe('reports and dashboard helpers', () => {
  it('summarises the training answers of the evaluators', () => {
    expect(trainingSummary(1, 2)).toBe('Capacitación requerida por 1 de 2 evaluadores.');
    expect(trainingSummary(1, 1)).toBe('Capacitación requerida por 1 de 1 evaluador.');
    expect(trainingSummary(0, 1)).toBe('El evaluador no indicó necesidad de capacitación.');
    expect(trainingSummary(0, 3)).toBe('Ninguno de los 3 evaluadores indicó necesidad de capacitación.');
  });

  it('clamps and rounds the dashboard progress as the spec says', () => {
    expect(progressPercent(3, 2)).toBe(67);
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(-1, 2)).toBe(0);
    expect(progressPercent(2, 5)).toBe(100);
    expect(progressPercent(4, -1)).toBe(0);
  });

  it('types the training report as an object keyed by evaluator name', () => {
    const report = {
      'Ana Pérez': [
        {
          collaborator_id: 1,
          collaborator_name: 'Luis',
          evaluation_id: 2,
          evaluation_name: 'E',
          comments: 'Sí',
        },
      ],
    };
    expect(trainingReportSchema.parse(report)).toEqual(report);
  });
});
