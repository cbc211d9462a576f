import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { start } from '../main';
import { defaultDataDir } from '../paths';
import { stopOnSignals, whenStarted } from '../process/stop-on-signals';
import { DEMO_PASSWORD } from './school';
import { seedDemo } from './seed';

/** `npm run demo`: the app on its own database (data/demo.db, or DEMO_DATABASE_URL) with a demo school. */
try {
  const base = loadConfig();
  const databaseUrl = base.demoDatabaseUrl ?? `sqlite:${path.join(defaultDataDir, 'demo.db')}`;
  const config = { ...base, databaseUrl, adminEmail: undefined, adminPassword: undefined };
  // Signals are handled from the start: one that comes while seeding lets the seed and start finish.
  const starting = (async () => {
    const handle = openDatabase(databaseUrl, { dataDir: defaultDataDir, callerDir: base.callerDir });
    await migrateToLatest(handle);
    const { seeded, logins } = await seedDemo(handle.db);
    await handle.destroy();
    const running = await start({ config });
    console.log(seeded ? 'Escuela de demostración creada.' : 'Usando la escuela de demostración existente.');
    console.log(`Usuarios de demostración (contraseña para todos: ${DEMO_PASSWORD}):`);
    for (const l of logins) console.log(`  ${l.role.padEnd(14)} ${l.email}  (${l.name})`);
    return running;
  })();
  stopOnSignals(whenStarted(starting), { timeoutMs: config.shutdownTimeoutSeconds * 1000 });
  await starting;
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
