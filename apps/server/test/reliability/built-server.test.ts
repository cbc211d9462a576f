import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, buildIfStale, repoRoot, startApp, type AppProcess } from '../../../../bench/lib/app-process';
import { Session } from '../../../../bench/lib/http';
import { createV1Round, fullSubmitBody, logIn } from '../../../../bench/lib/rounds';
import { havePoppler, pdfText } from '../pdf';

/**
 * Production runs the build with plain node (decision 029): `npm run build` writes
 * apps/server/dist, and serve, migrate, backup and demo run from it without tsx. Checked here on the
 * built files themselves: migrations, the web app, a PDF, an Excel export, a backup and the demo.
 */

const dist = (name: string) => path.join(repoRoot, 'apps/server/dist', name);

function runBuilt(script: string, args: string[], env: Record<string, string>) {
  return execFileSync(process.execPath, [dist(script), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
}

async function download(session: Session, url: string) {
  const res = await fetch(session.origin + url, { headers: { cookie: session.cookieHeader() } });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

describe('the built server (apps/server/dist)', () => {
  let dir: string;
  let databaseUrl: string;
  let app: AppProcess;

  beforeAll(async () => {
    buildIfStale(true);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-built-'));
    databaseUrl = `sqlite:${path.join(dir, 'app.db')}`;
  });
  afterAll(async () => {
    await app?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('--if-stale rebuilds when the sources change, even to files with older times (tar, rsync -a)', () => {
    // A copy of what the server build reads, with the repository's packages.
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'evalua-build-'));
    try {
      for (const rel of [
        'scripts/build.mjs',
        'apps/server/src',
        'apps/server/package.json',
        'packages/contracts/src',
        'packages/contracts/package.json',
        'package-lock.json',
      ]) {
        fs.cpSync(path.join(repoRoot, rel), path.join(copy, rel), { recursive: true });
      }
      fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(copy, 'node_modules'));
      const build = () =>
        execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale', '--server'], {
          cwd: copy,
          encoding: 'utf8',
        });
      expect(build()).toContain('Compilando el servidor');
      expect(build()).toBe('');

      // A release unpacked over the old one: new content, but the time it had when packed.
      const serve = path.join(copy, 'apps/server/src/serve.ts');
      const old = new Date('2020-01-01T00:00:00Z');
      fs.appendFileSync(serve, '\nconsole.log("build-marker-2");\n');
      fs.utimesSync(serve, old, old);
      fs.utimesSync(path.dirname(serve), old, old);
      expect(build()).toContain('Compilando el servidor');
      expect(fs.readFileSync(path.join(copy, 'apps/server/dist/serve.js'), 'utf8')).toContain(
        'build-marker-2',
      );
      expect(build()).toBe('');

      // A file removed (its folder's time set back as tar leaves it): the build is stale too.
      const dir = path.join(copy, 'apps/server/src/http');
      fs.rmSync(path.join(dir, 'overload.test.ts'));
      expect(build()).toBe(''); // test files are not sources of the build
      fs.writeFileSync(path.join(dir, 'unused-helper.ts'), 'export const unused = 1;\n');
      fs.utimesSync(path.join(dir, 'unused-helper.ts'), old, old);
      fs.utimesSync(dir, old, old);
      expect(build()).toContain('Compilando el servidor');
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  it('is plain JavaScript that loads no TypeScript loader', () => {
    for (const name of ['serve.js', 'migrate.js', 'backup.js', 'demo.js']) {
      expect(fs.existsSync(dist(name)), name).toBe(true);
    }
    const code = fs
      .readdirSync(dist('.'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => fs.readFileSync(dist(f), 'utf8'))
      .join('\n');
    expect(code).not.toMatch(/from ["']tsx|import\(["']tsx|\.ts["']\)/);
  });

  it('migrates a new database, and says so when it is up to date', () => {
    expect(runBuilt('migrate.js', [], { DATABASE_URL: databaseUrl })).toMatch(
      /^Migraciones aplicadas: 0001-/,
    );
    expect(runBuilt('migrate.js', [], { DATABASE_URL: databaseUrl }).trim()).toBe(
      'La base de datos ya está al día.',
    );
  });

  it('serves the web app, a PDF and an Excel export', async () => {
    app = await startApp({ databaseUrl, admin: ADMIN, web: true });
    // apps/server/bin/serve execs node on the build with the memory settings (decision 030).
    const cmdline = fs.readFileSync(`/proc/${app.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(cmdline.slice(1)).toEqual([
      '--heap-growing-percent=25',
      '--max-semi-space-size=4',
      `${path.join(repoRoot, 'apps/server/bin')}/../dist/serve.js`,
    ]);
    const environ = fs.readFileSync(`/proc/${app.pid}/environ`, 'utf8').split('\0');
    expect(environ).toContain('MALLOC_MMAP_THRESHOLD_=131072');

    const page = await fetch(`${app.origin}/login`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(app.origin + script!, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);

    const admin = new Session(app.origin);
    await logIn(admin, ADMIN.email, ADMIN.password);
    const round = await createV1Round(admin, { questions: 4, collaborators: 1 });
    const evaluator = new Session(app.origin);
    await logIn(evaluator, round.evaluator.email, round.evaluator.password);
    const c = round.collaboratorIds[0]!;
    const submitted = await evaluator.post(
      '/api/full-evaluation/full-submit',
      fullSubmitBody(round, round.evaluationId, c, round.evaluator.id),
    );
    expect(submitted.status, submitted.text).toBe(201);

    const pdf = await download(admin, `/api/reports/full/${round.evaluationId}/${c}/pdf`);
    expect([pdf.status, pdf.type]).toEqual([200, 'application/pdf']);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    if (havePoppler) expect(pdfText(pdf.bytes)).toContain('Colaborador 1');

    const xlsx = await download(admin, '/api/reports/export?format=xlsx');
    expect(xlsx.status).toBe(200);
    expect(xlsx.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const cells = book.worksheets.flatMap((sheet) =>
      sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? row.map(String) : [])),
    );
    expect(cells).toContain('Colaborador 1');
  });

  it('writes one access line per request at the default level: within a second, and the last ones at the stop', async () => {
    const logged = await startApp({ databaseUrl, env: { LOG_LEVEL: 'info' } });
    try {
      const lineOf = (id: string) =>
        logged.output
          .join('')
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as { reqId?: string; msg: string; url?: string; statusCode?: number })
          .find((l) => l.reqId === id && l.msg === 'request completed');
      const health = await fetch(`${logged.origin}/api/health`, { headers: { 'x-request-id': 'acceso-1' } });
      expect(health.status).toBe(200);
      // Written in blocks (decision 031), and at least once a second.
      const until = Date.now() + 5000;
      while (!lineOf('acceso-1') && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(lineOf('acceso-1')).toMatchObject({ url: '/api/health', statusCode: 200 });
      // A request answered just before a stop is in the log once the process has exited.
      const last = await fetch(`${logged.origin}/api/nada`, { headers: { 'x-request-id': 'acceso-2' } });
      expect(last.status).toBe(404);
      await logged.stop();
      expect(lineOf('acceso-2')).toMatchObject({ url: '/api/nada', statusCode: 404 });
    } finally {
      await logged.stop();
    }
  });

  it('backs up the database and restores the copy from the build', () => {
    const backups = path.join(dir, 'backups');
    const out = runBuilt('backup.js', ['backup'], { DATABASE_URL: databaseUrl, BACKUP_DIR: backups });
    expect(out).toMatch(/^Copia de seguridad creada: /);
    const copies = fs.readdirSync(backups).filter((f) => f.endsWith('.db'));
    expect(copies).toHaveLength(1);

    // Restored into another file (the running app keeps its own), then served: the data is there.
    const restoredUrl = `sqlite:${path.join(dir, 'restored.db')}`;
    const restored = runBuilt('backup.js', ['restore', path.join(backups, copies[0]!)], {
      DATABASE_URL: restoredUrl,
      BACKUP_DIR: backups,
    });
    expect(restored).toContain('Base de datos restaurada: ');
    expect(runBuilt('migrate.js', [], { DATABASE_URL: restoredUrl }).trim()).toBe(
      'La base de datos ya está al día.',
    );
  });

  it('runs the demo from the build and stops on SIGTERM with exit 0', async () => {
    const child = spawn(process.execPath, [dist('demo.js')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: '0',
        LOG_LEVEL: 'warn',
        DEMO_DATABASE_URL: `sqlite:${path.join(dir, 'demo.db')}`,
        WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        output += c.toString();
        if (output.includes('Usuarios de demostración')) resolve();
      });
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      void exited.then((code) => reject(new Error(`the demo exited (${code}):\n${output}`)));
    });
    const origin = /Evalúa está en (http:\/\/[\d.]+:\d+)/.exec(output)?.[1];
    expect(origin).toBeDefined();
    const health = await fetch(`${origin}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('Evalúa se detuvo.');
  });
});
