import { TEXT_MESSAGES, textProblem } from '@evalua/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export const NUL_MESSAGE = 'El texto contiene un carácter no permitido.';

/** What no text of any request may hold, whatever its field: its Spanish sentence, or null. */
function stringProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  // Lone surrogates: not well-formed Unicode (stored as U+FFFD, so different texts would collide).
  return textProblem(text, 'any') === null ? null : TEXT_MESSAGES.malformed;
}

/**
 * The first string in `value` that no field accepts, with where it is ('body.items.0.question_text')
 * and why, or null. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findBadString(value: unknown, root: string): { at: string; message: string } | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      const message = stringProblem(v);
      if (message !== null) return { at, message };
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
 * Before any schema (preValidation), in any body, query string or path parameter:
 * - U+0000: PostgreSQL cannot store or compare a text holding it (SQLite can), so both engines
 *   refuse it alike with a 400;
 * - a lone UTF-16 surrogate (JSON's "\ud800"): not well-formed Unicode, written as U+FFFD by the
 *   drivers, so two different passwords or names would become one (decision 022).
 * The schemas refuse control and bidirectional characters field by field (contracts' text.ts).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const bad =
      findBadString(request.params, 'params') ??
      findBadString(request.query, 'querystring') ??
      findBadString(request.body, 'body');
    if (bad) throw badRequest(bad.message, bad.at);
  });
}
