import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** One chunk of Vite's build manifest (.vite/manifest.json, `build.manifest: true`). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteWeight {
  /** The lazily loaded module (the manifest key, e.g. src/features/auth/LoginPage.tsx). */
  module: string;
  /** Every JavaScript file the browser fetches for it, entry included. */
  files: string[];
  /** Their gzipped size in bytes (gzip -9: the .gz the server sends). */
  gzipBytes: number;
}

export interface BundleWeights {
  entry: RouteWeight;
  /** The signed-in frame's lazy chunks (src/app/*, not app/screens/): every signed-in screen loads them. */
  shell: string[];
  /** /login: the entry, its static imports and the login page's static imports (nothing lazy). */
  login: RouteWeight;
  /** Each lazy module, at its heaviest: entry + frame + its static and lazy imports. */
  routes: RouteWeight[];
}

export const LOGIN_MODULE = 'src/features/auth/LoginPage.tsx';

export function readManifest(dist: string): Manifest {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) {
    throw new Error(`No hay manifiesto en ${file}: compila la web (npm run build -w apps/web) antes.`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/**
 * The JavaScript a route fetches, measured on the built app: Vite's manifest gives each chunk's
 * static imports (modulepreloaded with it) and lazy imports; every file is gzipped like the server's
 * .gz copies. index.html's own <script>/<link rel="modulepreload"> tags count towards the entry.
 */
export function measureBundle(dist: string): BundleWeights {
  const manifest = readManifest(dist);
  const chunk = (key: string): ManifestChunk => {
    const found = manifest[key];
    if (!found) throw new Error(`El manifiesto no tiene ${key}`);
    return found;
  };
  const sizes = new Map<string, number>();
  const gzipSize = (file: string): number => {
    let size = sizes.get(file);
    if (size === undefined) {
      const data = fs.readFileSync(path.join(dist, file));
      size = zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION }).length;
      sizes.set(file, size);
    }
    return size;
  };
  /**
   * The chunks `keys` load: static imports always, lazy imports too when `lazy` (but not the entry's:
   * lazy chunks import the entry, whose lazy imports are the other screens).
   */
  const closure = (keys: string[], lazy: boolean): Set<string> => {
    const seen = new Set<string>();
    const stack = [...keys];
    for (let key = stack.pop(); key !== undefined; key = stack.pop()) {
      if (seen.has(key)) continue;
      seen.add(key);
      const c = chunk(key);
      stack.push(...(c.imports ?? []), ...(lazy && !c.isEntry ? (c.dynamicImports ?? []) : []));
    }
    return seen;
  };

  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('El manifiesto no tiene entrada (index.html)');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const htmlScripts = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g),
  ].map((m) => m[1] as string);
  const entryFiles = new Set([...[...closure([entryKey], false)].map((k) => chunk(k).file), ...htmlScripts]);

  const weigh = (module: string, keys: Set<string>): RouteWeight => {
    const files = [...new Set([...entryFiles, ...[...keys].map((k) => chunk(k).file)])].sort();
    return { module, files, gzipBytes: files.reduce((sum, f) => sum + gzipSize(f), 0) };
  };

  const lazyModules = Object.keys(manifest).filter((k) => manifest[k]?.isDynamicEntry);
  // The frame's own lazy chunks (layout, toasts); screens composed in app/screens/ are routes.
  const shell = lazyModules.filter((k) => k.startsWith('src/app/') && !k.startsWith('src/app/screens/'));
  const shellKeys = closure(shell, false);
  return {
    entry: weigh(entryKey, new Set()),
    shell,
    login: weigh(LOGIN_MODULE, closure([LOGIN_MODULE], false)),
    routes: lazyModules
      .map((m) => weigh(m, new Set([...shellKeys, ...closure([m], true)])))
      .sort((a, b) => b.gzipBytes - a.gzipBytes),
  };
}

export const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;
