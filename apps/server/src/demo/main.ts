import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { start } from '../main';
import { defaultDataDir } from '../paths';
import { stopOnSignals, whenStarted } from '../process/stop-on-signals';
import { startDemoMailbox } from './mailbox';
import { DEMO_PASSWORD } from './school';
import { seedDemo } from './seed';

/** `npm run demo`: the app on its own database (data/demo.db, or DEMO_DATABASE_URL) with a demo school. */
try {
  const base = loadConfig();
  const databaseUrl = base.demoDatabaseUrl ?? `sqlite:${path.join(defaultDataDir, 'demo.db')}`;
  // Mail works with nothing to install: without SMTP_URL, a mailbox of its own receives it.
  const mailbox = base.smtpUrl ? undefined : await startDemoMailbox(base.demoSmtpPort, base.demoInboxPort);
  const config = {
    ...base,
    databaseUrl,
    adminEmail: undefined,
    adminPassword: undefined,
    smtpUrl: base.smtpUrl ?? mailbox!.smtpUrl,
    // The default name ('Evalúa') becomes the demo school's.
    organizationName: base.organizationName === 'Evalúa' ? 'Colegio de demostración' : base.organizationName,
  };
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
    if (mailbox) {
      console.log(`Correo de la demostración: ${mailbox.inboxUrl}  (servidor SMTP en ${mailbox.smtpUrl})`);
      console.log('  Cada correo que envía Evalúa (enlaces de acceso, recordatorios, avisos) llega ahí.');
    } else console.log(`Correo: se envía por ${config.smtpUrl.replace(/\/\/[^@/]*@/, '//')}`);
    return {
      ...running,
      async stop() {
        await running.stop();
        await mailbox?.close();
      },
    };
  })();
  stopOnSignals(whenStarted(starting), { timeoutMs: config.shutdownTimeoutSeconds * 1000 });
  await starting;
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
