import { describe, expect, it } from 'vitest';
import { accessLinkBlocker } from './access-link';

describe('who can be sent an access link', () => {
  it('an active person with an e-mail', () => {
    expect(accessLinkBlocker('ana@escuela.do', true)).toBeNull();
  });

  it('nobody without an e-mail, nor anyone inactive, and the reason says which', () => {
    expect(accessLinkBlocker(null, true)).toBe(
      'Este usuario no tiene correo electrónico: no se le puede enviar un enlace de acceso.',
    );
    expect(accessLinkBlocker('', true)).toMatch(/no tiene correo/);
    expect(accessLinkBlocker('ana@escuela.do', false)).toBe(
      'Este usuario está inactivo: actívalo antes de enviarle un enlace de acceso.',
    );
  });
});
