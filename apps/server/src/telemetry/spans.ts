import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import { tracingStarted } from './tracing-switch';

/**
 * Spans of the server's own work (storage, push, jobs, live streams, SQLite statements), for the
 * SDK the preload started (src/tracing.ts). Without it every helper runs its work bare: one test of
 * a constant, no span object, no context switch.
 */
export const tracing = tracingStarted() !== null;

const tracer = trace.getTracer('umpire');

/** Marks the span failed with the error (for work that handles its own failure, so inSpan never sees it). */
export function spanFailed(span: Span | null, error: unknown): void {
  if (span) failed(span, error);
}

function failed(span: Span, error: unknown) {
  span.recordException(error as Error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
}

/**
 * Runs `work` in a span of its own (a child of the active one), ended when its promise settles.
 * `root`: work that is no request's (a job run) starts a trace of its own.
 */
export function inSpan<T>(name: string, attributes: Attributes, work: (span: Span | null) => Promise<T>, options: { root?: boolean; kind?: SpanKind } = {}): Promise<T> {
  if (!tracing) return work(null);
  return tracer.startActiveSpan(name, { attributes, root: options.root, kind: options.kind ?? SpanKind.INTERNAL }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * inSpan only inside a traced operation: work that runs on its own all day (a live stream's
 * segments written to storage every few seconds) would otherwise be a trace each time.
 */
export function inChildSpan<T>(name: string, attributes: Attributes, work: (span: Span | null) => Promise<T>): Promise<T> {
  if (!tracing || !trace.getSpan(context.active())) return work(null);
  return inSpan(name, attributes, work);
}

/**
 * A span around synchronous work (a SQLite statement), only inside a traced operation: a statement
 * of no request or job (the job poll) would be a trace of its own every second.
 */
export function inChildSpanSync<T>(name: string, attributes: Attributes, work: () => T): T {
  if (!tracing) return work();
  const parent = context.active();
  if (!trace.getSpan(parent)) return work();
  const span = tracer.startSpan(name, { attributes, kind: SpanKind.CLIENT }, parent);
  try {
    return context.with(trace.setSpan(parent, span), work);
  } catch (error) {
    failed(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** A span begun under the active one, for work that ends later outside it (an iteration); null untraced. */
export function childSpan(name: string, attributes: Attributes): Span | null {
  if (!tracing) return null;
  const parent = context.active();
  return trace.getSpan(parent) ? tracer.startSpan(name, { attributes, kind: SpanKind.CLIENT }, parent) : null;
}

/** The active span's ids for a log line (pino's mixin), or nothing outside a span. */
export function traceIds(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** Sends the spans still batched and stops tracing: the process ends once its server has closed. */
export async function shutDownTracing(): Promise<void> {
  await tracingStarted()?.shutdown();
}
