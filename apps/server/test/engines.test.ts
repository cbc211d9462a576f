import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Every package.json under node_modules (scoped and nested ones too), as npm installed them. */
function installedPackages(dir: string, found: string[] = []): string[] {
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const at = path.join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      installedPackages(at, found);
      continue;
    }
    const manifest = path.join(at, 'package.json');
    if (fs.existsSync(manifest)) found.push(manifest);
    installedPackages(path.join(at, 'node_modules'), found);
  }
  return found;
}

describe('the install runs on the Node.js this machine has (issue 29 §8, decision 047)', () => {
  it('holds no package whose engines refuse it (npm would print EBADENGINE)', () => {
    const node = process.versions.node;
    const ours = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    expect(semver.satisfies(node, ours.engines.node)).toBe(true);
    const refusing: string[] = [];
    for (const manifest of installedPackages(path.join(root, 'node_modules'))) {
      const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
        name?: string;
        version?: string;
        engines?: { node?: unknown };
      };
      const wanted = pkg.engines?.node;
      if (typeof wanted !== 'string' || semver.validRange(wanted) === null) continue;
      if (!semver.satisfies(node, wanted)) refusing.push(`${pkg.name}@${pkg.version} quiere node ${wanted}`);
    }
    expect(refusing).toEqual([]);
  });
});
