import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from './config';
import { start } from './main';

it('starts on an empty database: migrates, prints a one-time setup link, serves health', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-start-'));
  const lines: string[] = [];
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', PORT: '0' }),
    databaseUrl: `sqlite:${path.join(dir, 'x.db')}`,
  };
  const running = await start({ config, dataDir: dir, say: (l) => lines.push(l) });
  try {
    const link = lines.find((l) => l.includes('/setup?token='));
    expect(link).toBeDefined();
    const res = await fetch(`${running.origin}/api/health`);
    expect(await res.json()).toEqual({ status: 'ok', db: 'ok' });
    expect(fs.existsSync(path.join(dir, 'session-secret'))).toBe(true);
    const status = await fetch(`${running.origin}/api/setup/status`);
    expect(await status.json()).toEqual({ needsSetup: true });
  } finally {
    await running.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
