import { ConfigError, loadConfig } from './config';
import { start } from './main';
import { stopOnSignals } from './process/stop-on-signals';

/** `npm start` (node apps/server/dist/serve.js): the app on DATABASE_URL until SIGTERM or SIGINT. */
try {
  const config = loadConfig();
  const running = await start({ config });
  stopOnSignals(running, { timeoutMs: config.shutdownTimeoutSeconds * 1000 });
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `No se pudo iniciar Evalúa: ${String(err)}`);
  process.exit(1);
}
