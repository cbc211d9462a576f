#!/usr/bin/env node
// `npm run build`: the web app (Vite, to apps/web/dist) and the server (esbuild, to apps/server/dist),
// so that production runs plain `node apps/server/dist/serve.js` (decision 029).
//
//   node scripts/build.mjs               build both
//   node scripts/build.mjs --if-stale    build each only when a source is newer than its build
//   node scripts/build.mjs --server      the server only (migrate, backup and restore need no web app)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const ifStale = args.has('--if-stale');
const serverOnly = args.has('--server');

/**
 * The newest modification time under each path (files and folders, recursively); 0 when none exists.
 * @param {string[]} paths relative to the repository
 */
function newest(paths) {
  let latest = 0;
  /** @param {string} p */
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    latest = Math.max(latest, stat.mtimeMs);
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  for (const p of paths) visit(path.join(root, p));
  return latest;
}

const shared = ['packages/contracts/src', 'packages/contracts/package.json', 'package-lock.json'];

const targets = {
  server: {
    output: 'apps/server/dist/serve.js',
    inputs: [...shared, 'apps/server/src', 'apps/server/package.json', 'scripts/build.mjs'],
    build: buildServer,
  },
  web: {
    output: 'apps/web/dist/index.html',
    inputs: [
      ...shared,
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
    ],
    build: buildWeb,
  },
};

/**
 * True when the build is missing or older than one of its sources.
 * @param {{ output: string, inputs: string[] }} target
 */
function isStale(target) {
  const built = newest([target.output]);
  return built === 0 || newest(target.inputs) > built;
}

async function buildServer() {
  const { build } = await import('esbuild');
  // Built beside dist and swapped in at the end: a server started from dist meanwhile (a test, a
  // running instance) never finds it half-written or missing.
  const outdir = path.join(root, 'apps/server/dist');
  const staging = `${outdir}.building-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  // Packages stay in node_modules (native modules, pdfmake's fonts, swagger-ui's files); the
  // workspace's contracts are TypeScript source and are bundled in.
  const external = Object.keys(pkg.dependencies).filter((name) => name !== '@evalua/contracts');
  await build({
    absWorkingDir: root,
    // Flat names: every file sits in apps/server/dist, as deep as apps/server/src (paths.ts).
    entryPoints: {
      serve: 'apps/server/src/serve.ts',
      migrate: 'apps/server/src/db/migrate-cli.ts',
      backup: 'apps/server/src/db/backup-cli.ts',
      demo: 'apps/server/src/demo/main.ts',
    },
    outdir: staging,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...external, 'zod'],
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  fs.writeFileSync(path.join(staging, 'package.json'), '{ "type": "module" }\n');
  const previous = `${outdir}.previous-${process.pid}`;
  if (fs.existsSync(outdir)) fs.renameSync(outdir, previous);
  fs.renameSync(staging, outdir);
  fs.rmSync(previous, { recursive: true, force: true });
}

function buildWeb() {
  const run = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('la compilación de la aplicación web falló');
}

/** @type {('web' | 'server')[]} */
const chosen = serverOnly ? ['server'] : ['web', 'server'];
for (const name of chosen) {
  const target = targets[name];
  if (ifStale && !isStale(target)) continue;
  const label = name === 'server' ? 'el servidor' : 'la aplicación web';
  console.log(`Compilando ${label}…`);
  try {
    await target.build();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
