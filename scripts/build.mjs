#!/usr/bin/env node
// `npm run build`: the web app (Vite, to apps/web/dist) and the server (esbuild, to apps/server/dist),
// so that production runs plain `node apps/server/dist/serve.js` (decision 029).
//
//   node scripts/build.mjs               build both
//   node scripts/build.mjs --if-stale    build each only when its sources changed since its build
//   node scripts/build.mjs --server      the server only (migrate, backup and restore need no web app)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const ifStale = args.has('--if-stale');
const serverOnly = args.has('--server');

/** Test files are sources of no build: editing one does not make a build stale. */
const TEST_FILE = /\.test\.tsx?$/;

/**
 * A fingerprint of what a build is made from: every file under `paths` (relative to the
 * repository; missing ones skipped), by path and content. Content, not modification times: a
 * release unpacked by tar or copied by `rsync -a` keeps its files' older times, and a deleted or
 * renamed file leaves the others' times alone, yet each is a different source.
 * @param {string[]} paths
 */
function fingerprint(paths) {
  /** @type {string[]} */
  const files = [];
  /** @param {string} rel */
  const visit = (rel) => {
    let stat;
    try {
      stat = fs.statSync(path.join(root, rel));
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(path.join(root, rel))) visit(path.posix.join(rel, name));
    } else if (!TEST_FILE.test(rel)) {
      files.push(rel);
    }
  };
  for (const p of paths) visit(p);
  const hash = createHash('sha256');
  for (const rel of files.sort()) {
    hash.update(`${rel}\0`);
    hash.update(
      createHash('sha256')
        .update(fs.readFileSync(path.join(root, rel)))
        .digest(),
    );
  }
  return hash.digest('hex');
}

const shared = ['packages/contracts/src', 'packages/contracts/package.json', 'package-lock.json'];

/** Where each build records the fingerprint of its sources (a dot file: never served). */
const STAMP = '.build-inputs';

const targets = {
  server: {
    outdir: 'apps/server/dist',
    output: 'apps/server/dist/serve.js',
    inputs: [...shared, 'apps/server/src', 'apps/server/package.json', 'scripts/build.mjs'],
    build: buildServer,
  },
  web: {
    outdir: 'apps/web/dist',
    output: 'apps/web/dist/index.html',
    inputs: [
      ...shared,
      'apps/web/src',
      'apps/web/public',
      'apps/web/build-tools',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/tsconfig.json',
      'apps/web/package.json',
    ],
    build: buildWeb,
  },
};

/**
 * True when the build is missing or was made from other sources than the current ones.
 * @param {{ outdir: string, output: string }} target
 * @param {string} sources the current sources' fingerprint
 */
function isStale(target, sources) {
  if (!fs.existsSync(path.join(root, target.output))) return true;
  try {
    return fs.readFileSync(path.join(root, target.outdir, STAMP), 'utf8').trim() !== sources;
  } catch {
    return true;
  }
}

/** @param {string} sources the fingerprint of the sources it is built from */
async function buildServer(sources) {
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
  fs.writeFileSync(path.join(staging, STAMP), `${sources}\n`);
  const previous = `${outdir}.previous-${process.pid}`;
  if (fs.existsSync(outdir)) fs.renameSync(outdir, previous);
  fs.renameSync(staging, outdir);
  fs.rmSync(previous, { recursive: true, force: true });
}

/** @param {string} sources the fingerprint of the sources it is built from */
function buildWeb(sources) {
  // Vite's list of every asset (~190 lines) is left out: warnings and errors still show.
  const run = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error('la compilación de la aplicación web falló');
  fs.writeFileSync(path.join(root, 'apps/web/dist', STAMP), `${sources}\n`);
}

/** @type {('web' | 'server')[]} */
const chosen = serverOnly ? ['server'] : ['web', 'server'];
for (const name of chosen) {
  const target = targets[name];
  // Taken before building: a source changed during the build makes the next run build again.
  const sources = fingerprint(target.inputs);
  if (ifStale && !isStale(target, sources)) continue;
  const label = name === 'server' ? 'el servidor' : 'la aplicación web';
  console.log(`Compilando ${label}…`);
  try {
    await target.build(sources);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
