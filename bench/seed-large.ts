/**
 * A school district's worth of data in a fresh, migrated database (docs/performance.md, "Large data"):
 *
 *   npm run seed:large -- [--staff 10000] [--db sqlite|postgres] [--out FILE] [--pg-url URL]
 *
 * SQLite: --out (default data/bench/large-<staff>-v<version>.sqlite). PostgreSQL: --pg-url names the
 * database to (re)create (default: database evalua_large_<staff>_v<version> on the server of
 * BENCH_DATABASE_URL / TEST_DATABASE_URL). An earlier seed at the same place is replaced; anything
 * else holding data is left alone (the run stops).
 */
import type { Engine } from '../apps/server/src/db/connection';
import { defaultPgUrl, defaultSqliteFile, seedInto } from './lib/large-db';
import { districtSize } from './lib/large-seed';

export interface SeedLargeOptions {
  staff: number;
  db: Engine;
  out?: string;
  pgUrl?: string;
}

export function parseSeedArgs(argv: string[]): SeedLargeOptions {
  const opts: SeedLargeOptions = { staff: 10_000, db: 'sqlite' };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const [flag, inline] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i] ?? '';
    if (flag === '--staff') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 10) throw new Error('--staff needs an integer ≥ 10');
      opts.staff = n;
    } else if (flag === '--db') {
      const v = value();
      if (v !== 'sqlite' && v !== 'postgres') throw new Error(`--db is sqlite or postgres, got "${v}"`);
      opts.db = v;
    } else if (flag === '--out') opts.out = value();
    else if (flag === '--pg-url') opts.pgUrl = value();
    else throw new Error(`unknown option ${flag}`);
  }
  return opts;
}

/** Where a seed of these options goes: a SQLite file or a PostgreSQL database URL. */
export function seedLocation(opts: SeedLargeOptions): string {
  if (opts.db === 'sqlite') return opts.out ?? defaultSqliteFile(opts.staff);
  if (opts.pgUrl) return opts.pgUrl;
  const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('--db postgres needs --pg-url (or BENCH_DATABASE_URL / TEST_DATABASE_URL)');
  return defaultPgUrl(server, opts.staff);
}

const isEntryPoint =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntryPoint) {
  try {
    const opts = parseSeedArgs(process.argv.slice(2));
    const location = seedLocation(opts);
    const size = districtSize(opts.staff);
    console.log(
      `seeding a district into ${opts.db === 'sqlite' ? location : location.replace(/\/\/[^@]*@/, '//')}: ` +
        `${size.staff} staff, ${size.evaluators} evaluators, ${size.hr} HR…`,
    );
    const run = await seedInto(opts.db, location, opts.staff, (l) => console.log(l));
    const total = Object.values(run.info.counts).reduce((a, n) => a + n, 0);
    console.log(`done: ${total.toLocaleString('en')} rows in ${(run.ms / 1000).toFixed(1)} s (${opts.db})`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}
