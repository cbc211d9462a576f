import type { FastifyRequest } from 'fastify';

/** Whether a path (already decoded, or a route pattern) is under /api. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * The path of a raw request URL as the router sees it: the query string cut off and the
 * percent-encoding undone once ('/%61pi/logout' → '/api/logout'); an undecodable path as it is.
 */
export function decodedPath(url: string): string {
  const end = url.search(/[?#]/);
  const raw = end === -1 ? url : url.slice(0, end);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Whether a request is an API request, decided from the route that matched (its pattern, e.g.
 * '/api/users/:id'), never from the raw URL: the router decodes '/%61pi/users/login' into
 * /api/users/login, so a test on `request.url` would let it skip the session and CSRF hooks
 * (decision 022). A request no route matched (a 404) is judged by its decoded path.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return isApiPath(route ?? decodedPath(request.url));
}
