import { z } from 'zod';
import { idParam, idParamsSchema, optionalMultilineText, requiredText } from './common';
import { endpoint, noContent } from './endpoint';
import { QUESTION_TYPES } from './enums';

/** The sentences of /api/question-banks. */
export const BANK_MESSAGES = {
  notFound: 'El banco de preguntas no existe.',
  questionNotFound: 'La pregunta no existe en este banco.',
  lastQuestionOfOpen: 'No se puede eliminar la última pregunta del banco: lo usa una evaluación abierta.',
  bankInUseRace: 'No se puede eliminar el banco porque está en uso.',
} as const;

/** Why a bank cannot be deleted: the evaluations that use it, by name. */
export function bankInUseMessage(names: readonly string[]): string {
  const list = names.map((n) => `«${n}»`).join(', ');
  return names.length === 1
    ? `No se puede eliminar el banco porque lo usa la evaluación ${list}.`
    : `No se puede eliminar el banco porque lo usan las evaluaciones ${list}.`;
}

export const questionBankSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  question_count: z.number().int(),
});
export type QuestionBank = z.infer<typeof questionBankSchema>;

export const questionBankInputSchema = z.object({
  name: requiredText('El nombre del banco es obligatorio.', 120),
  /** Multi-line (a Textarea): line breaks kept, other control characters refused. */
  description: optionalMultilineText(500),
});
export type QuestionBankInput = z.input<typeof questionBankInputSchema>;

export const questionSchema = z.object({
  id: z.number().int(),
  question_text: z.string(),
  question_type: z.enum(QUESTION_TYPES),
});
export type Question = z.infer<typeof questionSchema>;

/** The question is one line (decision 022): the forms show and the PDFs print it as one. */
export const questionInputSchema = z.object({
  question_text: requiredText('El texto de la pregunta es obligatorio.', 500),
  question_type: z.enum(QUESTION_TYPES, { error: 'El tipo de pregunta debe ser competencia u objetivo.' }),
});
export type QuestionInput = z.input<typeof questionInputSchema>;

export const QUESTION_TYPE_LABELS = { competency: 'Competencia', objective: 'Objetivo' } as const;

export const bankQuestionParamsSchema = z.object({
  id: idParam,
  qid: idParam,
});

/**
 * The starter banks a new school may begin from (issue 30 §4, decision 054), as the 360 has its
 * templates: Spanish competency and objective questions for each usual kind of school staff.
 */
export const STARTER_BANKS = {
  docente: 'Banco inicial: Personal docente',
  administrativo: 'Banco inicial: Personal administrativo',
  apoyo: 'Banco inicial: Personal de apoyo',
} as const;
export type StarterBank = keyof typeof STARTER_BANKS;
const starterKeys = Object.keys(STARTER_BANKS) as [StarterBank, ...StarterBank[]];
export const starterBankInputSchema = z.object({
  starter: z.enum(starterKeys, { error: 'Elige uno de los bancos iniciales.' }),
});

export const questionBankEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/question-banks', response: z.array(questionBankSchema) }),
  /** A new bank, a copy of a starter bank with its questions (decision 054); edit it as any other. */
  createFromStarter: endpoint({
    method: 'POST',
    path: '/api/question-banks/starter',
    body: starterBankInputSchema,
    status: 201,
    response: questionBankSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/question-banks',
    body: questionBankInputSchema,
    status: 201,
    response: questionBankSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/question-banks/:id',
    params: idParamsSchema,
    body: questionBankInputSchema,
    response: questionBankSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/question-banks/:id',
    params: idParamsSchema,
    response: noContent,
  }),
  /** A bank's questions: managers, and an evaluator whose collaborators are evaluated with it. */
  questions: endpoint({
    method: 'GET',
    path: '/api/question-banks/:id/questions',
    params: idParamsSchema,
    response: z.array(questionSchema),
  }),
  addQuestion: endpoint({
    method: 'POST',
    path: '/api/question-banks/:id/questions',
    params: idParamsSchema,
    body: questionInputSchema,
    status: 201,
    response: questionSchema,
  }),
  updateQuestion: endpoint({
    method: 'PUT',
    path: '/api/question-banks/:id/questions/:qid',
    params: bankQuestionParamsSchema,
    body: questionInputSchema,
    response: questionSchema,
  }),
  removeQuestion: endpoint({
    method: 'DELETE',
    path: '/api/question-banks/:id/questions/:qid',
    params: bankQuestionParamsSchema,
    response: noContent,
  }),
};
