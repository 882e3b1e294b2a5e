import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors-handler';
import { apiError } from './jsonapi/errors';

/** A route that prepares its answer's headers, then fails: as a stored file that is not there. */
const app = Fastify({ logger: false });

beforeAll(async () => {
  registerErrorHandling(app);
  app.get('/file', async (_request, reply) => {
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', '"abc"')
      .header('last-modified', 'Thu, 01 Jan 2026 00:00:00 GMT')
      .header('content-disposition', 'attachment; filename="x.mp4"')
      .header('accept-ranges', 'bytes');
    throw apiError(404, 'notFound.record', { values: { type: 'files', id: '"1"' } });
  });
  app.get('/range', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60').header('content-range', 'bytes */10').header('retry-after', '3');
    throw apiError(416, 'rangeNotSatisfiable', { values: { size: 10 }, source: { header: 'Range' } });
  });
  app.get('/private', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
    throw apiError(401, 'unauthorized');
  });
  app.get('/unexpected', async () => {
    throw new Error('a bug');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('error responses', () => {
  it("keep none of the headers of the answer the route meant to give, and no cache keeps them", async () => {
    const res = await app.inject({ method: 'GET', url: '/file' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of ['etag', 'last-modified', 'content-disposition', 'accept-ranges']) expect(res.headers[name], name).toBeUndefined();
    expect(res.json().errors[0]).toMatchObject({ status: '404' });
  });

  it("keep what belongs to the error (a 416's Content-Range, a Retry-After), and a route's own no-store", async () => {
    const range = await app.inject({ method: 'GET', url: '/range' });
    expect([range.statusCode, range.headers['content-range'], range.headers['retry-after'], range.headers['cache-control']]).toEqual([416, 'bytes */10', '3', 'no-store']);
    const refused = await app.inject({ method: 'GET', url: '/private' });
    expect([refused.statusCode, refused.headers['cache-control']]).toEqual([401, 'private, no-store']);
  });

  it('are no-store when nothing was prepared, a 500 included', async () => {
    const res = await app.inject({ method: 'GET', url: '/unexpected' });
    expect([res.statusCode, res.headers['cache-control']]).toEqual([500, 'no-store']);
    expect(res.json().errors[0]).toMatchObject({ status: '500', code: 'internalError' });
    expect(res.body).not.toContain('a bug');
  });
});
