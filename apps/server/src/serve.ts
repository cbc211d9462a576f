import { ConfigError, loadConfig } from './config';
import { start } from './main';
import { stopOnSignals, whenStarted } from './process/stop-on-signals';

/**
 * `npm start` (node apps/server/dist/serve.js): the app on DATABASE_URL until SIGTERM or SIGINT.
 * The signals are handled from the start: one that comes while migrating waits for the migrations.
 */
try {
  const config = loadConfig();
  const starting = start({ config });
  stopOnSignals(whenStarted(starting), { timeoutMs: config.shutdownTimeoutSeconds * 1000 });
  await starting;
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `No se pudo iniciar Evalúa: ${String(err)}`);
  process.exit(1);
}
