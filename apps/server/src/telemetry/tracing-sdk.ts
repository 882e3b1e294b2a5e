import type { Span } from '@opentelemetry/api';
import type { FastifyRequest } from 'fastify';
import { markTracingStarted } from './tracing-switch';

/** Scrapes and health checks come every few seconds and say nothing about a request: no traces. */
const UNTRACED_ROUTES = new Set(['/metrics', '/healthz']);

/**
 * Starts the OpenTelemetry SDK for traces, configured by the standard OTEL_* variables (exporter,
 * endpoint, protocol, headers, sampler, service name and resource, batch sizes). Every package is
 * imported here, at run time: a process that does not trace never loads them. Metrics stay
 * Prometheus' (/metrics) and logs pino's: the SDK exports neither.
 *
 * A request's server span is @fastify/otel's (it continues a caller's `traceparent`), named by
 * its route; @opentelemetry/instrumentation-http is left out: it made a second span of the same
 * request and, with nothing sampled, still added some 50-70 µs of CPU to a cached read of about
 * 150 (measured here on a busy machine; bench/tracing.mjs measures what tracing costs).
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const [{ NodeSDK }, { PgInstrumentation }, { UndiciInstrumentation }, { FastifyOtelInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-undici'),
    import('@fastify/otel'),
  ]);
  const named = Boolean(env.OTEL_SERVICE_NAME?.trim()) || /(^|,)\s*service\.name\s*=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? '');
  const sdk = new NodeSDK({
    serviceName: named ? undefined : 'umpire',
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      // Lifecycle hooks are a dozen plugins' onRequest and onResponse: a span each would outnumber the work.
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        ignorePaths: (route: { url?: string }) => UNTRACED_ROUTES.has(route.url ?? ''),
        requestHook: (span: Span, request: FastifyRequest) => span.updateName(`${request.method} ${request.routeOptions.url ?? '(no route)'}`),
      }),
      // Statements outside a request or a job (the job poll, listen/notify) would each be a trace of their own.
      new PgInstrumentation({ requireParentSpan: true }),
      // fetch: live-stream commands to the stream's owner (the trace continues there), CDN purges.
      new UndiciInstrumentation({ requireParentforSpans: true }),
    ],
  });
  sdk.start();
  // The server's close sends the spans still batched (main exits once the server closed).
  markTracingStarted({ shutdown: () => sdk.shutdown() });
}
