import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../../../../../bench/lib/app-process';

/**
 * nginx (Debian's package) in front of the app instances, for the reliability test: the documented
 * site file deploy/nginx/evalua.conf is rendered into a temporary directory — only its ports,
 * certificate paths and log paths replaced — and included by a small main configuration standing
 * in for /etc/nginx/nginx.conf (pid, logs and temporary files in that directory). TLS uses a
 * self-signed certificate made with openssl. Reloads go through deploy/rolling-restart.sh, the
 * operators' script.
 */

const execFileAsync = promisify(execFile);

export const SITE_TEMPLATE = path.join(repoRoot, 'deploy/nginx/evalua.conf');
export const ROLLING_RESTART = path.join(repoRoot, 'deploy/rolling-restart.sh');
/** The upstream ports the documented site file uses (evalua@3001 … evalua@3003). */
const DOCUMENTED_PORTS = [3001, 3002, 3003];

/** A port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface SiteValues {
  appPorts: readonly number[];
  httpPort: number;
  httpsPort: number;
  certFile: string;
  keyFile: string;
  accessLog: string;
  errorLog: string;
}

/**
 * The documented site file with the test's values. Each replacement must match exactly as often as
 * expected: if the file changes shape, this fails instead of testing something else.
 */
export function renderSite(template: string, v: SiteValues): string {
  if (v.appPorts.length !== DOCUMENTED_PORTS.length) throw new Error('renderSite: three app ports');
  const replacements: Array<[RegExp, string | ((m: string, ...g: string[]) => string), number]> = [
    [
      /^(\s*server\s+127\.0\.0\.1:)(300[123])(\s)/gm,
      (_m, head, port, tail) => `${head}${v.appPorts[DOCUMENTED_PORTS.indexOf(Number(port))]}${tail}`,
      3,
    ],
    [/^\s*listen 80;$/gm, `    listen 127.0.0.1:${v.httpPort};`, 1],
    [/^\s*listen \[::\]:80;\n/gm, '', 1],
    [/^\s*listen 443 ssl http2;$/gm, `    listen 127.0.0.1:${v.httpsPort} ssl http2;`, 1],
    [/^\s*listen \[::\]:443 ssl http2;\n/gm, '', 1],
    [/\/etc\/letsencrypt\/live\/evalua\.example\.org\/fullchain\.pem/g, v.certFile, 1],
    [/\/etc\/letsencrypt\/live\/evalua\.example\.org\/privkey\.pem/g, v.keyFile, 1],
    [/\/var\/log\/nginx\/evalua\.access\.log/g, v.accessLog, 1],
    [/\/var\/log\/nginx\/evalua\.error\.log/g, v.errorLog, 1],
  ];
  let out = template;
  for (const [pattern, replacement, expected] of replacements) {
    const found = out.match(pattern)?.length ?? 0;
    if (found !== expected) {
      throw new Error(`deploy/nginx/evalua.conf: ${pattern} matched ${found} times, expected ${expected}`);
    }
    out =
      typeof replacement === 'string'
        ? out.replace(pattern, replacement)
        : out.replace(pattern, replacement as (m: string, ...g: string[]) => string);
  }
  return out;
}

/** One line of nginx's access log (the site's `evalua_json` format). */
export interface AccessLogLine {
  time: string;
  request_id: string;
  client: string;
  method: string;
  uri: string;
  status: number;
  request_time: number;
  /** "127.0.0.1:3001", or "a, b" when nginx went on to another instance. */
  upstream: string;
  upstream_status: string;
}

export interface Nginx {
  dir: string;
  origin: string;
  httpOrigin: string;
  /** The self-signed certificate (PEM) the client trusts. */
  ca: string;
  /** The rendered site file (what deploy/rolling-restart.sh edits). */
  siteFile: string;
  /** deploy/rolling-restart.sh drain|undrain PORT against this nginx. */
  rollingRestart(action: 'drain' | 'undrain', port: number): Promise<string>;
  /**
   * The access log, once it has a line for each of `requestIds` (nginx writes a line after the
   * response is sent, so a client can be done before its line is written): up to 5 s.
   */
  accessLog(requestIds?: Iterable<string>): Promise<AccessLogLine[]>;
  errorLog(): string;
  stop(): Promise<void>;
}

export async function startNginx(appPorts: readonly number[]): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-nginx-'));
  // nginx's workers run as `nobody` when the master is root: they must reach the temp paths.
  fs.chmodSync(dir, 0o755);
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  const openssl = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-nodes',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-days',
      '2',
      '-subj',
      '/CN=evalua.test',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { encoding: 'utf8' },
  );
  if (openssl.status !== 0) throw new Error(`openssl failed: ${openssl.stderr}`);

  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const accessLog = path.join(dir, 'access.log');
  const siteFile = path.join(dir, 'evalua.conf');
  fs.writeFileSync(
    siteFile,
    renderSite(fs.readFileSync(SITE_TEMPLATE, 'utf8'), {
      appPorts,
      httpPort,
      httpsPort,
      certFile,
      keyFile,
      accessLog,
      errorLog: path.join(dir, 'site-error.log'),
    }),
  );
  const errorLog = path.join(dir, 'error.log');
  const pidFile = path.join(dir, 'nginx.pid');
  const tmp = (name: string) => path.join(dir, 'tmp', name);
  // What Debian's /etc/nginx/nginx.conf provides around sites-enabled/*, with paths in `dir`.
  const mainConf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    mainConf,
    [
      'worker_processes 2;',
      `pid ${pidFile};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      `  client_body_temp_path ${tmp('body')};`,
      `  proxy_temp_path ${tmp('proxy')};`,
      `  fastcgi_temp_path ${tmp('fastcgi')};`,
      `  uwsgi_temp_path ${tmp('uwsgi')};`,
      `  scgi_temp_path ${tmp('scgi')};`,
      `  include ${siteFile};`,
      '}',
      '',
    ].join('\n'),
  );
  fs.mkdirSync(path.join(dir, 'tmp'), { mode: 0o755 });
  const nginxArgs = ['-c', mainConf, '-e', errorLog];

  const test = spawnSync('nginx', [...nginxArgs, '-t', '-q'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);

  const child: ChildProcess = spawn('nginx', [...nginxArgs, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (c: Buffer) => output.push(c.toString()));
  child.stderr?.on('data', (c: Buffer) => output.push(c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const readErrorLog = () => (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '');

  // Ready when the TLS port accepts a connection.
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${output.join('')}${readErrorLog()}`);
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(httpsPort, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (open && fs.existsSync(pidFile)) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen:\n${output.join('')}${readErrorLog()}`);
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    dir,
    origin: `https://127.0.0.1:${httpsPort}`,
    httpOrigin: `http://127.0.0.1:${httpPort}`,
    ca: fs.readFileSync(certFile, 'utf8'),
    siteFile,
    async rollingRestart(action, port) {
      const { stdout, stderr } = await execFileAsync('bash', [ROLLING_RESTART, action, String(port)], {
        env: {
          ...process.env,
          EVALUA_NGINX_SITE: siteFile,
          EVALUA_NGINX_CMD: ['nginx', ...nginxArgs].join(' '),
          NGINX_PID_FILE: pidFile,
          DRAIN_TIMEOUT: '30',
          HEALTH_TIMEOUT: '30',
        },
      });
      return stdout + stderr;
    },
    async accessLog(requestIds = []) {
      const wanted = [...requestIds];
      const deadline = Date.now() + 5000;
      for (;;) {
        const lines = fs.existsSync(accessLog)
          ? fs
              .readFileSync(accessLog, 'utf8')
              .split('\n')
              .filter((l) => l.endsWith('}'))
              .map((l) => JSON.parse(l) as AccessLogLine)
          : [];
        const seen = new Set(lines.map((l) => l.request_id));
        if (wanted.every((id) => seen.has(id)) || Date.now() > deadline) return lines;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    errorLog: readErrorLog,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
