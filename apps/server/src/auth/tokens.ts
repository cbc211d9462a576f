import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** A token that only this server (holder of the secret) can mint: `<random>.<hmac>`. */
export function signedToken(secret: string): string {
  const value = randomToken(24);
  return `${value}.${createHmac('sha256', secret).update(value).digest('base64url')}`;
}

export function isSignedToken(token: string, secret: string): boolean {
  const dot = token.indexOf('.');
  if (dot <= 0) return false;
  const value = token.slice(0, dot);
  const expected = createHmac('sha256', secret).update(value).digest('base64url');
  return safeEqual(token.slice(dot + 1), expected);
}
