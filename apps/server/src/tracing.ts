/**
 * The preload that starts OpenTelemetry tracing: `node --import ./tracing.js main.js`. The SDK must
 * patch http, pg and fastify before the server loads them, and the bundled main.js imports every
 * package at its top, so nothing in main could start it first. With tracing off (no OTEL_*
 * exporter asked for) it loads nothing.
 */
import { tracingWanted } from './telemetry/tracing-switch';

if (tracingWanted(process.env)) {
  const { startTracing } = await import('./telemetry/tracing-sdk');
  await startTracing();
}
