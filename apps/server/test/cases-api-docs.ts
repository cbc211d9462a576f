import { API_DOCS_PREFIX, SPANISH_SCRIPT, SPANISH_STYLES } from '../src/http/api-docs';
import { ADMIN } from './authz/matrix';
import type { AuthzCase, Route } from './cases';

/**
 * The API document's routes (src/http/api-docs.ts: Swagger UI's page, its assets, the JSON and YAML
 * documents): registered by Swagger's plugins, not by an endpoint of the contracts, and for
 * administrators only. Their authorization cases, keyed by route.
 */
const docs = (suffix: string): Route => ({ method: 'GET', path: `${API_DOCS_PREFIX}${suffix}` });

const STATIC = docs('/static/*');

export const API_DOCS_CASES: readonly AuthzCase[] = [
  { endpoint: docs(''), ...ADMIN, request: () => ({}) },
  { endpoint: docs('/json'), ...ADMIN, request: () => ({}) },
  { endpoint: docs('/yaml'), ...ADMIN, request: () => ({}) },
  // Any other asset of Swagger UI's.
  { endpoint: STATIC, ...ADMIN, request: () => ({ params: { '*': 'swagger-ui.css' } }) },
  // Swagger UI sends this old address on to the page.
  { endpoint: docs('/static/index.html'), ...ADMIN, request: () => ({ status: 302 }) },
  { endpoint: docs('/static/swagger-initializer.js'), ...ADMIN, request: () => ({}) },
  { endpoint: docs(`/static/theme/${SPANISH_SCRIPT}`), ...ADMIN, request: () => ({}) },
  { endpoint: docs(`/static/theme/${SPANISH_STYLES}`), ...ADMIN, request: () => ({}) },
];
