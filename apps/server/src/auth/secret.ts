import fs from 'node:fs';
import path from 'node:path';
import { randomToken } from './tokens';

/**
 * SESSION_SECRET from the environment, or a secret generated once into the data folder and reused
 * on later starts (so that tokens minted before a restart stay valid).
 */
export function resolveSessionSecret(fromEnv: string | undefined, dataDir: string): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: fall through and create it
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomToken(48);
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
