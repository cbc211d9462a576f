import { describe, expect, it } from 'vitest';
import { categoryInputSchema, emailSchema, loginRequestSchema, pageQuerySchema } from './index';

describe('contracts', () => {
  it('trims names and refuses blank ones with the Spanish message', () => {
    expect(categoryInputSchema.parse({ name: '  Docentes ' })).toEqual({ name: 'Docentes' });
    const r = categoryInputSchema.safeParse({ name: '   ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('El nombre de la categoría es obligatorio.');
  });

  it('validates e-mails', () => {
    expect(emailSchema.safeParse('ana@escuela.do').success).toBe(true);
    expect(emailSchema.safeParse('ana@').error?.issues[0]?.message).toBe(
      'El correo electrónico no es válido.',
    );
    expect(emailSchema.safeParse('').error?.issues[0]?.message).toBe('El correo electrónico es obligatorio.');
  });

  it('requires login fields', () => {
    const r = loginRequestSchema.safeParse({});
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'El correo electrónico es obligatorio.',
      'La contraseña es obligatoria.',
    ]);
  });

  it('coerces paging parameters and refuses nonsense', () => {
    expect(pageQuerySchema.parse({ page: '2', pageSize: '10', q: ' ana ' })).toEqual({
      page: 2,
      pageSize: 10,
      q: 'ana',
    });
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ pageSize: '1000' }).success).toBe(false);
  });
});
