import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, whatever the working directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const defaultDataDir = path.join(repoRoot, 'data');
/** The built web app (config.webDistDir: WEB_DIST_DIR points elsewhere). */
export const defaultWebDistDir = path.join(repoRoot, 'apps/web/dist');
