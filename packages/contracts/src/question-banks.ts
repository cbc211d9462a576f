import { z } from 'zod';
import { idParam, optionalMultilineText, requiredText } from './common';
import { QUESTION_TYPES } from './enums';

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
