import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth';
import { requiredText } from './common';
import { textCheck } from './text';

export const setupStatusSchema = z.object({ needsSetup: z.boolean() });

export const setupRequestSchema = z.object({
  token: z
    .string({ error: 'El enlace de configuración no es válido.' })
    .min(1, { error: 'El enlace de configuración no es válido.' })
    .check(textCheck('single')),
  name: requiredText('El nombre es obligatorio.', 120),
  email: emailSchema,
  password: newPasswordSchema,
});
export type SetupRequest = z.infer<typeof setupRequestSchema>;
