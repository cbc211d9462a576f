import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { saveErrorText } from './save-error';

describe('saveErrorText', () => {
  it('shows the server’s sentence of a refused save', () => {
    expect(saveErrorText(new ApiError(409, 'ALREADY_ANSWERED', 'Esta asignación ya fue respondida.'))).toBe(
      'Esta asignación ya fue respondida.',
    );
    expect(
      saveErrorText(new ApiError(400, 'VALIDATION_ERROR', 'La pregunta 2 debe responderse con sí o no.')),
    ).toBe('La pregunta 2 debe responderse con sí o no.');
  });

  it('says nothing on a 401: the expired-session handler already did', () => {
    expect(saveErrorText(new ApiError(401, 'UNAUTHENTICATED', 'Sesión expirada'))).toBeNull();
  });

  it('shows the client’s own CSRF sentences, and the screen’s sentence otherwise', () => {
    expect(saveErrorText(new ApiError(0, 'CSRF_FETCH', 'No se pudo obtener el token.'))).toBe(
      'No se pudo obtener el token.',
    );
    expect(saveErrorText(new ApiError(0, 'CSRF_MISSING', 'Falta el token.'))).toBe('Falta el token.');
    expect(saveErrorText(new ApiError(0, 'NETWORK', 'Sin conexión'))).toBe('Error al guardar respuestas');
    expect(saveErrorText(new ApiError(502, 'HTTP_ERROR', 'Error 502'))).toBe('Error al guardar respuestas');
    expect(saveErrorText(new Error('boom'))).toBe('Error al guardar respuestas');
  });
});
