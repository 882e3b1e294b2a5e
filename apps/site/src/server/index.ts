import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createSite, type SiteOptions } from './site';
import { injectedSource } from './source';

export { createSite, type SiteOptions, type SiteResponse } from './site';
export { httpSource, injectedSource, type DeliverySource } from './source';
export { feedsOf } from './feeds';

/** The browser script and stylesheet the client build writes (apps/site/dist/assets). */
// Found through the package, so the server's bundle (apps/server/dist) finds them too.
export const ASSETS_DIR = join(dirname(createRequire(import.meta.url).resolve('@umpire/site/package.json')), 'dist/assets');
/**
 * The site's own policy: like the admin's, but a page's iframe component embeds other sites
 * (https only) and nothing may frame the site but itself.
 */
export const SITE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "media-src 'self' blob: data: http: https:",
  'frame-src https:',
  "connect-src 'self' ws: wss: http: https:",
  "font-src 'self' data:",
  // The fans' app (issue 41): its service worker and manifest come from the site itself.
  "worker-src 'self'",
  "manifest-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.map': 'application/json' };

/** A file of the site's assets: the build's, or the renderers' stylesheet as it is when there is no build. */
export function siteAsset(name: string): { type: string; body: Buffer; immutable: boolean } | null {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,120}$/.test(name) || name.includes('..')) return null;
  const ext = name.slice(name.lastIndexOf('.'));
  const type = TYPES[ext];
  if (!type) return null;
  const built = join(ASSETS_DIR, name);
  // Chunks carry a hash in their names: a browser may keep them for good.
  if (existsSync(built)) return { type, body: readFileSync(built), immutable: /-[A-Za-z0-9]{8,}\.js$/.test(name) };
  if (name === 'site.css') return { type, body: readFileSync(createRequire(import.meta.url).resolve('@umpire/render/site.css')), immutable: false };
  return null;
}

/**
 * Serves the website inside the Umpire server at `basePath` (`npm start`: /site), reading the
 * delivery API of the same process for the league named `client`. `origin` is where readers reach
 * the site (the configured public address): its canonical, Open Graph, hreflang and sitemap
 * addresses are built on it and never on a request's Host or X-Forwarded-Host, which anyone can
 * write, so a CDN cannot be made to keep a page that links elsewhere.
 */
export function mountSite(
  app: FastifyInstance,
  { origin, ...opts }: { basePath: string; client: string; imageBase?: string; origin: () => string } & Partial<Omit<SiteOptions, 'source'>>,
): void {
  const site = createSite({
    source: injectedSource(app, opts.client),
    apiBase: '/public/v1',
    cablePath: '/cable',
    imageBase: '/img',
    hasClientScript: () => existsSync(join(ASSETS_DIR, 'site.js')),
    ...opts,
  });
  app.get(`${opts.basePath}/assets/:name`, async (request, reply) => {
    const asset = siteAsset((request.params as { name: string }).name);
    if (!asset) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .type(asset.type)
      .header('cache-control', asset.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
      .send(asset.body);
  });
  // The service worker at the site's base, so its scope is the whole site (no Service-Worker-Allowed
  // needed). Never kept long: browsers check it for updates, and a stale copy would hold an old app.
  app.get(`${opts.basePath}/sw.js`, async (_request, reply) => {
    const built = join(ASSETS_DIR, 'sw.js');
    if (!existsSync(built)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.type(TYPES['.js']).header('cache-control', 'no-cache').header('content-security-policy', SITE_CSP).send(readFileSync(built));
  });
  const serve = async (request: { url: string; headers: unknown }, reply: import('fastify').FastifyReply) => {
    const path = request.url.slice(opts.basePath.length);
    const res = await site.handle(path, origin());
    reply.code(res.status).headers(res.headers).header('content-security-policy', SITE_CSP);
    // A reader (or a CDN) that holds this page already gets 304 without it.
    const wanted = (request.headers as Record<string, string | undefined>)['if-none-match'];
    if (res.status === 200 && res.headers.etag && wanted?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === res.headers.etag)) return reply.code(304).send();
    return reply.send(res.body);
  };
  app.get(opts.basePath, serve);
  app.get(`${opts.basePath}/*`, serve);
}
