import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { detailErrorText } from './errors';

describe('detailErrorText', () => {
  it('shows the server’s sentence for a bad or unknown snapshot id', () => {
    expect(detailErrorText(new ApiError(404, 'NOT_FOUND', 'El snapshot no existe.'))).toBe(
      'El snapshot no existe.',
    );
    expect(
      detailErrorText(
        new ApiError(
          400,
          'VALIDATION_ERROR',
          'El identificador del snapshot debe ser un número entero positivo.',
        ),
      ),
    ).toBe('El identificador del snapshot debe ser un número entero positivo.');
  });

  it('shows the screen’s sentence for anything else', () => {
    const fallback = 'Error al obtener detalle del snapshot';
    expect(detailErrorText(new Error('red'))).toBe(fallback);
    expect(detailErrorText(new ApiError(500, 'INTERNAL_ERROR', 'Error interno'))).toBe(fallback);
    expect(detailErrorText(new ApiError(409, 'CONFLICT', 'Otro'))).toBe(fallback);
  });
});
