import { ConfigError, loadConfig } from '../config';
import { defaultDataDir } from '../paths';
import { openDatabase } from './connection';
import { migrateToLatest } from './migrate';

try {
  const config = loadConfig();
  const handle = openDatabase(config.databaseUrl, { dataDir: defaultDataDir, callerDir: config.callerDir });
  try {
    const applied = await migrateToLatest(handle);
    console.log(
      applied.length ? `Migraciones aplicadas: ${applied.join(', ')}` : 'La base de datos ya está al día.',
    );
  } finally {
    await handle.destroy();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
