import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * A private PostgreSQL cluster for one test (initdb + pg_ctl on a free loopback port), so the test
 * can stop and start PostgreSQL without touching the machine's shared server.
 */

/** The newest PostgreSQL bin folder with initdb and pg_ctl (PG_BIN overrides), or undefined. */
export function findPgBin(): string | undefined {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : (fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : [])
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => path.join('/usr/lib/postgresql', v, 'bin'));
  return candidates.find((bin) => ['initdb', 'pg_ctl'].every((t) => fs.existsSync(path.join(bin, t))));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export interface PgCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  url: string;
  /** `pg_ctl stop -m <mode>`, waiting until it is down. */
  stop(mode?: 'fast' | 'immediate' | 'smart'): Promise<void>;
  /** `pg_ctl start`, waiting until it accepts connections. */
  start(): Promise<void>;
  /** Stops the server if it runs and deletes its files. */
  destroy(): Promise<void>;
  log(): string;
}

/** initdb and start a cluster. PostgreSQL refuses to run as root: as root, it runs as the postgres user. */
export async function startPgCluster(bin: string, port: number): Promise<PgCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    fs.chownSync(dir, uid, gid);
  }
  // Asynchronous: the test keeps sending requests while pg_ctl works.
  const run = async (args: string[]) => {
    const cmd = args.map(quote).join(' ');
    const [file, argv] = asRoot ? ['su', ['postgres', '-s', '/bin/sh', '-c', cmd]] : ['sh', ['-c', cmd]];
    await execFileAsync(file as string, argv as string[], { timeout: 120_000 });
  };
  await run([path.join(bin, 'initdb'), '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const start = () =>
    run([
      path.join(bin, 'pg_ctl'),
      '-D',
      data,
      '-l',
      logFile,
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      'start',
    ]);
  const stop = (mode: 'fast' | 'immediate' | 'smart' = 'fast') =>
    run([path.join(bin, 'pg_ctl'), '-D', data, '-w', '-t', '60', '-m', mode, 'stop']);
  await start();
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    async destroy() {
      try {
        await stop('immediate');
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
  };
}
