import fs from 'node:fs';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { errorBodySchema } from '@evalua/contracts';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  type jsonSchemaTransform,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from './route-access';
import { repoRoot } from '../paths';

/**
 * The API document (DESIGN §4: "API document: /api/docs"): an OpenAPI 3.1 document generated from
 * the zod schemas the routes declare (packages/contracts), served with Swagger UI to administrators
 * only — the page, its assets, /api/docs/json and /api/docs/yaml alike.
 */
export const API_DOCS_PREFIX = '/api/docs';
const DOCS_ACCESS: Access = ['admin'];

const SESSION_SCHEME = 'sesion';
const CSRF_SCHEME = 'csrf';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isApiDocsUrl(url: string): boolean {
  return url === API_DOCS_PREFIX || url.startsWith(`${API_DOCS_PREFIX}/`);
}

/** The document's tags, in the order Swagger UI lists them. */
export const API_TAGS = [
  {
    name: 'Sistema',
    description:
      'Estado del servicio, configuración inicial (primer administrador) y logo de la organización.',
  },
  {
    name: 'Sesión',
    description:
      'Token CSRF, inicio y cierre de sesión, usuario actual, enlaces de acceso y restablecimiento de contraseña.',
  },
  { name: 'Perfil', description: 'Datos y contraseña del propio usuario.' },
  { name: 'Usuarios', description: 'Cuentas de usuario: alta, edición, activación.' },
  { name: 'Evaluadores y colaboradores', description: 'Gestión del personal evaluador y evaluado.' },
  { name: 'Categorías', description: 'Categorías del personal.' },
  { name: 'Bancos de preguntas', description: 'Bancos de preguntas de la evaluación V1 y sus preguntas.' },
  { name: 'Evaluaciones V1', description: 'Evaluaciones clásicas, asignaciones y envío de calificaciones.' },
  { name: 'Resultados V1', description: 'Resultados, historial, informes y exportaciones de la V1.' },
  { name: 'Panel', description: 'Indicadores del panel y el trabajo pendiente de la página de inicio.' },
  { name: 'Plantillas y escalas 360', description: 'Plantillas de evaluación 360 y escalas de respuesta.' },
  {
    name: 'Evaluaciones 360',
    description: 'Evaluaciones 360: borradores, ítems, asignaciones de evaluadores y respuestas.',
  },
  { name: 'Resultados 360', description: 'Resultados por evaluado, resumen y descargas (PDF, XLSX).' },
  { name: 'Snapshots', description: 'Fotografías inmutables de los resultados de una evaluación 360.' },
  { name: 'Auditoría', description: 'Registro de auditoría (solo administradores).' },
  { name: 'Correos', description: 'Correos enviados y por enviar (la bandeja de salida) y su reenvío.' },
] as const;
export type ApiTag = (typeof API_TAGS)[number]['name'];

/** Which tag a route belongs to: the first rule whose pattern matches its URL. */
const TAG_RULES: ReadonlyArray<readonly [RegExp, ApiTag]> = [
  [/^\/api\/(health|setup|organization)(\/|$)/, 'Sistema'],
  [/^\/api\/(csrf-token|logout|session|users\/(login|logout|me))$/, 'Sesión'],
  [/^\/api\/auth\//, 'Sesión'],
  [/^\/api\/profile(\/|$)/, 'Perfil'],
  [/^\/api\/users\/(collaborators\/history|evaluation-history\/)/, 'Resultados V1'],
  [/^\/api\/users(\/|$)/, 'Usuarios'],
  [/^\/api\/(evaluators|collaborators)(\/|$)/, 'Evaluadores y colaboradores'],
  [/^\/api\/categories(\/|$)/, 'Categorías'],
  [/^\/api\/question-banks(\/|$)/, 'Bancos de preguntas'],
  [/^\/api\/(evaluations|assignments|full-evaluation)(\/|$)/, 'Evaluaciones V1'],
  [/^\/api\/(evaluation-results|reports|training-report)(\/|$)/, 'Resultados V1'],
  [/^\/api\/(dashboard|home)(\/|$)/, 'Panel'],
  [/^\/api\/(templates|scales)(\/|$)/, 'Plantillas y escalas 360'],
  [/^\/api\/evaluations-v2\/[^/]+\/snapshots?(\/|$)/, 'Snapshots'],
  [/^\/api\/evaluations-v2\/(results\/mine$|[^/]+\/(results|summary|insight)(\/|$))/, 'Resultados 360'],
  [/^\/api\/(evaluations-v2|assignments-v2|responses-v2)(\/|$)/, 'Evaluaciones 360'],
  [/^\/api\/nominations(\/|$)/, 'Evaluaciones 360'],
  [/^\/api\/audit(\/|$)/, 'Auditoría'],
  [/^\/api\/outbox(\/|$)/, 'Correos'],
];

export function tagOf(url: string): ApiTag | undefined {
  return TAG_RULES.find(([pattern]) => pattern.test(url))?.[1];
}

function accessText(access: Access | undefined): string {
  if (access === 'public') return 'Acceso: público (sin sesión).';
  if (access === 'user')
    return 'Acceso: cualquier usuario con sesión; el servidor limita además qué datos ve cada rol.';
  if (access === undefined) return '';
  return `Acceso: ${access.length === 1 ? 'rol' : 'roles'} ${access.join(', ')}.`;
}

/** Schemas the document shows once, under components, and references elsewhere. */
const schemaRegistry = z.registry<{ id: string }>();
schemaRegistry.add(errorBodySchema, { id: 'Error' });
const zodTransform = createJsonSchemaTransform({ schemaRegistry });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry });

/** `x-response-description`: @fastify/swagger's key for a response's description. */
const DESCRIPTION = 'x-response-description';

const FILE_RESPONSE = {
  [DESCRIPTION]: 'Archivo descargable (PDF, XLSX o CSV según la ruta).',
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
};

const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  '200': 'Correcto.',
  '201': 'Creado.',
  '204': 'Sin contenido.',
  '503': 'Servicio no disponible.',
};

const ERROR_DESCRIPTION =
  'Error `{error, code, details?}` (`error` en español): 400 datos no válidos, 401 sin sesión, ' +
  '403 sin permiso o token CSRF inválido, 404 no existe, 409 conflicto, 413 cuerpo demasiado grande, ' +
  '429 demasiados intentos.';

/**
 * jsonSchemaTransform (zod → JSON Schema) plus what the document adds per operation: its tag, who
 * may call it, the security it needs (session cookie; CSRF header on writes), Spanish response
 * descriptions and the common error body. Routes outside /api and the document's own are hidden.
 */
const transform: typeof jsonSchemaTransform = (document) => {
  const { url, route } = document;
  if (!url.startsWith('/api/') || isApiDocsUrl(url)) return { schema: { hide: true }, url };
  const base = zodTransform({
    ...document,
    schema: {
      ...document.schema,
      response: { ...(document.schema?.response as object | undefined), '4XX': errorBodySchema },
    },
  });
  const schema = { ...base.schema } as FastifySchema & { response: Record<string, Record<string, unknown>> };
  if (schema.hide) return base;

  const access = route.config?.access;
  const methods = [route.method].flat();
  const writes = methods.some((m) => MUTATING.has(m));
  const security: Array<Record<string, string[]>> = [];
  if (access === 'public') {
    if (writes) security.push({ [CSRF_SCHEME]: [] });
  } else {
    security.push(writes ? { [SESSION_SCHEME]: [], [CSRF_SCHEME]: [] } : { [SESSION_SCHEME]: [] });
  }

  const responses: Record<string, Record<string, unknown>> = {};
  const declared = Object.keys(schema.response).filter((status) => status !== '4XX');
  // The routes that declare no response schema are the downloads (PDF, XLSX, CSV).
  if (declared.length === 0) responses['200'] = FILE_RESPONSE;
  for (const status of declared) {
    responses[status] =
      status === '204'
        ? { type: 'null', [DESCRIPTION]: RESPONSE_DESCRIPTIONS[status] }
        : { ...schema.response[status], [DESCRIPTION]: RESPONSE_DESCRIPTIONS[status] ?? 'Respuesta.' };
  }
  responses['4XX'] = {
    description: ERROR_DESCRIPTION,
    content: { 'application/json': { schema: schema.response['4XX'] } },
  };

  const tag = tagOf(url);
  return {
    url,
    schema: {
      ...schema,
      response: responses,
      // A route no rule knows lands in 'Otros' (api-docs.test.ts fails on it).
      tags: tag ? [tag] : ['Otros'],
      description: accessText(access),
      security,
    },
  };
};

/**
 * The files that put Swagger UI's labels in Spanish (the texts it renders; those its stylesheet
 * draws), beside this one and served at /api/docs/static/theme/{name}.
 */
export const SPANISH_SCRIPT = 'api-docs-spanish.js';
export const SPANISH_STYLES = 'api-docs-spanish.css';

// From the sources' folder, whether the server runs from src (tsx) or from its build (dist).
const besideThis = (name: string) =>
  fs.readFileSync(path.join(repoRoot, 'apps/server/src/http', name), 'utf8');

function serverVersion(): string {
  const file = path.join(repoRoot, 'apps/server/package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * Gives every route under /api/docs (the UI page, its assets, the JSON and YAML documents — routes
 * the plugins register without a `config`) the access 'admin'. Must be called before registerAuth:
 * its onRoute hook then runs first, so the auth plugin finds the access declared and installs the
 * guard (401 anonymous, 403 other roles, JSON like every /api route).
 */
export function guardApiDocs(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (isApiDocsUrl(route.url)) route.config = { ...route.config, access: DOCS_ACCESS };
  });
}

/**
 * Registers the document generator and Swagger UI; call before the feature routes. `sessionCookie`
 * is the session cookie's name ('sid', or '__Host-sid' with COOKIE_SECURE).
 */
export async function registerApiDocs(
  app: FastifyInstance,
  { sessionCookie }: { sessionCookie: string },
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Evalúa API',
        version: serverVersion(),
        description:
          'API de Evalúa (evaluación del desempeño V1 y 360°). Todas las llamadas usan JSON y la ' +
          'cookie de sesión `sid`; las que escriben (POST, PUT, PATCH, DELETE) envían además la ' +
          'cabecera `x-csrf-token` con el token de `GET /api/csrf-token`.',
      },
      tags: API_TAGS.map((t) => ({ name: t.name, description: t.description })),
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookie,
            description:
              'Cookie de sesión (httpOnly) que fija `POST /api/users/login`; caduca tras un tiempo sin ' +
              'actividad o desde el inicio (SESSION_IDLE_MINUTES y SESSION_ABSOLUTE_HOURS: 15 minutos ' +
              'y 12 horas por defecto) y al cerrar sesión.',
          },
          [CSRF_SCHEME]: {
            type: 'apiKey',
            in: 'header',
            name: 'x-csrf-token',
            description:
              'Token CSRF de `GET /api/csrf-token`, obligatorio en POST, PUT, PATCH y DELETE. Con ' +
              'sesión, el de la sesión; antes de iniciarla, el mismo valor que la cookie `_csrf` ' +
              '(`__Host-csrf` con COOKIE_SECURE).',
          },
        },
      },
    },
    transform,
    // The components the routes reference (Error); the input-side copy the library also makes of
    // each registered schema is dropped, as no request body uses it.
    transformObject: (document) => {
      const out = zodTransformObject(document);
      delete (out as { components?: { schemas?: Record<string, unknown> } }).components?.schemas?.ErrorInput;
      return out;
    },
  });

  // Swagger UI's page, in Spanish: its <html lang> says so, and api-docs-spanish.js and .css translate
  // the labels Swagger UI shows in English (files of their own: the CSP allows nothing inline).
  await app.register(async (docs) => {
    docs.addHook('onSend', async (_request, reply, payload) =>
      typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')
        ? payload.replace('<html lang="en">', '<html lang="es-DO">')
        : payload,
    );
    await docs.register(fastifySwaggerUi, {
      routePrefix: API_DOCS_PREFIX,
      theme: {
        title: 'Evalúa API',
        js: [{ filename: SPANISH_SCRIPT, content: besideThis(SPANISH_SCRIPT) }],
        css: [{ filename: SPANISH_STYLES, content: besideThis(SPANISH_STYLES) }],
      },
      uiConfig: {
        // No top bar: its Swagger logo is an inline SVG holding a <style>, which the CSP refuses (and
        // its box for loading another document's URL has no use here).
        layout: 'BaseLayout',
        docExpansion: 'none',
        filter: true,
        defaultModelsExpandDepth: -1,
        displayRequestDuration: true,
        // «Probar» ("Try it out") from this page: the browser sends the session cookie itself; writes also need
        // the CSRF header, which is the readable `_csrf` (or `__Host-csrf`) cookie's value. Serialised
        // into the page's swagger-initializer.js, so it must be self-contained plain JavaScript.
        requestInterceptor: (request: { headers?: Record<string, string> }) => {
          const { cookie } = (globalThis as unknown as { document: { cookie: string } }).document;
          const match = /(?:^|;\s*)(?:_csrf|__Host-csrf)=([^;]+)/.exec(cookie);
          if (match?.[1] && request.headers) request.headers['x-csrf-token'] = decodeURIComponent(match[1]);
          return request;
        },
      },
    });
  });
}
