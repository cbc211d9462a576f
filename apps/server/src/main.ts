import { buildApp } from './app';
import { resolveSessionSecret } from './auth/secret';
import { purgeExpiredSessions } from './auth/sessions';
import type { Config } from './config';
import { openDatabase } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { purgeOldFailures } from './modules/auth';
import { endDeadLinks } from './modules/mail';
import { bootstrap } from './modules/setup';
import { defaultDataDir } from './paths';

export interface StartOptions {
  config: Config;
  dataDir?: string;
  /** Printed lines for a person (the setup link, the address). */
  say?: (line: string) => void;
}

/** Migrates, bootstraps the first admin, and listens. Returns a function that stops everything. */
export async function start({ config, dataDir = defaultDataDir, say = console.log }: StartOptions) {
  const handle = openDatabase(config.databaseUrl, {
    dataDir,
    callerDir: config.callerDir,
    pgPreparedStatements: config.pgPreparedStatements,
    ...(config.pgPoolSize ? { pgPoolSize: config.pgPoolSize } : {}),
  });
  await migrateToLatest(handle);
  const sessionSecret = resolveSessionSecret(config.sessionSecret, dataDir);
  const ctx = { db: handle.db, engine: handle.engine, config, sessionSecret };
  const app = await buildApp(ctx, { webDir: config.webDistDir });

  const address = await app.listen({ port: config.port, host: config.host });
  const origin = address.replace('0.0.0.0', '127.0.0.1');
  // Without PUBLIC_URL, e-mail links point where the server listens (known only now with PORT=0).
  config.publicUrl ??= origin;
  const boot = await bootstrap(
    handle.db,
    config.adminEmail && config.adminPassword
      ? { email: config.adminEmail, password: config.adminPassword }
      : undefined,
  );
  if (boot.kind === 'admin-created') say(`Administrador inicial creado: ${boot.email}`);
  if (boot.kind === 'setup-link') {
    say('No hay usuarios todavía. Crea el primer administrador con este enlace (sirve una sola vez):');
    say(`  ${origin}/setup?token=${boot.token}`);
  }
  say(`Evalúa está en ${origin} (base de datos ${handle.engine}: ${handle.location})`);

  const limits = { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours };
  // Single-use links whose token ended while the app was stopped, or expired since (decision 043).
  const removeDeadLinks = () =>
    void endDeadLinks(handle.db).catch((err: unknown) => app.log.warn({ err }, 'outbox link removal failed'));
  removeDeadLinks();
  const housekeeping = setInterval(() => {
    removeDeadLinks();
    void purgeExpiredSessions(handle.db, limits).catch((err: unknown) =>
      app.log.warn({ err }, 'session purge failed'),
    );
    void purgeOldFailures(handle.db, {
      maxAttempts: config.loginMaxAttempts,
      lockMinutes: config.loginLockMinutes,
      maxFailuresPerAddress: config.loginMaxFailuresPerAddress,
    }).catch((err: unknown) => app.log.warn({ err }, 'login-failure purge failed'));
  }, 10 * 60_000);
  housekeeping.unref();

  return {
    app,
    origin,
    /** Stops accepting, lets the requests in flight finish, then closes the database. */
    async stop() {
      clearInterval(housekeeping);
      await app.close();
      await handle.destroy();
    },
    /** Cuts every open connection (a stop that waited too long then finishes). */
    force() {
      app.server.closeAllConnections();
    },
  };
}
