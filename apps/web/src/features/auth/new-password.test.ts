import { PASSWORD_MIN } from '@evalua/contracts';
import { describe, expect, it } from 'vitest';
import { checkNewPassword, tokenOf } from './new-password';

describe('the new-password form (reset and activation)', () => {
  it('accepts two equal passwords of at least PASSWORD_MIN characters', () => {
    const password = 'x'.repeat(PASSWORD_MIN);
    expect(checkNewPassword({ newPassword: password, confirmPassword: password })).toEqual({});
  });

  it('asks for the password, then for its minimum length, in the contract’s words', () => {
    expect(checkNewPassword({ newPassword: '', confirmPassword: '' })).toEqual({
      newPassword: `La nueva contraseña debe tener al menos ${PASSWORD_MIN} caracteres.`,
      confirmPassword: 'Repite la nueva contraseña.',
    });
    const short = 'x'.repeat(PASSWORD_MIN - 1);
    expect(checkNewPassword({ newPassword: short, confirmPassword: short }).newPassword).toBe(
      `La nueva contraseña debe tener al menos ${PASSWORD_MIN} caracteres.`,
    );
  });

  it('says the spec’s sentence when the confirmation differs', () => {
    expect(checkNewPassword({ newPassword: 'Clave-Nueva-1', confirmPassword: 'Clave-Nueva-2' })).toEqual({
      confirmPassword: 'Las nuevas contraseñas no coinciden.',
    });
  });

  it('reads the token of the address, none when missing or blank', () => {
    expect(tokenOf(new URLSearchParams('token=abc123'))).toBe('abc123');
    expect(tokenOf(new URLSearchParams('token='))).toBeNull();
    expect(tokenOf(new URLSearchParams(''))).toBeNull();
  });
});
