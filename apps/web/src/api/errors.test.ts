import { ERROR_CODES } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { errorText, failedWith, hasErrorCode, isCsrfFailure } from './errors';

const conflict = new ApiError(409, ERROR_CODES.duplicateName, 'Ya existe una categoría con ese nombre.');
const missing = new ApiError(404, 'NOT_FOUND', 'La evaluación no existe.');
const csrf = new ApiError(0, 'CSRF_MISSING', 'Falta el token.');
const down = new ApiError(503, 'SERVICE_UNAVAILABLE', 'No disponible.');
const offline = new ApiError(0, 'NETWORK', 'Sin red.');

describe('errorText', () => {
  it('shows the server’s sentence for 400 and 409 by default, the screen’s otherwise', () => {
    expect(errorText(conflict, 'Fallo')).toBe('Ya existe una categoría con ese nombre.');
    expect(errorText(new ApiError(400, 'VALIDATION_ERROR', 'El nombre es obligatorio.'), 'Fallo')).toBe(
      'El nombre es obligatorio.',
    );
    expect(errorText(missing, 'Fallo')).toBe('Fallo');
    expect(errorText(down, 'Fallo')).toBe('Fallo');
    expect(errorText(new Error('x'), 'Fallo')).toBe('Fallo');
  });

  it('shows the statuses a screen names', () => {
    expect(errorText(missing, 'Fallo', [404])).toBe('La evaluación no existe.');
    expect(errorText(conflict, 'Fallo', [404])).toBe('Fallo');
  });

  it("with 'client': any 4xx and the client’s CSRF sentences, never a 5xx or a network failure", () => {
    expect(errorText(missing, 'Fallo', 'client')).toBe('La evaluación no existe.');
    expect(errorText(csrf, 'Fallo', 'client')).toBe('Falta el token.');
    expect(errorText(down, 'Fallo', 'client')).toBe('Fallo');
    expect(errorText(offline, 'Fallo', 'client')).toBe('Fallo');
    expect(errorText('x', 'Fallo', 'client')).toBe('Fallo');
  });
});

describe('a CSRF failure (issue 15)', () => {
  it('says so on every screen, whatever statuses the screen shows', () => {
    const fetchFailed = new ApiError(0, 'CSRF_FETCH', 'Error obteniendo el token CSRF.');
    expect(errorText(fetchFailed, 'No se pudo guardar.')).toBe('Error obteniendo el token CSRF.');
    expect(errorText(fetchFailed, 'No se pudo guardar.', [404])).toBe('Error obteniendo el token CSRF.');
    expect(errorText(fetchFailed, 'No se pudo guardar.', [])).toBe('Error obteniendo el token CSRF.');
    expect(errorText(csrf, 'No se pudo guardar.')).toBe('Falta el token.');
    expect(isCsrfFailure(fetchFailed)).toBe(true);
    expect(isCsrfFailure(new ApiError(403, 'CSRF_INVALID', 'Token CSRF inválido.'))).toBe(false);
    expect(isCsrfFailure(offline)).toBe(false);
  });
});

describe('failedWith and hasErrorCode', () => {
  it('tell a status and a code apart', () => {
    expect(failedWith(missing, 404)).toBe(true);
    expect(failedWith(missing, 409)).toBe(false);
    expect(failedWith(new Error('x'), 404)).toBe(false);
    expect(hasErrorCode(conflict, ERROR_CODES.duplicateName)).toBe(true);
    expect(hasErrorCode(conflict, ERROR_CODES.conflict)).toBe(false);
  });
});
