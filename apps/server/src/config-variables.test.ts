import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { CONFIG_GROUPS, CONFIG_VARIABLES } from './config-variables';
import { tracingWanted } from './telemetry/tracing-switch';

const SRC = import.meta.dirname;
const dataDir = mkdtempSync(join(tmpdir(), 'umpire-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Every variable named by the server's code: `env.X`, `env['X']`, and config.ts's `read('X', …)` / `whole('X', …)`. */
function variablesReadByTheServer(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith('.ts') && !path.endsWith('.test.ts')) {
        const text = readFileSync(path, 'utf8');
        for (const m of text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)|\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]|\b(?:read|whole)\('([A-Z][A-Z0-9_]+)'/g))
          names.add(m[1] ?? m[2] ?? m[3]);
      }
    }
  };
  walk(SRC);
  return names;
}

/** The configuration as plain data: functions (the proxy trust) by their text, byte arrays as text. */
const snapshot = (env: Record<string, string>) =>
  JSON.stringify(loadConfig({ DATA_DIR: dataDir, ...env }), (_key, value: unknown) =>
    typeof value === 'function' ? `fn:${String(value)}` : value instanceof Uint8Array ? new TextDecoder().decode(value) : value,
  );

describe('the configuration reference (config-variables.ts) holds to the code', () => {
  it('declares every variable the server reads, and reads every variable it declares', () => {
    const read = variablesReadByTheServer();
    const declared = new Set(CONFIG_VARIABLES.map((v) => v.name));
    const ours = CONFIG_VARIABLES.filter((v) => v.readBy !== 'opentelemetry').map((v) => v.name);
    expect([...read].filter((name) => !declared.has(name)).sort(), 'read but not declared').toEqual([]);
    expect(ours.filter((name) => !read.has(name)).sort(), 'declared but never read').toEqual([]);
    expect(declared.size, 'each name once').toBe(CONFIG_VARIABLES.length);
    // The SDK's own: declared as what the SDK reads, and our code leaves them to it.
    for (const v of CONFIG_VARIABLES.filter((v) => v.readBy === 'opentelemetry')) expect(v.name, v.name).toMatch(/^OTEL_/);
  });

  it('gives each variable a known group, a description, and a default in words or as a value', () => {
    for (const v of CONFIG_VARIABLES) {
      expect(Object.keys(CONFIG_GROUPS), v.name).toContain(v.group);
      expect(v.description.length, v.name).toBeGreaterThan(10);
      expect(v.default !== undefined && v.defaultText !== undefined, `${v.name}: a default or its words, not both`).toBe(false);
    }
  });

  const base = snapshot({});
  it.each(CONFIG_VARIABLES.filter((v) => v.default !== undefined && !v.readBy).map((v) => [v.name, v.default!]))(
    '%s=%s, written out, is what unset means',
    (name, value) => {
      expect(snapshot({ [name]: value })).toBe(base);
    },
  );

  it.each(CONFIG_VARIABLES.filter((v) => !v.readBy).map((v) => [v.name, v]))('%s changes the configuration (its example is read)', (name, v) => {
    expect(v.example, `${name} needs an example`).toBeTruthy();
    // A variable that another one needs (S3_BUCKET with STORAGE_DRIVER=s3) shows it is read by making the start possible.
    let withCompanions: string | null;
    try {
      withCompanions = snapshot({ ...v.exampleWith });
    } catch {
      withCompanions = null;
    }
    expect(snapshot({ ...v.exampleWith, [name]: v.example! })).not.toBe(withCompanions);
  });

  it('the tracing variables switch traces as the reference says', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })).toBe(true);
    expect(tracingWanted({ OTEL_TRACES_EXPORTER: 'console' })).toBe(true);
    expect(tracingWanted({ OTEL_TRACES_EXPORTER: 'console', OTEL_SDK_DISABLED: 'true' })).toBe(false);
  });
});
