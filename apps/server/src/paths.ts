import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, whatever the working directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const defaultDataDir = path.join(repoRoot, 'data');
export const webDistDir = path.join(repoRoot, 'apps/web/dist');
