import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The nonce of this response's inline <style> tags (Mantine injects its CSS variables in one). */
const STYLE_NONCE = Symbol('styleNonce');
type WithNonce = ServerResponse & { [STYLE_NONCE]?: string };

export function styleNonceOf(res: ServerResponse): string {
  const r = res as WithNonce;
  r[STYLE_NONCE] ??= randomBytes(16).toString('base64');
  return r[STYLE_NONCE];
}

const HSTS: readonly [string, string] = ['strict-transport-security', 'max-age=31536000; includeSubDomains'];

/**
 * Every answer that is not a page (JSON, files, downloads, errors): only what acts on such an
 * answer. A CSP that lets nothing load or run and no one frame it (were it ever opened or sniffed
 * as a document; X-Frame-Options for browsers that predate frame-ancestors), no MIME sniffing, and
 * no reading by other sites' no-cors requests.
 */
export const RESOURCE_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['cross-origin-resource-policy', 'same-origin'],
];

/**
 * A page's CSP (index.html, Swagger UI): the built app and nothing inline — scripts only from this
 * origin, styles from this origin plus the response's nonce, no framing, no plugins.
 */
export function pageCsp(nonce: string): string {
  return (
    `default-src 'self'; script-src 'self'; style-src 'self' 'nonce-${nonce}'; ` +
    "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; " +
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
  );
}

/** The rest of a page's headers: what helmet sent for documents, less what only old IE read. */
export const PAGE_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['x-content-type-options', 'nosniff'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['cross-origin-opener-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'no-referrer'],
  ['x-frame-options', 'DENY'],
  ['x-dns-prefetch-control', 'off'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

/**
 * The CSP of a document shown in a sandboxed frame of this app (an e-mail on the Correos screen):
 * sandboxed (no scripts, no forms, an opaque origin), nothing loads but inline styles and data:
 * images, and only this app may frame it. A route that sets it keeps it (decision 033).
 */
export const SANDBOXED_DOCUMENT_CSP =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

function isPage(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/html');
}

/**
 * Security headers, their values computed once at start (decision 031; helmet rebuilt them and
 * re-parsed the CSP on every request, and made a nonce even for JSON). Chosen when the answer is
 * sent, by its content type: a page (text/html: index.html, Swagger UI) gets the full CSP with this
 * response's style nonce (styleNonceOf: the one web-app.ts wrote into the page) and the document
 * headers; any other answer the short RESOURCE_HEADERS.
 * Strict-Transport-Security only with `hsts` (COOKIE_SECURE=true, i.e. served over HTTPS): over
 * plain HTTP the header is meaningless, and on a name later moved to HTTPS with a test certificate
 * it would lock browsers out for a year (decision 022).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { hsts: boolean },
): Promise<void> {
  const resource = options.hsts ? [...RESOURCE_HEADERS, HSTS] : RESOURCE_HEADERS;
  const page = options.hsts ? [...PAGE_HEADERS, HSTS] : PAGE_HEADERS;
  // A callback hook, not an async one: no promise per answer.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isPage(reply)) {
      const sandboxed = reply.getHeader('content-security-policy') === SANDBOXED_DOCUMENT_CSP;
      if (!sandboxed) reply.header('content-security-policy', pageCsp(styleNonceOf(reply.raw)));
      for (const [name, value] of page) reply.header(name, value);
      if (sandboxed) reply.header('x-frame-options', 'SAMEORIGIN');
    } else {
      for (const [name, value] of resource) reply.header(name, value);
    }
    done(null, payload);
  });
}
