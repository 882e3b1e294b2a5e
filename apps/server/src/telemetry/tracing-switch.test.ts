import { describe, expect, it } from 'vitest';
import { tracingWanted } from './tracing-switch';

describe('tracing from the OTEL_* variables', () => {
  it('is off by default, and on once an exporter is asked for', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_SERVICE_NAME: 'umpire' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingWanted({ OTEL_TRACES_EXPORTER: 'console' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
  });

  it('stays off with OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none, whatever else is set', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(tracingWanted({ ...endpoint, OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracingWanted({ ...endpoint, OTEL_SDK_DISABLED: 'TRUE' })).toBe(false);
    expect(tracingWanted({ ...endpoint, OTEL_SDK_DISABLED: 'false' })).toBe(true);
    expect(tracingWanted({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });
});
