import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, errorObject } from './jsonapi/errors';

/** Every error leaves as a JSON:API error document; nothing a client sends becomes a 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | ApiError, request, reply) => {
    let status: number;
    let errors;
    if (err instanceof ApiError) {
      status = err.status;
      errors = err.errors;
    } else {
      const e = err;
      const code = e.code;
      if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        status = 415;
        errors = [errorObject(415, 'unsupportedMediaType', 'Send application/vnd.api+json (or application/json).', { header: 'Content-Type' })];
      } else if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        status = 413;
        errors = [errorObject(413, 'payloadTooLarge', 'The request body is too large.')];
      } else if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e instanceof SyntaxError) {
        status = 400;
        errors = [errorObject(400, 'malformedJson', 'The request body is not valid JSON.')];
      } else if (e.statusCode === 429) {
        status = 429;
        errors = [errorObject(429, 'tooManyRequests', 'Too many requests; slow down.')];
      } else if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
        status = e.statusCode;
        errors = [errorObject(status, 'badRequest', e.message)];
      } else {
        request.log.error({ err }, 'unhandled error');
        status = 500;
        errors = [errorObject(500, 'internalError', 'Something went wrong on our side; it has been logged.')];
      }
    }
    if (status >= 500) request.log.error({ err }, 'request failed');
    return reply.code(status).type('application/vnd.api+json').send({ errors });
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
    if (/%00/.test(request.url)) throw new ApiError(400, 'badRequest', 'The address contains a NUL character.');
  });
  app.addHook('preHandler', async (request) => {
    const where = findNul(request.body, '');
    if (where !== null) throw ApiError.many([errorObject(422, 'pattern', 'Text may not contain NUL characters.', { pointer: where })]);
  });
}
