import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export const NUL_MESSAGE = 'El texto contiene un carácter no permitido.';

/**
 * Where the first string holding U+0000 is in `value` ('body.items.0.question_text'), or null.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findNul(value: unknown, root: string): string | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return at;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i -= 1) stack.push([v[i], `${at}.${i}`]);
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i -= 1)
        stack.push([entries[i]![1], `${at}.${entries[i]![0]}`]);
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store or compare a text holding U+0000 (SQLite can): refuse it in any body, query
 * string or path parameter with a 400, on both engines alike, before a handler sees it.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const at =
      findNul(request.params, 'params') ??
      findNul(request.query, 'querystring') ??
      findNul(request.body, 'body');
    if (at) throw badRequest(NUL_MESSAGE, at);
  });
}
