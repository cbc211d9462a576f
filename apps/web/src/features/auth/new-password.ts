import { newPasswordSchema } from '@evalua/contracts';
import { messages } from '../../i18n/messages';

/** The new-password form of /restablecer-contrasena and /activar. */
export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

export type NewPasswordErrors = Partial<Record<keyof NewPasswordValues, string>>;

/**
 * What is wrong with the two passwords, field by field (empty when nothing): the contract's rule
 * for a new password (its own Spanish sentences: required, at least PASSWORD_MIN characters), then
 * the confirmation, which must be the same ('Las nuevas contraseñas no coinciden.').
 */
export function checkNewPassword({ newPassword, confirmPassword }: NewPasswordValues): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const parsed = newPasswordSchema.safeParse(newPassword);
  if (!parsed.success) errors.newPassword = parsed.error.issues[0]?.message;
  if (confirmPassword === '') errors.confirmPassword = messages.access.confirmRequired;
  else if (confirmPassword !== newPassword) errors.confirmPassword = messages.access.mismatch;
  return errors;
}

/** The single-use token of the address (?token=…), or null when there is none. */
export function tokenOf(search: URLSearchParams): string | null {
  const token = search.get('token')?.trim() ?? '';
  return token === '' ? null : token;
}
