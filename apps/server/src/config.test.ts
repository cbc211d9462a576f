import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      cookieSecure: false,
      loginMaxAttempts: 5,
      loginLockMinutes: 10,
      sessionIdleMinutes: 15,
      anonymityMinRaters: 3,
    });
  });

  it('stops with a sentence naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', LOGIN_MAX_ATTEMPTS: '-1' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', COOKIE_SECURE: 'quizás' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/COOKIE_SECURE/);
    }
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.do' })).toThrow(/ADMIN_EMAIL y ADMIN_PASSWORD/);
    expect(loadConfig({ ADMIN_EMAIL: 'a@b.do', ADMIN_PASSWORD: '12345678' }).adminEmail).toBe('a@b.do');
  });
});
