import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
export const ADMIN = { email: 'admin@evalua.test', password: 'Clave-Admin-2026' } as const;

export interface AppProcess {
  origin: string;
  pid: number;
  /** stdout and stderr so far (for failure messages). */
  output: string[];
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  alive(): boolean;
  /** Sends `signal` and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** A graceful stop (SIGTERM), if still running. */
  stop(): Promise<void>;
}

export interface StartAppOptions {
  databaseUrl: string;
  /** Creates the first admin (ADMIN_EMAIL/ADMIN_PASSWORD) when the database has no user. */
  admin?: { email: string; password: string };
  /** Serve the built web app (apps/web/dist) when it exists; otherwise the app runs API-only. */
  web?: boolean;
  env?: Record<string, string>;
  /** Another entry point than the app's, run through tsx (e.g. bench/ceiling.ts). */
  entry?: string;
  /** What the process prints once it listens, with the origin as the first group. */
  ready?: RegExp;
  /** Extra node flags (e.g. --cpu-prof, which NODE_OPTIONS does not accept). */
  nodeArgs?: string[];
}

/** Builds the server (and the web app when asked) when a source is newer than its build, as `npm start` does. */
export function buildIfStale(web: boolean): void {
  const run = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale', ...(web ? [] : ['--server'])], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the build failed:\n${run.stdout}${run.stderr}`);
}

/**
 * Starts the real app in a child process on a random loopback port, as `npm start` does (plain node
 * on the build through apps/server/bin/serve, built first when stale), and waits for "Evalúa está
 * en http://…".
 */
/** Characters of the app's output kept (the last ones). */
const OUTPUT_KEEP = 1 << 20;

export async function startApp(opts: StartAppOptions): Promise<AppProcess> {
  const webDir = path.join(repoRoot, 'apps/web/dist');
  if (!opts.entry) buildIfStale(opts.web === true);
  const useWeb = opts.web === true && fs.existsSync(path.join(webDir, 'index.html'));
  const ready = opts.ready ?? /Evalúa está en (http:\/\/[\d.]+:\d+)/;
  // The app as `npm start` runs it: apps/server/bin/serve (node with the memory settings of
  // decision 030 on the build), extra node flags as its arguments; another entry through tsx.
  const [command, args] = opts.entry
    ? [process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', opts.entry]]
    : [path.join(repoRoot, 'apps/server/bin/serve'), opts.nodeArgs ?? []];
  const child: ChildProcess = spawn(command, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE: process.execPath,
      // The overload guard off unless asked for: the bench measures capacity at saturation, and
      // reliability tests share the machine's CPU with other suites (decision 029).
      OVERLOAD_MAX_LATENCY_MS: '0',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: BENCH_SECRET,
      DATABASE_URL: opts.databaseUrl,
      // API-only: a web folder that does not exist.
      WEB_DIST_DIR: useWeb ? webDir : path.join(repoRoot, 'bench/.no-web'),
      ...(opts.admin ? { ADMIN_EMAIL: opts.admin.email, ADMIN_PASSWORD: opts.admin.password } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  // The output is kept for error messages and tests, its last MB only: an app logging every
  // request (LOG_LEVEL=info) writes tens of MB in a run, and its writes to the pipe wait for us.
  let kept = 0;
  const keep = (text: string) => {
    output.push(text);
    kept += text.length;
    while (kept > OUTPUT_KEEP && output.length > 1) kept -= output.shift()!.length;
  };
  child.stderr?.on('data', (c: Buffer) => keep(c.toString()));
  let started = false;
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the app did not start within 60 s:\n${output.join('')}`)),
      60_000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      keep(chunk.toString());
      if (started) return;
      const m = ready.exec(output.join(''));
      if (m) {
        started = true;
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited (${code}) before listening:\n${output.join('')}`));
    });
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    origin,
    pid: child.pid!,
    output,
    exited,
    alive,
    async kill(signal) {
      if (alive()) {
        child.kill(signal);
        await exited;
      }
    },
    async stop() {
      if (!alive()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
