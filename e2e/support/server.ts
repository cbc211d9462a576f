import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  origin: string;
  output: string[];
  stop(): Promise<void>;
}

/**
 * Starts the real, built app in a child process on a random port, on a fresh SQLite file.
 * `demo` seeds the demo school (one login per role); otherwise the database starts empty.
 */
export async function startServer(
  opts: { demo?: boolean; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const webDist = process.env.WEB_DIST_DIR
    ? path.resolve(process.env.WEB_DIST_DIR)
    : path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`Falta la compilación web (${webDist}): ejecuta npm run build antes de las pruebas e2e.`);
  }
  // The server as production runs it: plain node on its build (decision 029).
  const entry = path.join(root, 'apps/server/dist', opts.demo ? 'demo.js' : 'serve.js');
  if (!fs.existsSync(entry)) {
    throw new Error(
      `Falta la compilación del servidor (${entry}): ejecuta npm run build antes de las pruebas e2e.`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      // The overload guard off: Chromium and other suites share the CPU (decision 029).
      OVERLOAD_MAX_LATENCY_MS: '0',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
      DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`,
      DEMO_DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`,
      // The demo's own mailbox on free ports: several demo servers run at once.
      DEMO_SMTP_PORT: '0',
      DEMO_INBOX_PORT: '0',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`el servidor no arrancó:\n${output.join('')}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const m = /Evalúa está en (http:\/\/[\d.]+:\d+)/.exec(output.join(''));
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => output.push(c.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`el servidor terminó (${code}):\n${output.join('')}`));
    });
  });
  return {
    origin,
    output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
