import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { defaultDataDir } from '../paths';
import {
  BackupError,
  backupSqlite,
  postgresBackupCommand,
  postgresRestoreCommand,
  restoreSqlite,
} from './backup';
import { engineOf, sqlitePathOf } from './connection';
import { allMigrations } from './migrations/index';

/**
 * `npm run backup` and `npm run restore -- FILE` (docs/reliability.md). The database is the one
 * DATABASE_URL names (the default SQLite file otherwise); copies go to data/backups, or to
 * BACKUP_DIR. On PostgreSQL nothing is copied: the pg_dump / pg_restore commands are printed and
 * the exit status is 2, so that a scheduled job never mistakes them for a backup made.
 */

const USAGE = [
  'Uso:',
  '  npm run backup                 copia la base de datos a data/backups/evalua-AAAAMMDD-HHMMSS.db',
  '  npm run restore -- ARCHIVO     restaura esa copia (con la aplicación detenida)',
].join('\n');

async function main(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  if (command === '--help' || command === '-h' || (command !== 'backup' && command !== 'restore')) {
    console.log(USAGE);
    return command === '--help' || command === '-h' ? 0 : 1;
  }
  const config = loadConfig();
  const backupsDir = config.backupDir;
  // npm runs workspace scripts in apps/server; paths the operator typed are relative to where they typed.
  const fromCaller = (given: string) => path.resolve(config.callerDir, given);
  const known = Object.keys(allMigrations(engineOf(config.databaseUrl)));

  if (command === 'backup') {
    if (file !== undefined) {
      console.error(`Argumento inesperado: ${file}\n${USAGE}`);
      return 1;
    }
    if (engineOf(config.databaseUrl) === 'postgres') {
      console.log(
        [
          'La base de datos es PostgreSQL: esta orden no hace la copia. Hágala con pg_dump',
          '(la misma versión mayor que el servidor), con DATABASE_URL definida en el entorno:',
          '',
          `  ${postgresBackupCommand(backupsDir)}`,
          '',
          'Se puede hacer con la aplicación en marcha: pg_dump lee un estado coherente.',
        ].join('\n'),
      );
      return 2;
    }
    const target = await backupSqlite(
      sqlitePathOf(config.databaseUrl, defaultDataDir, config.callerDir),
      backupsDir,
    );
    console.log(`Copia de seguridad creada: ${target}`);
    return 0;
  }

  if (file === undefined || rest.length > 0) {
    console.error(`Indica un solo archivo que restaurar.\n${USAGE}`);
    return 1;
  }
  if (engineOf(config.databaseUrl) === 'postgres') {
    console.log(
      [
        'La base de datos es PostgreSQL: esta orden no restaura. Con la aplicación detenida, usa pg_restore',
        'con DATABASE_URL definida en el entorno (borra y vuelve a crear las tablas de la copia):',
        '',
        `  ${postgresRestoreCommand(fromCaller(file))}`,
        '',
        'Luego inicia la aplicación: aplica las migraciones que falten.',
      ].join('\n'),
    );
    return 2;
  }
  const target = sqlitePathOf(config.databaseUrl, defaultDataDir, config.callerDir);
  const { previous } = await restoreSqlite(fromCaller(file), target, backupsDir, known);
  if (previous) console.log(`Copia de la base de datos anterior: ${previous}`);
  console.log(`Base de datos restaurada: ${target} (desde ${fromCaller(file)})`);
  console.log('Inicia la aplicación: aplicará las migraciones que falten.');
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof BackupError ? err.message : err);
  process.exitCode = 1;
}
