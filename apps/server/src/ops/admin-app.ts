import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { apiError } from '../jsonapi/errors';

const API_PREFIXES = ['/api/', '/auth/', '/media/', '/cable', '/img/', '/metrics', '/healthz'];

/** The built admin app at `/`, with its client-side routes answered by index.html. */
export async function registerAdminApp(app: FastifyInstance, config: Config) {
  const built = existsSync(join(config.adminDist, 'index.html'));
  // A wildcard route, so files of a rebuild are served without a restart; hashed assets are immutable.
  if (built)
    await app.register(fastifyStatic, {
      root: config.adminDist,
      prefix: '/',
      // `/` is the app itself; other client-side routes fall back to it below.
      index: ['index.html'],
      setHeaders: (res, path) => {
        if (path.includes('/assets/') && /-[A-Za-z0-9_-]{8,}\.(js|css)$/.test(path)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    if (request.method !== 'GET' || API_PREFIXES.some((p) => path.startsWith(p)) || /\.[a-z0-9]+$/i.test(path))
      throw apiError(404, 'notFound.route', { values: { method: request.method, path } });
    if (!built)
      return reply
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Umpire</title><p>The admin app is not built yet: run <code>npm start</code>.</p>');
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
