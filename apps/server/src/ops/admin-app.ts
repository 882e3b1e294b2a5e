import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { apiError } from '../jsonapi/errors';

/** The services' paths: a wrong one answers a JSON:API 404, never the admin app's page with 200. */
const API_PREFIXES = ['/api/', '/auth/', '/media/', '/public/', '/ott/', '/internal/', '/cable', '/img/', '/metrics', '/healthz'];

/** Vite names built assets `name-<hash>.ext`: a new content is a new name, so they never change. */
const HASHED_ASSET = /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.(js|css|svg|png|jpe?g|webp|woff2?)(\.br|\.gz)?$/;
/** The admin build writes `.br` and `.gz` beside these (vite/precompress-plugin.ts). */
const COMPRESSIBLE = /\.(js|css|json|svg|html|txt)(\.br|\.gz)?$/;

export function cacheHeaders(reply: { header(name: string, value: string): unknown }, path: string): void {
  // Hashed assets are cached for a year; everything else (index.html, translations, the player
  // script, the icon) is revalidated by its ETag on every use, so a deploy shows at once.
  reply.header('cache-control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (COMPRESSIBLE.test(path)) reply.header('vary', 'Accept-Encoding');
}

/** The built admin app at `/`, with its client-side routes answered by index.html. */
export async function registerAdminApp(app: FastifyInstance, config: Config) {
  const built = existsSync(join(config.adminDist, 'index.html'));
  // A wildcard route, so files of a rebuild are served without a restart.
  if (built)
    await app.register(fastifyStatic, {
      root: config.adminDist,
      prefix: '/',
      // `/` is the app itself; other client-side routes fall back to it below.
      index: ['index.html'],
      // Brotli or gzip files made at build time: no compression work per request.
      preCompressed: true,
      // send's own `public, max-age=0` would override ours.
      cacheControl: false,
      setHeaders: cacheHeaders,
    });

  // Browsers ask for /favicon.ico on any page without an icon of its own (a JSON answer opened in a
  // tab): the app's icon, rather than a 404 in their console.
  app.get('/favicon.ico', async (_request, reply) => reply.header('cache-control', 'public, max-age=86400').redirect('/favicon.svg', 301));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    if (request.method !== 'GET' || API_PREFIXES.some((p) => path.startsWith(p)) || /\.[a-z0-9]+$/i.test(path))
      throw apiError(404, 'notFound.route', { values: { method: request.method, path } });
    if (!built)
      return reply
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Umpire</title><p>The admin app is not built yet: run <code>npm start</code>.</p>');
    return reply.sendFile('index.html');
  });
}
