import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web's layers (decision 048, eslint.config.js `webZones`): probes that the lint refuses every
 * forbidden direction, and a walk of apps/web/src's imports that finds no loop between its folders.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const src = path.join(repoRoot, 'apps/web/src');

const ZONE_RULE = 'import-x/no-restricted-paths';

/** The zone rule's messages for `code` as if it were the file `file` (relative to apps/web/src). */
async function zoneErrors(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot, ruleFilter: ({ ruleId }) => ruleId === ZONE_RULE });
  const [result] = await eslint.lintText(code, { filePath: path.join(src, file) });
  expect(result?.messages.filter((m) => m.fatal)).toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === ZONE_RULE).map((m) => m.message);
}

describe('the web lint zones (eslint.config.js)', () => {
  // Each probe imports a file that exists: the rule judges resolved paths.
  const forbidden: { from: string; file: string; code: string; says: string }[] = [
    {
      from: 'a feature → app/',
      file: 'features/home/Probe.tsx',
      code: "import { Layout } from '../../app/Layout';\nexport { Layout };\n",
      says: 'Solo main.tsx importa app/',
    },
    {
      from: 'a feature → another feature',
      file: 'features/home/Probe.tsx',
      code: "import { MyResults } from '../v1-results/MyResults';\nexport { MyResults };\n",
      says: 'Una funcionalidad no importa otra',
    },
    {
      from: 'components/ → a feature',
      file: 'components/Probe.tsx',
      code: "import { MyResults } from '../features/v1-results/MyResults';\nexport { MyResults };\n",
      says: 'components/ no importa funcionalidades',
    },
    {
      from: 'components/ → app/',
      file: 'components/lists/Probe.tsx',
      code: "import { SCREENS } from '../../app/route-table';\nexport { SCREENS };\n",
      says: 'Solo main.tsx importa app/',
    },
    {
      from: 'api/ → a feature',
      file: 'api/queries/probe.ts',
      code: "import { useReportsPage } from '../../features/v1-results/api/reports';\nexport { useReportsPage };\n",
      says: 'api/ no importa funcionalidades',
    },
    {
      from: 'api/ → app/',
      file: 'api/probe.ts',
      code: "import { MANAGERS } from '../app/route-table';\nexport { MANAGERS };\n",
      says: 'Solo main.tsx importa app/',
    },
    {
      from: 'a screen (not a test) → test-support/',
      file: 'features/home/Probe.tsx',
      code: "import { meAs } from '../../test-support/render';\nexport { meAs };\n",
      says: 'test-support/ es para las pruebas',
    },
  ];

  it.each(forbidden)('refuses $from', async ({ file, code, says }) => {
    const errors = await zoneErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(says);
  });

  it('lets a feature use components/, api/, i18n/, its own folder and contracts, its tests test-support/, and test-support/ app/', async () => {
    const feature = [
      "import { ReportRow } from '@evalua/contracts';",
      "import { ResponsiveTable } from '../../components/lists/ResponsiveTable';",
      "import { reportQueries } from '../../api/queries/v1-results';",
      "import { messages } from '../../i18n/messages';",
      "import { ReportsTable } from './ReportsTable';",
      'export { ReportRow, ResponsiveTable, reportQueries, messages, ReportsTable };',
    ].join('\n');
    expect(await zoneErrors('features/v1-results/Probe.tsx', feature)).toEqual([]);
    const test = "import { renderRoute } from '../../test-support/render';\nexport { renderRoute };\n";
    expect(await zoneErrors('features/v1-results/Probe.test.tsx', test)).toEqual([]);
    const support = "import { SCREENS } from '../app/route-table';\nexport { SCREENS };\n";
    expect(await zoneErrors('test-support/probe.ts', support)).toEqual([]);
    const entry = "import { App } from './app/App';\nexport { App };\n";
    expect(await zoneErrors('main.tsx', entry)).toEqual([]);
  });
});

/** Every .ts/.tsx file under `dir`. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((d) => {
    const full = path.join(d.parentPath, d.name);
    return d.isFile() && /\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The folder a file belongs to: a top-level folder of src, or features/<name>; main.tsx is its own. */
function folderOf(file: string): string {
  const [top, sub] = path.relative(src, file).split(path.sep);
  return top === 'features' ? `features/${sub}` : (top as string);
}

/** The source file a relative import names, or undefined (packages, styles). */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ext) => base + ext)
    .find((f) => /\.tsx?$/.test(f) && fs.existsSync(f));
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)'([^']+)'/gm;

/** A loop in the graph (its folders, first repeated at the end), or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...trail.slice(trail.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

describe('the folders of apps/web/src', () => {
  /*
   * Tests are left out: nothing imports a test, so a test is never on a real loop, but its folder's
   * node would be (features/x's test → test-support → app → features/x).
   */
  const graph = new Map<string, Set<string>>();
  const edges: string[] = [];
  for (const file of sourceFiles(src).filter((f) => !/\.test\.tsx?$/.test(f))) {
    const from = folderOf(file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, specifier as string);
      if (!target) continue;
      const to = folderOf(target);
      if (to !== from && !graph.get(from)?.has(to)) {
        graph.get(from)?.add(to);
        edges.push(`${from} → ${to}`);
      }
    }
  }

  it('are read: the frame imports the features, and the features the shared folders', () => {
    expect(graph.size).toBeGreaterThan(20);
    expect(edges).toEqual(
      expect.arrayContaining([
        'app → features/v1-results',
        'features/v1-results → components',
        'features/v1-results → api',
      ]),
    );
  });

  it('import one another in one direction only: no loop', () => {
    expect(findCycle(graph)).toBeNull();
  });

  it('finds a loop when there is one (the check itself)', () => {
    const looped = new Map([
      ['app', new Set(['features/a'])],
      ['features/a', new Set(['components'])],
      ['components', new Set(['app'])],
    ]);
    expect(findCycle(looped)).toEqual(['app', 'features/a', 'components', 'app']);
  });
});

describe('the rule of a state is asked, not restated (issue 29 §5, eslint.config.js)', () => {
  async function ruleErrors(code: string): Promise<string[]> {
    const eslint = new ESLint({
      cwd: repoRoot,
      ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
    });
    const [result] = await eslint.lintText(code, { filePath: path.join(src, 'features/home/Probe.tsx') });
    return (result?.messages ?? []).map((m) => m.message);
  }
  const says = 'pregunta v1EvaluationAllows / v2EvaluationAllows';

  it.each([
    ["export const editable = (e: { status: string }) => e.status === 'draft';\n"],
    ["export const open = (e?: { status: string }) => e?.status !== 'abierta';\n"],
    ["export const closed = (status: string) => status === 'closed';\n"],
  ])('refuses a screen comparing an evaluation status: %s', async (code) => {
    const errors = await ruleErrors(code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(says);
  });

  it('lets a screen ask contracts', async () => {
    const code =
      "import { v2EvaluationAllows, type V2Status } from '@evalua/contracts';\n" +
      'export const editable = (status: V2Status) => v2EvaluationAllows(status).edit;\n';
    expect(await ruleErrors(code)).toEqual([]);
  });
});
