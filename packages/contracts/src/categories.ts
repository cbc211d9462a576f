import { z } from 'zod';
import { requiredText } from './common';

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryInputSchema = z.object({
  name: requiredText('El nombre de la categoría es obligatorio.', 120),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const categoryListSchema = z.array(categorySchema);
