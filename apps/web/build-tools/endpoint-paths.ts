import MagicString from 'magic-string';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** The parts of an endpoint the web reads at run time (api.call builds the request from them). */
const KEPT = new Set(['method', 'path']);

/**
 * The web keeps only `method` and `path` of each `endpoint({...})` of packages/contracts (decision
 * 024): `api.call` reads nothing else, and the schemas are for the server and for TypeScript, which
 * checks the source as written. Each top-level constant built by calls is marked pure, so a screen
 * carries only the schemas its forms use. Returns the new code, or null when nothing changed.
 */
export function stripEndpointSchemas(
  code: string,
  fileName: string,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  if (!code.includes('endpoint(') && !code.includes('const ')) return null;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const out = new MagicString(code);
  let changed = false;
  const strip = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'endpoint' &&
      node.arguments.length === 1
    ) {
      const arg = node.arguments[0];
      if (arg && ts.isObjectLiteralExpression(arg)) {
        const kept = arg.properties.filter(
          (p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && KEPT.has(p.name.text),
        );
        if (kept.length !== KEPT.size) {
          throw new Error(
            `${fileName}: un endpoint sin method o path literal en la línea ${line(source, node)}`,
          );
        }
        const text = kept.map((p) => p.getText(source)).join(', ');
        out.overwrite(arg.getStart(source), arg.getEnd(), `{ ${text} }`);
        changed = true;
        return;
      }
    }
    ts.forEachChild(node, strip);
  };
  // A top-level constant built by calls (a schema, a group of endpoints) becomes a pure
  // immediately-called function: dropped when no screen reads it, evaluated as before when one does.
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (!init || !containsCall(init)) continue;
      strip(init);
      out.prependLeft(init.getStart(source), '/* @__PURE__ */ (() => (');
      out.appendRight(init.getEnd(), '))()');
      changed = true;
    }
  }
  ts.forEachChild(source, (node) => {
    if (!ts.isVariableStatement(node)) strip(node);
  });
  if (!changed) return null;
  return { code: out.toString(), map: out.generateMap({ hires: true, source: fileName }) };
}

function containsCall(node: ts.Node): boolean {
  if (ts.isCallExpression(node)) return true;
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return false;
  return ts.forEachChild(node, containsCall) ?? false;
}

function line(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

/**
 * The Vite plugin, for the contracts' source files: applies stripEndpointSchemas, and tells the
 * bundler that a contract module has no side effects — a module none of whose exports a screen uses
 * is left out — except locale.ts, whose one effect is zod's Spanish messages (decision 022); text.ts,
 * on which every schema builds, imports it.
 */
export function endpointPaths(): Plugin {
  return {
    name: 'evalua-endpoint-paths',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!/[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/.test(file) || file.endsWith('.test.ts'))
        return null;
      const moduleSideEffects = /[\\/]locale\.ts$/.test(file);
      const stripped = stripEndpointSchemas(code, file);
      return stripped ? { ...stripped, moduleSideEffects } : { code, moduleSideEffects };
    },
  };
}
