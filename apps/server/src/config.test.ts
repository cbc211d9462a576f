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

  it('has the transport time limits, in seconds, validated like the others (decision 022)', () => {
    expect(loadConfig({})).toMatchObject({
      requestTimeoutSeconds: 30,
      headersTimeoutSeconds: 20,
      keepAliveTimeoutSeconds: 72,
      connectionTimeoutSeconds: 120,
    });
    expect(
      loadConfig({
        REQUEST_TIMEOUT_SECONDS: '60',
        HEADERS_TIMEOUT_SECONDS: '60',
        KEEP_ALIVE_TIMEOUT_SECONDS: '5',
      }),
    ).toMatchObject({ requestTimeoutSeconds: 60, headersTimeoutSeconds: 60, keepAliveTimeoutSeconds: 5 });
    for (const name of [
      'REQUEST_TIMEOUT_SECONDS',
      'HEADERS_TIMEOUT_SECONDS',
      'KEEP_ALIVE_TIMEOUT_SECONDS',
      'CONNECTION_TIMEOUT_SECONDS',
    ])
      for (const bad of ['0', '-5', 'treinta', '1.5'])
        expect(() => loadConfig({ [name]: bad }), `${name}=${bad}`).toThrow(new RegExp(name));
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '10' }).headersTimeoutSeconds).toBe(10);
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '10', HEADERS_TIMEOUT_SECONDS: '20' })).toThrow(
      /HEADERS_TIMEOUT_SECONDS no puede ser mayor que REQUEST_TIMEOUT_SECONDS/,
    );
  });

  it('trusts no proxy unless TRUST_PROXY lists addresses or CIDR ranges (decision 021)', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1,::1' }).trustProxy).toEqual(['127.0.0.1', '::1']);
    expect(
      loadConfig({ TRUST_PROXY: ' 10.0.0.0/8 , 192.168.1.7, fd00::/8,::ffff:172.16.0.0/108,' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::ffff:172.16.0.0/108']);
    for (const bad of [
      'true',
      '1',
      'loopback',
      'proxy.local',
      '10.0.0.0/33',
      '10.0.0.0/0',
      '::/0',
      'fd00::/129',
      '10.0.0.0/255.0.0.0',
      '10.0.0.256',
      'fe80::1%eth0',
      '127.0.0.1,*',
    ])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY: debe ser una lista de direcciones IP o rangos CIDR separados por comas/,
      );
    expect(() => loadConfig({ TRUST_PROXY: '127.0.0.1,10.0.0.0/33' })).toThrow(/no lo es: 10\.0\.0\.0\/33$/);
  });

  it('takes SUPPORT_EMAIL as an e-mail address, and none by default (decision 025)', () => {
    expect(loadConfig({}).supportEmail).toBeNull();
    expect(loadConfig({ SUPPORT_EMAIL: 'soporte@colegio.edu.do' }).supportEmail).toBe(
      'soporte@colegio.edu.do',
    );
    expect(() => loadConfig({ SUPPORT_EMAIL: 'soporte' })).toThrow(
      /SUPPORT_EMAIL: debe ser un correo electrónico válido/,
    );
  });

  it('takes the PostgreSQL settings: prepared statements on, the pool at its default (decision 061)', () => {
    expect(loadConfig({})).toMatchObject({ pgPreparedStatements: true, pgPoolSize: undefined });
    expect(loadConfig({ PG_PREPARED_STATEMENTS: 'false', PG_POOL_SIZE: '4' })).toMatchObject({
      pgPreparedStatements: false,
      pgPoolSize: 4,
    });
    expect(() => loadConfig({ PG_PREPARED_STATEMENTS: 'quizás' })).toThrow(
      /PG_PREPARED_STATEMENTS: debe ser true o false/,
    );
    expect(() => loadConfig({ PG_POOL_SIZE: '0' })).toThrow(/PG_POOL_SIZE/);
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.do' })).toThrow(/ADMIN_EMAIL y ADMIN_PASSWORD/);
    expect(loadConfig({ ADMIN_EMAIL: 'a@b.do', ADMIN_PASSWORD: '12345678' }).adminEmail).toBe('a@b.do');
  });
});

describe('paths and the demo database from the environment', () => {
  it('resolves WEB_DIST_DIR and BACKUP_DIR from where the command was typed (INIT_CWD)', () => {
    const config = loadConfig({
      INIT_CWD: '/srv/escuela',
      WEB_DIST_DIR: 'web',
      BACKUP_DIR: '/copias',
      DEMO_DATABASE_URL: 'sqlite:demo.db',
    });
    expect(config.callerDir).toBe('/srv/escuela');
    expect(config.webDistDir).toBe('/srv/escuela/web');
    expect(config.backupDir).toBe('/copias');
    expect(config.demoDatabaseUrl).toBe('sqlite:demo.db');
    const defaults = loadConfig({});
    expect(defaults.callerDir).toBe(process.cwd());
    expect(defaults.webDistDir).toMatch(/apps\/web\/dist$/);
    expect(defaults.backupDir).toMatch(/data\/backups$/);
    expect(defaults.demoDatabaseUrl).toBeUndefined();
  });

  it('takes the mail settings (decision 033): none by default, each bad value named at start', () => {
    expect(loadConfig({})).toMatchObject({
      smtpUrl: null,
      publicUrl: null,
      organizationName: 'Evalúa',
      mailFrom: 'Evalúa <no-responder@localhost>',
      timeZone: 'America/Santo_Domingo',
      reminderDays: [7, 2, 0],
      reminderHour: 8,
    });
    expect(
      loadConfig({
        SMTP_URL: 'smtps://usuario:clave@correo.colegio.do:465',
        MAIL_FROM: 'Colegio Los Pinos <evalua@colegio.do>',
        PUBLIC_URL: 'https://evalua.colegio.do/',
        REMINDER_DAYS: '0, 3,10,3',
        REMINDER_HOUR: '7',
      }),
    ).toMatchObject({
      smtpUrl: 'smtps://usuario:clave@correo.colegio.do:465',
      mailFrom: 'Colegio Los Pinos <evalua@colegio.do>',
      publicUrl: 'https://evalua.colegio.do',
      reminderDays: [10, 3, 0],
      reminderHour: 7,
    });
    const bad = {
      SMTP_URL: 'correo.colegio.do:25',
      MAIL_FROM: 'no es un correo',
      PUBLIC_URL: 'ftp://evalua',
      REMINDER_DAYS: '7,dos',
      REMINDER_HOUR: '24',
      TIME_ZONE: 'Marte/Olympus',
    };
    for (const [name, value] of Object.entries(bad)) {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      try {
        loadConfig({ [name]: value });
      } catch (err) {
        expect((err as Error).message).toContain(name);
      }
    }
    expect(() => loadConfig({ SMTP_URL: 'http://correo.colegio.do' })).toThrow(
      /SMTP_URL: debe ser una dirección smtp/,
    );
  });
});
