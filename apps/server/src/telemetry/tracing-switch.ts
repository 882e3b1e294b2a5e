/**
 * Whether this process traces: decided once, before anything is loaded, by the preload
 * (src/tracing.ts) from the standard OTEL_* variables, and read by the code that makes spans.
 * No imports: the preload loads this alone when tracing is off.
 */

const STARTED = Symbol.for('umpire.tracing.started');

/**
 * Off unless an exporter is asked for: an OTLP endpoint, or OTEL_TRACES_EXPORTER other than
 * `none`. OTEL_SDK_DISABLED=true turns it off whatever else is set (the SDK's own meaning).
 */
export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (exporters.includes('none')) return false;
  return exporters.length > 0 || Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

interface Started {
  /** Sends the spans still batched and stops the SDK (the process is ending). */
  shutdown(): Promise<void>;
}

/** Called by the preload once the SDK runs. */
export function markTracingStarted(started: Started): void {
  (globalThis as Record<symbol, unknown>)[STARTED] = started;
}

/** The SDK the preload started in this process, or null (the modules that ask load after it). */
export function tracingStarted(): Started | null {
  return ((globalThis as Record<symbol, unknown>)[STARTED] as Started | undefined) ?? null;
}
