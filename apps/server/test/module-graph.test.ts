import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No two server modules depend on each other, directly or round a longer loop (decision 049): the
 * graph of apps/server/src/modules/<m>, drawn from the import statements of each module's files (tests
 * left out), has no cycle. import-x/no-cycle sees loops between files; this sees loops between modules,
 * which can pass through different files each way.
 */
const modulesDir = path.resolve(import.meta.dirname, '../src/modules');

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)'([^']+)'/g;

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return filesOf(p);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** Each module and the modules its files import (by relative path). */
export function moduleGraph(): Map<string, Set<string>> {
  const modules = fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const graph = new Map(modules.map((m) => [m, new Set<string>()]));
  for (const m of modules) {
    for (const file of filesOf(path.join(modulesDir, m))) {
      for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
        if (!spec?.startsWith('.')) continue;
        const rel = path.relative(modulesDir, path.resolve(path.dirname(file), spec));
        const [top] = rel.split(path.sep);
        if (!rel.startsWith('..') && top && top !== m && graph.has(top)) graph.get(m)?.add(top);
      }
    }
  }
  return graph;
}

/** Every elementary loop found by a depth-first walk, each as `a → b → … → a` (one per back edge). */
export function cyclesOf(graph: Map<string, Set<string>>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (m: string) => {
    state.set(m, 'open');
    stack.push(m);
    for (const next of [...(graph.get(m) ?? [])].sort()) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(m, 'done');
  };
  for (const m of [...graph.keys()].sort()) if (!state.has(m)) visit(m);
  return cycles;
}

describe('the server module graph', () => {
  it('is read from the imports (a sanity check: assignments reads users)', () => {
    const graph = moduleGraph();
    expect(graph.get('assignments')?.has('users')).toBe(true);
    expect(graph.get('v2-insight')?.has('v2-results')).toBe(true);
  });

  it('finds a loop when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cyclesOf(graph)).toEqual(['a → b → c → a']);
  });

  it('has no cycle: no two modules depend on each other, directly or through others', () => {
    expect(cyclesOf(moduleGraph())).toEqual([]);
  });
});

/** The top-level folders of apps/server/src (http, auth, db, modules…) and the folders each imports. */
function folderGraph(): Map<string, Set<string>> {
  const src = path.dirname(modulesDir);
  const folders = fs
    .readdirSync(src, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const graph = new Map(folders.map((f) => [f, new Set<string>()]));
  for (const f of folders) {
    for (const file of filesOf(path.join(src, f))) {
      for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
        if (!spec?.startsWith('.')) continue;
        const [top] = path.relative(src, path.resolve(path.dirname(file), spec)).split(path.sep);
        if (top && top !== f && graph.has(top)) graph.get(f)?.add(top);
      }
    }
  }
  return graph;
}

describe('the server folder graph (issue 29: no folder-level loop)', () => {
  it('is read from the imports (a sanity check: modules use http and db)', () => {
    const graph = folderGraph();
    expect(graph.get('modules')?.has('http')).toBe(true);
    expect(graph.get('auth')?.has('db')).toBe(true);
  });

  it('has no loop between the top-level folders of apps/server/src', () => {
    expect(cyclesOf(folderGraph())).toEqual([]);
  });
});
