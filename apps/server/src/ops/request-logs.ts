import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { shutDownTracing, traceIds, tracing } from '../telemetry/spans';
import { tracingWanted } from '../telemetry/tracing-switch';

/** Tokens travel in the address after sign-in (?token=) and to /cable: never log them. */
export function redactToken(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/**
 * What Fastify's logger is given beside its level: the trace's ids on every line written inside a
 * span (tracing on), so a warning or an error leads to its trace. Lines written through a request's
 * logger carry its `reqId` too (Fastify's child logger).
 */
export function loggerTracing(): Pick<Exclude<FastifyServerOptions['logger'], boolean | undefined>, 'mixin'> {
  return tracing ? { mixin: traceIds } : {};
}

/**
 * Request lines an operator reads (Fastify's own, two per request at info, are off: its
 * LogController's `disableRequestLogging`): one line per request at debug, and a warning for a
 * request that took `slowMs` or more (method, route, status, duration; the time until its answer
 * was sent whole). With tracing on, the server's close sends the spans still batched; asked for but
 * not on (main.js run without its preload), a warning says so once.
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
  if (tracing) app.addHook('onClose', async () => shutDownTracing());
  else if (tracingWanted(process.env)) app.log.warn('OTEL_* asks for traces, but the server was started without its preload (node --import ./tracing.js main.js): no spans');
}
