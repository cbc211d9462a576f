/** The navigation state a finished password reset hands to /login. */
export const PASSWORD_SAVED_STATE = { passwordSaved: true } as const;

/** Whether /login was opened right after a password reset (its navigation state says so). */
export function passwordSavedNotice(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'passwordSaved' in state && state.passwordSaved === true
  );
}
