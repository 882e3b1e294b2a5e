import type { FastifyInstance } from 'fastify';

/** Tokens travel in the address after sign-in (?token=) and to /cable: never log them. */
export function redactToken(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/**
 * Request lines an operator reads (Fastify's own, two per request at info, are off: its
 * LogController's `disableRequestLogging`): one line per request at debug, and a warning for a request that took
 * `slowMs` or more (method, route, status, duration; the time until its answer was sent whole).
 */
export function registerRequestLogs(app: FastifyInstance, slowMs: number): void {
  const debug = app.log.level === 'debug' || app.log.level === 'trace';
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    if (ms < slowMs && !debug) return;
    const line = { method: request.method, route: request.routeOptions.url ?? 'unmatched', url: redactToken(request.url), status: reply.statusCode, duration_ms: Math.round(ms * 10) / 10 };
    if (ms >= slowMs) request.log.warn(line, 'slow request');
    else request.log.debug(line, 'request completed');
  });
}
