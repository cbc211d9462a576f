import { ACCESS_MESSAGES } from '@evalua/contracts';

/**
 * Why an access link cannot be sent to someone (the server's own sentences), or null when it can:
 * without an e-mail there is nowhere to send it; an inactive person could not sign in with it.
 */
export function accessLinkBlocker(email: string | null, active: boolean): string | null {
  if (!email) return ACCESS_MESSAGES.noEmail;
  if (!active) return ACCESS_MESSAGES.inactive;
  return null;
}
