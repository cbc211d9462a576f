import { z } from 'zod';
import type { Role } from './enums';
import { V2_RESULT_READER_ROLES } from './v2-scoring';

/**
 * Whether a 360 rater counts toward an anonymity threshold, why not, and the one thing that makes
 * them count (decision 040, which supersedes part of rule 3 of decision 023).
 *
 * An account counts when nobody who reads restricted results (gestionhumana) can know its password:
 * - a password HR typed never counts (`password_known_to_hr`);
 * - a password chosen through an access or reset link counts only once an administrator confirmed
 *   the address the link went to (`password_via_link` and `email_confirmed`): HR may have typed an
 *   address it reads, and then HR, not the person, chose the password;
 * - a password an administrator set counts (admin reads every group anyway).
 */

/** What a response's `counts_for_anonymity` holds (stamped at submit, decision 040). */
export const COUNTS_STAMP = {
  /** Never counts: the rater could read results, or HR could know the password, when answering. */
  never: 0,
  counts: 1,
  /**
   * Counts once an administrator confirms the address the rater's password link went to — while the
   * evaluation is not closed. Ends as `never` when that address changes first.
   */
  pendingEmail: 2,
} as const;

export const RATER_STANDINGS = [
  'counts',
  'reader',
  'not_activated',
  'chosen_by_hr',
  'email_unconfirmed',
  'answered_known',
  'unconfirmed_at_close',
] as const;
export type RaterStanding = (typeof RATER_STANDINGS)[number];
export const raterStandingSchema = z.enum(RATER_STANDINGS);

/** The account facts the standing is made of. */
export interface AccountAnonymityFacts {
  role: Role;
  has_password: boolean;
  password_known_to_hr: boolean;
  password_via_link: boolean;
  email_confirmed: boolean;
}

/** Whether the account's answers would count if it answered now, or why not. */
export function accountStanding(a: AccountAnonymityFacts): RaterStanding {
  if ((V2_RESULT_READER_ROLES as readonly Role[]).includes(a.role)) return 'reader';
  if (a.password_known_to_hr) return 'chosen_by_hr';
  if (!a.has_password) return 'not_activated';
  if (a.password_via_link && !a.email_confirmed) return 'email_unconfirmed';
  return 'counts';
}

/**
 * Whether a submitted response counts, from its stamp and the rater's role now (a rater promoted to a
 * reader role knows their old answers: decision 023 rule 4).
 */
export function responseStanding(stamp: number, evaluationClosed: boolean, role: Role): RaterStanding {
  if ((V2_RESULT_READER_ROLES as readonly Role[]).includes(role)) return 'reader';
  if (stamp === COUNTS_STAMP.counts) return 'counts';
  if (stamp === COUNTS_STAMP.pendingEmail)
    return evaluationClosed ? 'unconfirmed_at_close' : 'email_unconfirmed';
  return 'answered_known';
}

/** Why a rater does not count, and the one thing that makes them count (null: nothing can). */
export const RATER_STANDING_TEXT: Record<RaterStanding, { label: string; why: string; fix: string | null }> =
  {
    counts: { label: 'Cuenta', why: 'Sus respuestas cuentan para el anonimato.', fix: null },
    reader: {
      label: 'No cuenta',
      why: 'Puede leer resultados (administración o gestión humana): sus respuestas nunca cuentan para el anonimato.',
      fix: null,
    },
    not_activated: {
      label: 'Aún no cuenta',
      why: 'Todavía no ha activado su cuenta.',
      fix: 'Contará cuando active su cuenta con el enlace de acceso y un administrador confirme su correo en Gestión de Usuarios.',
    },
    chosen_by_hr: {
      label: 'Aún no cuenta',
      why: 'Su contraseña la eligió gestión humana.',
      fix: 'Contará cuando elija su propia contraseña con un enlace de acceso («Enviar enlace de acceso») y un administrador confirme su correo en Gestión de Usuarios.',
    },
    email_unconfirmed: {
      label: 'Aún no cuenta',
      why: 'Eligió su contraseña con un enlace enviado a un correo que ningún administrador ha confirmado.',
      fix: 'Contará cuando un administrador confirme su correo en Gestión de Usuarios (antes de cerrar la evaluación).',
    },
    answered_known: {
      label: 'No cuenta',
      why: 'Respondió cuando gestión humana podía conocer su contraseña: esta respuesta no cuenta para el anonimato.',
      fix: null,
    },
    unconfirmed_at_close: {
      label: 'No cuenta',
      why: 'La evaluación se cerró antes de que un administrador confirmara su correo: esta respuesta no cuenta para el anonimato.',
      fix: null,
    },
  };

/** One sentence: why, and what makes the rater count. */
export function raterStandingSentence(standing: RaterStanding): string {
  const t = RATER_STANDING_TEXT[standing];
  return t.fix ? `${t.why} ${t.fix}` : t.why;
}

/** POST /api/users/{id}/confirm-email: the address the administrator saw and confirms. */
export const USER_CONFIRM_MESSAGES = {
  noEmail: 'Este usuario no tiene correo electrónico: no hay nada que confirmar.',
  changed: 'El correo de este usuario cambió: revisa el nuevo antes de confirmarlo.',
  confirmed: 'Correo confirmado.',
} as const;
