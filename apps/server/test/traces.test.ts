import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type ChildServer } from './support/child-server';
import { startOtlpReceiver, type ReceivedSpan } from './support/otlp-receiver';
import { freshDatabase, TEST_DB } from './support/test-server';
import { waitFor } from './support/wait';

/**
 * Issue 39, point 6: the server started with tracing on (its preload, in a process of its own:
 * OpenTelemetry's state is global) exports one request's spans from the HTTP server span through
 * the route's handler to its SQL statements, all of one trace, to an OTLP/HTTP receiver; and the
 * error line of a failed request carries its request id and that trace's id.
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let server: ChildServer;

beforeAll(async () => {
  db = await freshDatabase();
  receiver = await startOtlpReceiver();
  server = await spawnServer(
    {
      ...db.env,
      SEED_ON_EMPTY: 'false',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'umpire-traces-test',
      // Spans leave in batches; a short delay brings them while the test waits.
      OTEL_BSP_SCHEDULE_DELAY: '50',
    },
    { tracing: true, logLevel: 'info' },
  );
}, 90_000);

afterAll(async () => {
  server?.process.kill('SIGKILL');
  await server?.exited;
  await receiver?.close();
  await db?.drop();
});

const signIn = (password: string) =>
  fetch(`${server.url}/auth/v1/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify({ data: { type: 'sign_in', attributes: { username: 'nobody', password } } }),
  });

/** The spans of the trace whose HTTP server span answered `status` to a sign-in, once its SQL has arrived too. */
function signInTrace(status: number): ReceivedSpan[] | null {
  const http = receiver.spans.find((s) => s.kind === 2 && s.attributes['http.route'] === '/auth/v1/sign_in' && s.attributes['http.response.status_code'] === status);
  if (!http) return null;
  const trace = receiver.spans.filter((s) => s.traceId === http.traceId);
  return trace.some((s) => s.attributes['db.query.text']) ? trace : null;
}

/** `span`'s parents up to the trace's root, nearest first. */
function ancestorsOf(span: ReceivedSpan, trace: ReceivedSpan[]): ReceivedSpan[] {
  const out: ReceivedSpan[] = [];
  for (let s = span; s.parentSpanId; ) {
    const parent = trace.find((p) => p.spanId === s.parentSpanId);
    if (!parent) break;
    out.push(parent);
    s = parent;
  }
  return out;
}

describe(`traces on ${TEST_DB}`, () => {
  it("exports one request's spans, from the HTTP server span through the route to its SQL, in one trace", async () => {
    const res = await signIn('wrong password');
    expect(res.status).toBe(401);
    const trace = await waitFor('the sign-in trace with its SQL', async () => signInTrace(401), 20_000);

    // The HTTP server span (@fastify/otel's, named by its route) is the trace's root, the route's handler under it.
    const http = trace.find((s) => s.kind === 2)!;
    expect(http.parentSpanId).toBeNull();
    expect(http.name).toBe('POST /auth/v1/sign_in');
    expect(http.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/auth/v1/sign_in' });
    expect(http.resource['service.name']).toBe('umpire-traces-test');
    expect(trace.filter((s) => s.kind === 2)).toHaveLength(1);
    const handler = trace.find((s) => s.name.startsWith('handler') && s.parentSpanId === http.spanId);
    expect(handler, JSON.stringify(trace.map((s) => s.name))).toBeDefined();

    // The statement reading the user is a descendant of the handler, named as its driver's spans are.
    const sql = trace.filter((s) => typeof s.attributes['db.query.text'] === 'string' && /users/.test(String(s.attributes['db.query.text'])));
    expect(sql.length).toBeGreaterThan(0);
    for (const span of sql) {
      expect(span.name).toMatch(TEST_DB === 'postgres' ? /^pg\.query:/ : /^sqlite\.query:SELECT$/);
      expect(span.attributes['db.system.name']).toBe(TEST_DB === 'postgres' ? 'postgresql' : 'sqlite');
      expect(ancestorsOf(span, trace).map((s) => s.spanId)).toEqual(expect.arrayContaining([handler!.spanId, http.spanId]));
    }
    // One span per statement (not the driver's and the query builder's): none inside another.
    const statements = trace.filter((s) => s.attributes['db.query.text']);
    expect(statements.filter((s) => statements.some((p) => p.spanId === s.parentSpanId))).toEqual([]);
  });

  it("continues a caller's trace (traceparent)", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await fetch(`${server.url}/auth/v1/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.api+json', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      body: JSON.stringify({ data: { type: 'sign_in', attributes: { username: 'nobody', password: 'traced' } } }),
    });
    expect(res.status).toBe(401);
    const http = await waitFor('the continued trace', async () => receiver.spans.find((s) => s.kind === 2 && s.traceId === traceId), 20_000);
    expect(http.parentSpanId).toBe('00f067aa0ba902b7');
  });

  it("writes a failed request's error line with its request id and its trace's id", async () => {
    // The table the sign-in reads goes away under the running server: its next sign-in fails.
    if (TEST_DB === 'postgres') {
      const client = new pg.Client({ connectionString: db.env.DATABASE_URL });
      await client.connect();
      await client.query('drop table if exists users cascade');
      await client.end();
    } else {
      const sqlite = new SQLite(join(db.env.DATA_DIR!, 'umpire.sqlite'));
      sqlite.exec('drop table if exists users');
      sqlite.close();
    }
    const written = server.output().length;
    const res = await signIn('another password');
    expect(res.status).toBe(500);

    // The error line is written before the answer leaves, but it reaches this process through the
    // child's stdout, a pipe read apart from the answer's socket: it may be read after the answer.
    const failedLines = () =>
      server
        .output()
        .slice(written)
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((l) => l.msg === 'request failed');
    const failed = await waitFor('the error line', async () => (failedLines().length ? failedLines() : null), 10_000);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ level: 50, reqId: expect.any(String), trace_id: expect.stringMatching(/^[0-9a-f]{32}$/), span_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
    // Its ids are those of the failed request's trace, as exported.
    const trace = await waitFor('the failed sign-in trace', async () => {
      const spans = receiver.spans.filter((s) => s.traceId === failed[0].trace_id);
      return spans.some((s) => s.kind === 2 && s.attributes['http.response.status_code'] === 500) && spans.some((s) => s.spanId === failed[0].span_id) ? spans : null;
    }, 20_000);
    expect(trace.find((s) => s.kind === 2)!.attributes['http.route']).toBe('/auth/v1/sign_in');
  });
});
