import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { defaultDataDir, defaultWebDistDir } from './paths';

/** Environment variables, read and validated once at start. */
const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'debe ser true o false' })
  .transform((v) => v === 'true' || v === '1');

const positiveInt = (label: string) =>
  z.coerce
    .number({ error: `${label} debe ser un número entero positivo` })
    .int()
    .positive();

/** One entry of TRUST_PROXY: an IP address, or a CIDR range (`10.0.0.0/8`, `fd00::/8`) of 1 bit or more. */
function isAddressOrRange(entry: string): boolean {
  const match = /^([^/%]+)(?:\/(\d{1,3}))?$/.exec(entry);
  if (!match) return false;
  const version = isIP(match[1]!);
  if (version === 0) return false;
  if (match[2] === undefined) return true;
  const bits = Number(match[2]);
  return bits >= 1 && bits <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: the reverse proxies whose X-Forwarded-For is believed, as a comma-separated list of
 * addresses and CIDR ranges. Unset or empty: none (the socket's address is the client's).
 */
const trustProxyList = z.string().transform((value, ctx) => {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `debe ser una lista de direcciones IP o rangos CIDR separados por comas (p. ej. 127.0.0.1,::1); no lo es: ${bad.join(', ')}`,
    });
    return z.NEVER;
  }
  return entries;
});

/** SMTP_URL: smtp://user:pass@host:port or smtps://… (nodemailer's connection URL). */
const smtpUrl = z.string().refine(
  (value) => {
    try {
      const u = new URL(value);
      return (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== '';
    } catch {
      return false;
    }
  },
  {
    error:
      'debe ser una dirección smtp://usuario:clave@servidor:puerto o smtps://… (p. ej. smtp://127.0.0.1:2525)',
  },
);

/** PUBLIC_URL: where people open Evalúa, for the links in e-mails (http or https, no query). */
const publicUrl = z.string().transform((value, ctx) => {
  try {
    const u = new URL(value);
    if ((u.protocol === 'http:' || u.protocol === 'https:') && u.search === '' && u.hash === '') {
      return u.href.replace(/\/+$/, '');
    }
  } catch {
    // reported below
  }
  ctx.addIssue({
    code: 'custom',
    message: 'debe ser una dirección http:// o https:// (p. ej. https://evalua.colegio.edu.do)',
  });
  return z.NEVER;
});

/** MAIL_FROM: an address, or 'Nombre <dirección>'. */
const mailFrom = z.string().refine(
  (value) => {
    const m = /^(?:[^<>\r\n]*<([^<>\s]+)>|([^<>\s]+))$/.exec(value.trim());
    const address = m ? (m[1] ?? m[2]) : undefined;
    return address !== undefined && z.email().safeParse(address).success;
  },
  { error: 'debe ser un correo electrónico, o «Nombre <correo>»' },
);

/** REMINDER_DAYS: the days before the due date on which reminders go out (0: the day itself). */
const reminderDays = z.string().transform((value, ctx) => {
  const parts = value.split(',').map((p) => p.trim());
  if (parts.every((p) => /^\d{1,3}$/.test(p))) return [...new Set(parts.map(Number))].sort((a, b) => b - a);
  ctx.addIssue({ code: 'custom', message: 'debe ser una lista de días separados por comas (p. ej. 7,2,0)' });
  return z.NEVER;
});

const timeZone = z.string().refine(
  (value) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  },
  { error: 'debe ser una zona horaria IANA (p. ej. America/Santo_Domingo)' },
);

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'debe ser un número de puerto' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().min(1).optional(),
  /** PostgreSQL: keep repeated statements prepared per connection (decision 061); false behind PgBouncer's transaction pooling. */
  PG_PREPARED_STATEMENTS: booleanFlag.default(true),
  /** PostgreSQL: connections of this instance's pool (default 10). */
  PG_POOL_SIZE: positiveInt('PG_POOL_SIZE').optional(),
  SESSION_SECRET: z.string().min(32, { error: 'debe tener al menos 32 caracteres' }).optional(),
  COOKIE_SECURE: booleanFlag.default(false),
  ADMIN_EMAIL: z.email({ error: 'debe ser un correo electrónico válido' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: 'debe tener al menos 8 caracteres' }).optional(),
  /** Where 'Contactar soporte' writes; without it the button is hidden (decision 025). */
  SUPPORT_EMAIL: z.email({ error: 'debe ser un correo electrónico válido' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_MAX_ATTEMPTS: positiveInt('LOGIN_MAX_ATTEMPTS').default(5),
  LOGIN_LOCK_MINUTES: positiveInt('LOGIN_LOCK_MINUTES').default(10),
  LOGIN_MAX_FAILURES_PER_ADDRESS: positiveInt('LOGIN_MAX_FAILURES_PER_ADDRESS').default(30),
  SESSION_IDLE_MINUTES: positiveInt('SESSION_IDLE_MINUTES').default(15),
  SESSION_ABSOLUTE_HOURS: positiveInt('SESSION_ABSOLUTE_HOURS').default(12),
  ANONYMITY_MIN_RATERS: positiveInt('ANONYMITY_MIN_RATERS').default(3),
  // Transport time limits, in seconds (decision 022).
  REQUEST_TIMEOUT_SECONDS: positiveInt('REQUEST_TIMEOUT_SECONDS').default(30),
  HEADERS_TIMEOUT_SECONDS: positiveInt('HEADERS_TIMEOUT_SECONDS').optional(),
  KEEP_ALIVE_TIMEOUT_SECONDS: positiveInt('KEEP_ALIVE_TIMEOUT_SECONDS').default(72),
  CONNECTION_TIMEOUT_SECONDS: positiveInt('CONNECTION_TIMEOUT_SECONDS').default(120),
  TRUST_PROXY: trustProxyList.optional(),
  // Stopping and overload (decision 029).
  SHUTDOWN_TIMEOUT_SECONDS: positiveInt('SHUTDOWN_TIMEOUT_SECONDS').default(10),
  OVERLOAD_MAX_LATENCY_MS: z.coerce
    .number({ error: 'OVERLOAD_MAX_LATENCY_MS debe ser un número entero (0 lo desactiva)' })
    .int()
    .min(0)
    .default(1000),
  OVERLOAD_RETRY_AFTER_SECONDS: positiveInt('OVERLOAD_RETRY_AFTER_SECONDS').default(5),
  // Mail, links and reminders (decision 033).
  SMTP_URL: smtpUrl.optional(),
  MAIL_FROM: mailFrom.optional(),
  PUBLIC_URL: publicUrl.optional(),
  ORGANIZATION_NAME: z.string().trim().min(1).max(120).default('Evalúa'),
  TIME_ZONE: timeZone.default('America/Santo_Domingo'),
  REMINDER_DAYS: reminderDays.default([7, 2, 0]),
  REMINDER_HOUR: z.coerce
    .number({ error: 'debe ser una hora entre 0 y 23' })
    .int({ error: 'debe ser una hora entre 0 y 23' })
    .min(0, { error: 'debe ser una hora entre 0 y 23' })
    .max(23, { error: 'debe ser una hora entre 0 y 23' })
    .default(8),
  /** Hours after HR's reminder of an evaluation before the same person can get another (decision 042). */
  REMINDER_COOLDOWN_HOURS: positiveInt('REMINDER_COOLDOWN_HOURS').default(24),
  MAIL_RETRY_SECONDS: positiveInt('MAIL_RETRY_SECONDS').default(60),
  MAIL_MAX_ATTEMPTS: positiveInt('MAIL_MAX_ATTEMPTS').default(8),
  // Paths and the demo's database.
  WEB_DIST_DIR: z.string().min(1).optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  DEMO_DATABASE_URL: z.string().min(1).optional(),
  /** `npm run demo`'s own mailbox, when SMTP_URL is not set (0: any free port). */
  DEMO_SMTP_PORT: z.coerce
    .number({ error: 'debe ser un número de puerto' })
    .int()
    .min(0)
    .max(65535)
    .default(2525),
  DEMO_INBOX_PORT: z.coerce
    .number({ error: 'debe ser un número de puerto' })
    .int()
    .min(0)
    .max(65535)
    .default(3025),
  /** Set by npm to the directory the command was typed in (workspace scripts run elsewhere). */
  INIT_CWD: z.string().min(1).optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  /** `sqlite:<path>`, a bare file path, or `postgres://…`; undefined means the default SQLite file. */
  databaseUrl: string | undefined;
  /** PostgreSQL: named prepared statements for the statements the app repeats (decision 061). */
  pgPreparedStatements: boolean;
  /** PostgreSQL: this instance's pool size (PG_POOL_SIZE); undefined: the default. */
  pgPoolSize: number | undefined;
  sessionSecret: string | undefined;
  cookieSecure: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** The support address users may write to (SUPPORT_EMAIL), or null (decision 025). */
  supportEmail: string | null;
  logLevel: Env['LOG_LEVEL'];
  loginMaxAttempts: number;
  loginLockMinutes: number;
  loginMaxFailuresPerAddress: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  anonymityMinRaters: number;
  /**
   * The whole request (headers and body) must arrive within this, else 408 and the connection is
   * closed: a 1 MB body (the limit) at 50 kB/s takes 20 s. Fractions are for tests.
   */
  requestTimeoutSeconds: number;
  /** The headers must arrive within this (at most requestTimeoutSeconds). */
  headersTimeoutSeconds: number;
  /** An idle keep-alive connection is closed after this (longer than a proxy's usual 60 s). */
  keepAliveTimeoutSeconds: number;
  /** A connection with nothing read or written for this long is closed (a client that stops reading). */
  connectionTimeoutSeconds: number;
  /**
   * The reverse proxies (addresses and CIDR ranges) whose X-Forwarded-For gives the client's address;
   * empty: none, X-Forwarded-For is ignored (decision 021).
   */
  trustProxy: string[];
  /** On SIGTERM/SIGINT, how long the requests in flight may take before their connections are cut. */
  shutdownTimeoutSeconds: number;
  /**
   * When the median time requests spent inside the server over the last second passes this (ms),
   * new requests get 503 with Retry-After instead of queueing; 0: no limit (decision 029).
   */
  overloadMaxLatencyMs: number;
  /** The Retry-After of those 503s, in seconds. */
  overloadRetryAfterSeconds: number;
  /** nodemailer's SMTP connection URL (SMTP_URL), or null: messages stay in the outbox unsent. */
  smtpUrl: string | null;
  /** The From of every message (MAIL_FROM); 'Evalúa <no-responder@localhost>' when absent. */
  mailFrom: string;
  /** Where people open Evalúa (PUBLIC_URL, no trailing slash), or null: the listening address. */
  publicUrl: string | null;
  /** The name e-mails carry (ORGANIZATION_NAME). */
  organizationName: string;
  /** The organisation's time zone: due dates, 'today' and the reminder hour are read in it. */
  timeZone: string;
  /** Days before a due date on which automatic reminders go out, largest first (REMINDER_DAYS). */
  reminderDays: number[];
  /** The hour (0-23, in timeZone) from which a day's automatic reminders go out (REMINDER_HOUR). */
  reminderHour: number;
  /**
   * After HR's 'Enviar recordatorio' reaches a person for an evaluation, hours before it can reach
   * them again for that evaluation (REMINDER_COOLDOWN_HOURS, decision 042).
   */
  reminderCooldownHours: number;
  /** A failed delivery is retried after this many seconds, doubling each time (at most one hour). */
  mailRetrySeconds: number;
  /** After this many failed attempts a message is marked failed. */
  mailMaxAttempts: number;
  /** How often the sender looks for due messages (it also hears of new ones at once); tests shorten it. */
  mailPollMilliseconds: number;
  /** Whether this instance sends automatic reminders (tests call the job themselves). */
  automaticReminders: boolean;
  /** Where the operator typed the command (npm's INIT_CWD): relative paths they give start there. */
  callerDir: string;
  /** The built web app (WEB_DIST_DIR; parallel test runs each build their own). */
  webDistDir: string;
  /** Where `npm run backup` writes (BACKUP_DIR, relative to callerDir; data/backups by default). */
  backupDir: string;
  /** `npm run demo`'s database (DEMO_DATABASE_URL); undefined: data/demo.db. */
  demoDatabaseUrl: string | undefined;
  /** The demo's own SMTP server and web inbox ports (DEMO_SMTP_PORT, DEMO_INBOX_PORT; 0: any free). */
  demoSmtpPort: number;
  demoInboxPort: number;
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError whose message names each variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuración inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Configuración inválida:\n  ADMIN_EMAIL y ADMIN_PASSWORD deben indicarse juntos');
  }
  if (e.HEADERS_TIMEOUT_SECONDS !== undefined && e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      'Configuración inválida:\n  HEADERS_TIMEOUT_SECONDS no puede ser mayor que REQUEST_TIMEOUT_SECONDS',
    );
  }
  const callerDir = e.INIT_CWD ?? process.cwd();
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    pgPreparedStatements: e.PG_PREPARED_STATEMENTS,
    pgPoolSize: e.PG_POOL_SIZE,
    sessionSecret: e.SESSION_SECRET,
    cookieSecure: e.COOKIE_SECURE,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    supportEmail: e.SUPPORT_EMAIL ?? null,
    logLevel: e.LOG_LEVEL,
    loginMaxAttempts: e.LOGIN_MAX_ATTEMPTS,
    loginLockMinutes: e.LOGIN_LOCK_MINUTES,
    loginMaxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    anonymityMinRaters: e.ANONYMITY_MIN_RATERS,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    // 20 s, or the request limit when that is shorter (Node wants headers ≤ request).
    headersTimeoutSeconds: e.HEADERS_TIMEOUT_SECONDS ?? Math.min(20, e.REQUEST_TIMEOUT_SECONDS),
    keepAliveTimeoutSeconds: e.KEEP_ALIVE_TIMEOUT_SECONDS,
    connectionTimeoutSeconds: e.CONNECTION_TIMEOUT_SECONDS,
    trustProxy: e.TRUST_PROXY ?? [],
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    overloadMaxLatencyMs: e.OVERLOAD_MAX_LATENCY_MS,
    overloadRetryAfterSeconds: e.OVERLOAD_RETRY_AFTER_SECONDS,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM?.trim() ?? `${e.ORGANIZATION_NAME} <no-responder@localhost>`,
    publicUrl: e.PUBLIC_URL ?? null,
    organizationName: e.ORGANIZATION_NAME,
    timeZone: e.TIME_ZONE,
    reminderDays: e.REMINDER_DAYS,
    reminderHour: e.REMINDER_HOUR,
    reminderCooldownHours: e.REMINDER_COOLDOWN_HOURS,
    mailRetrySeconds: e.MAIL_RETRY_SECONDS,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    mailPollMilliseconds: 2000,
    automaticReminders: true,
    callerDir,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(callerDir, e.WEB_DIST_DIR) : defaultWebDistDir,
    backupDir: e.BACKUP_DIR ? path.resolve(callerDir, e.BACKUP_DIR) : path.join(defaultDataDir, 'backups'),
    demoDatabaseUrl: e.DEMO_DATABASE_URL,
    demoSmtpPort: e.DEMO_SMTP_PORT,
    demoInboxPort: e.DEMO_INBOX_PORT,
  };
}
