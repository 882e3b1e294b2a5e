import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { enqueue } from '../src/jobs/queue';
import { startTestServer, TEST_DB, type TestServer } from './support/test-server';
import { waitFor } from './support/wait';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api?.close());

describe('operations', () => {
  it('reports health with the database in use', async () => {
    const res = await fetch(`${api.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: TEST_DB });
  });

  it('exposes Prometheus metrics with request durations per route and SQL statements', async () => {
    await api.get('/api/v3/clubs');
    const text = await (await fetch(`${api.url}/metrics`)).text();
    expect(text).toMatch(/umpire_http_request_duration_seconds_count\{method="GET",route="\/api\/v3\/clubs",status="200"\} \d+/);
    expect(text).toMatch(/umpire_sql_queries_total \d+/);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('counts job runs by kind and outcome, with their duration', async () => {
    const worker = api.server.app.jobs!;
    const { db, dialect } = api.server.database;
    // Kinds of this run alone: the figures are the process's, and a retried test runs again in it.
    const ok = `metrics.ok${randomUUID().slice(0, 8)}`;
    const failing = `metrics.failing${randomUUID().slice(0, 8)}`;
    worker.handle(ok, async () => {});
    worker.handle(failing, async () => {
      throw new Error('fails on purpose');
    });
    const now = new Date();
    await enqueue(db, dialect, ok, {}, { runAt: now }, now);
    await enqueue(db, dialect, failing, {}, { runAt: now, maxAttempts: 1 }, now);
    const counted = (text: string) => text.includes(`umpire_job_runs_total{kind="${ok}",outcome="done"} 1\n`) && text.includes(`umpire_job_runs_total{kind="${failing}",outcome="failed"} 1\n`);
    // A poll under way when they were queued may have claimed before them: the next runs them.
    const text = await waitFor('both jobs counted', async () => {
      await worker.runDue();
      const text = await (await fetch(`${api.url}/metrics`)).text();
      return counted(text) ? text : null;
    });
    expect(text).toContain(`umpire_job_duration_seconds_count{kind="${ok}"} 1\n`);
  });

  it('describes every resource in OpenAPI generated from the declarations, and renders it', async () => {
    const doc = await (await fetch(`${api.url}/api/docs/openapi.json`)).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/v3/competition_seasons');
    expect(doc.paths['/api/v3/clubs/{id}'].delete).toBeDefined();
    expect(doc.paths['/api/v3/audit_events/{id}'].delete).toBeUndefined();
    expect(doc.paths['/api/v3/groups/{id}/standings'].get.summary).toContain('Standings');
    expect(doc.components.schemas.clubs.properties.attributes.properties.website.type).toBe('string');
    // Every documented path is a route the server has (the generic {type} stands for any resource).
    for (const [path, methods] of Object.entries<Record<string, unknown>>(doc.paths))
      for (const method of Object.keys(methods)) {
        const url = path.replace('{type}', 'clubs').replace(/\{(\w+)\}/g, ':$1').replace(':request/:image_path', '*').replace(/\/:file$/, '/*');
        expect(api.server.app.hasRoute({ method: method.toUpperCase(), url }), `${method} ${path}`).toBe(true);
      }
    expect(doc.paths['/public/v1/articles/{key}'].get.summary).toContain('Fan-facing');
    // The reference page draws this document in the browser (test/api-reference.test.ts, e2e/api-reference.e2e.ts).
    const html = await (await fetch(`${api.url}/api/docs`)).text();
    expect(html).toContain('data-spec="/api/docs/openapi.json"');
  });

  it('sends security headers', async () => {
    const res = await fetch(`${api.url}/healthz`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('answers unknown API routes with a JSON:API 404 and unknown pages with the admin app', async () => {
    const res = await api.get('/api/v3/unknown');
    expect(res.status).toBe(404);
    expect(res.body.errors[0].meta.key).toBe('notFound');
    for (const path of ['/', '/competitions/clubs', '/competitions/matches/form/1']) {
      const page = await fetch(`${api.url}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type'), path).toContain('text/html');
    }
  });
});

describe('logs', () => {
  it('never write a token from the address', async () => {
    const { redactToken } = await import('../src/ops/request-logs');
    expect(redactToken('/clubs?x=1&token=eyJhbGciOi.abc.def&y=2')).toBe('/clubs?x=1&token=[redacted]&y=2');
    expect(redactToken('/cable?token=abc')).toBe('/cable?token=[redacted]');
  });
});
