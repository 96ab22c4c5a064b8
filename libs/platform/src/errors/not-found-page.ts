/**
 * The page a browser gets for a path that names nothing, where a module provides one (libs/site
 * does). The error filter answers it instead of the JSON error only for a browser's navigation
 * outside the API; under `/api` a 404 stays JSON for every client.
 */
export const NOT_FOUND_PAGE = Symbol('NOT_FOUND_PAGE');

export interface NotFoundPage {
  render(path: string): { headers: Record<string, string>; html: string };
}

/** A GET or HEAD that accepts HTML, outside `/api`: what a browser's address bar or link sends. */
export function wantsPage(request: {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0];
  if (path === '/api' || path.startsWith('/api/')) return false;
  const accept = request.headers.accept;
  return (Array.isArray(accept) ? accept.join(',') : (accept ?? '')).includes('text/html');
}
