import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, apiError, errorLanguageOf, errorSpec, renderError, type ErrorSpec } from './jsonapi/errors';

/** Fastify's own failures (and anything unexpected) as errors of the catalogue. */
function specsOf(err: FastifyError): [ErrorSpec] {
  const code = err.code;
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return [errorSpec(415, 'unsupportedMediaType', { source: { header: 'Content-Type' } })];
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return [errorSpec(413, 'payloadTooLarge')];
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError)
    return [errorSpec(400, 'malformedJson')];
  if (err.statusCode === 429) return [errorSpec(429, 'tooManyRequests')];
  // Fastify's message is English; its code names the problem in any language.
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
    return [errorSpec(err.statusCode, 'badRequest.unreadable', { values: { reason: code || String(err.statusCode) } })];
  return [errorSpec(500, 'internalError')];
}

/**
 * Headers a route may have set for the answer it meant to give (how long to keep it, its version,
 * a file name to save it under) before it failed: they do not describe an error. A live segment
 * that was not there yet answered 404 with `public, max-age=31536000, immutable`, which a CDN
 * would have kept for a year. (A 416's Content-Range and a 429's Retry-After stay: they belong to
 * the error.)
 */
const SUCCESS_ONLY_HEADERS = ['etag', 'last-modified', 'content-disposition', 'accept-ranges'];

/**
 * Every error leaves as a JSON:API error document, titled and explained in the language of the
 * request's Accept-Language; nothing a client sends becomes a 500. No cache keeps it: it is an
 * answer about this moment (a missing segment may be there a second later).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | ApiError, request, reply) => {
    const specs = err instanceof ApiError ? err.errors : specsOf(err);
    const status = specs[0].status;
    if (status >= 500) request.log.error({ err }, 'request failed');
    const lang = errorLanguageOf(request);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
    for (const name of SUCCESS_ONLY_HEADERS) reply.removeHeader(name);
    if (!/no-store/.test(String(reply.getHeader('cache-control') ?? ''))) reply.header('cache-control', 'no-store');
    return reply
      .code(status)
      .type('application/vnd.api+json')
      .send({ errors: specs.map((spec) => renderError(spec, lang)) });
  });
}

/** Where a NUL character hides in a value, as a JSON pointer, or null. */
function findNul(value: unknown, pointer: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? pointer : null;
  if (depth > 32 || typeof value !== 'object' || value === null) return null;
  for (const [k, v] of Object.entries(value)) {
    const where = k.includes('\u0000') ? `${pointer}/${k}` : findNul(v, `${pointer}/${k}`, depth + 1);
    if (where) return where;
  }
  return null;
}

/**
 * PostgreSQL cannot store NUL characters in text; refuse them up front (SQLite would keep them),
 * so both databases answer the same 400/422 instead of one of them failing.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (/%00/.test(request.url)) throw apiError(400, 'badRequest.nulInAddress');
  });
  app.addHook('preHandler', async (request) => {
    const where = findNul(request.body, '');
    if (where !== null) throw apiError(422, 'pattern.nul', { source: { pointer: where } });
  });
}
