import MagicString from 'magic-string';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** The parts of an endpoint the web reads at run time (api.call builds the request from them). */
const KEPT = new Set(['method', 'path']);

/**
 * The web keeps only `method` and `path` of each `endpoint({...})` of packages/contracts (decision
 * 024): `api.call` reads nothing else, and the schemas are for the server and for TypeScript, which
 * checks the source as written. Without them a screen carries only the schemas its forms use, and
 * the first screen no zod at all. Returns the new code, or null when the file declares no endpoint.
 */
export function stripEndpointSchemas(
  code: string,
  fileName: string,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  if (!code.includes('endpoint(')) return null;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const out = new MagicString(code);
  let changed = false;
  const visit = (node: ts.Node): void => {
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
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!changed) return null;
  return { code: out.toString(), map: out.generateMap({ hires: true, source: fileName }) };
}

function line(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

/** The Vite plugin: applies stripEndpointSchemas to the contracts' source files. */
export function endpointPaths(): Plugin {
  return {
    name: 'evalua-endpoint-paths',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!/[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/.test(file) || file.endsWith('.test.ts'))
        return null;
      return stripEndpointSchemas(code, file);
    },
  };
}
