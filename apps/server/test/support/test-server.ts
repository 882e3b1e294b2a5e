import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '../../src/config';
import { startServer, type RunningServer } from '../../src/server';
import { DEMO_PASSWORD } from '../../src/seed/demo-data';
import { assertJsonApiDocument } from './jsonapi-schema';
import { copyTemplateData, createFromTemplate, runTemplate, type Template } from './seeded-template';

export const TEST_DB = process.env.UMPIRE_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

const BASE_ENV = { UMPIRE_JWT_SECRET: 'test-secret-0123456789abcdef0123456789', LOG_LEVEL: 'silent', OTT_LIVE: 'false', OTT_WORKER: 'false' };

/**
 * A fresh database per test file: a temporary folder, or a new PostgreSQL database. Empty, or a
 * copy of the run's seeded template (seeded-template.ts).
 */
export async function freshDatabase(template: Template | null = null): Promise<{ env: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  const dataDir = template ? copyTemplateData(template) : mkdtempSync(join(tmpdir(), 'umpire-test-'));
  const base = { ...BASE_ENV, DATA_DIR: dataDir };
  if (TEST_DB !== 'postgres') return { env: { ...base, DATABASE_URL: '' }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('UMPIRE_TEST_DB=postgres needs DATABASE_URL');
  const name = `umpire_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (template?.database) await createFromTemplate(admin, name, template);
    else await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { ...base, DATABASE_URL: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Settings that leave the demo seed as it is: a server with only these starts from the run's
 * seeded template. Anything else (another storage driver or language, no seeding…) seeds its own.
 */
const TEMPLATE_SAFE_ENV = new Set(['JOB_POLL_MS', 'OTT_WORKER', 'OTT_LIVE', 'OTT_LIVE_LEASE_MS', 'UMPIRE_JWT_PREVIOUS_SECRETS', 'OTT_INGEST_HOST', 'OTT_INGEST_PUBLIC_HOST', 'OTT_LIVE_PRESET', 'OTT_LIVE_LADDER', 'FAN_LIMITS', 'SIGN_IN_LIMITS', 'IMAGE_RENDERS', 'IMAGE_RENDER_QUEUE', 'PUSH_ALLOW_LOOPBACK', 'PUBLIC_URL', 'PAYMENT_WEBHOOK_LIMIT', 'TRUST_PROXY', 'CABLE_PUBLIC_CONNECTIONS_PER_ADDRESS', 'DELIVERY_PURGE_URL', 'DELIVERY_PURGE_TOKEN']);
const TEMPLATE_SAFE_OVERRIDES = new Set(['port', 'host', 'bodyLimit', 'trustProxy', 'signInLimits', 'fanLimits', 'jwtSecret', 'jwtPreviousSecrets', 'fanChallenge', 'cablePublic']);

function usesTemplate(overrides: Partial<Config>, extraEnv: NodeJS.ProcessEnv, extra: Parameters<typeof startServer>[2]): boolean {
  if (process.env.UMPIRE_TEST_SEED_TEMPLATE === 'false') return false;
  if (extra && 'clock' in extra && extra.clock) return false;
  return Object.keys(extraEnv).every((k) => TEMPLATE_SAFE_ENV.has(k)) && Object.keys(overrides).every((k) => TEMPLATE_SAFE_OVERRIDES.has(k));
}

/** The run's seeded template, made by seeding a fresh database with a server once. */
function seededTemplate(): Promise<Template | null> {
  return runTemplate(TEST_DB, async () => {
    const db = await freshDatabase();
    try {
      const server = await startServer({ port: 0, host: '127.0.0.1' }, db.env);
      await server.close();
      return db;
    } catch (error) {
      await db.drop();
      throw error;
    }
  });
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string | null;
  body?: unknown;
  /** Sent as is, not JSON-encoded. */
  rawBody?: string;
  headers?: Record<string, string>;
  contentType?: string;
}

export interface TestServer {
  url: string;
  server: RunningServer;
  /** A signed-in token for a demo user (cached per user). */
  token(username?: string): Promise<string>;
  request(method: string, path: string, opts?: RequestOptions): Promise<ApiResponse>;
  get(path: string, opts?: RequestOptions): Promise<ApiResponse>;
  post(path: string, body: unknown, opts?: RequestOptions): Promise<ApiResponse>;
  patch(path: string, body: unknown, opts?: RequestOptions): Promise<ApiResponse>;
  delete(path: string, opts?: RequestOptions): Promise<ApiResponse>;
  close(): Promise<void>;
}

/** An HTTP client of the API at `url` (a test server, an instance, a load balancer), checking every JSON:API document. */
export type ApiClient = Omit<TestServer, 'server' | 'close'>;

export function apiClient(url: string): ApiClient {
  const tokens = new Map<string, string>();

  async function request(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { accept: 'application/vnd.api+json', ...opts.headers };
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] = opts.contentType ?? 'application/vnd.api+json';
    const token = opts.token === undefined ? await api.token('admin') : opts.token;
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(url + path, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = undefined;
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('json') && text) parsed = JSON.parse(text);
    // A 304 or a HEAD has no body: nothing to check.
    if (type.startsWith('application/vnd.api+json') && res.status !== 304 && method !== 'HEAD') assertJsonApiDocument(parsed, `${method} ${path} → ${res.status}`);
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  const api: ApiClient = {
    url,
    async token(username = 'admin') {
      const cached = tokens.get(username);
      if (cached) return cached;
      const res = await request('POST', '/auth/v1/sign_in', {
        token: null,
        body: { data: { type: 'sign_in', attributes: { username, password: DEMO_PASSWORD } } },
      });
      if (res.status !== 200) throw new Error(`sign in as ${username}: ${res.status} ${res.text}`);
      tokens.set(username, res.body.data.attributes.token);
      return res.body.data.attributes.token;
    },
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    patch: (path, body, opts) => request('PATCH', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
  };
  return api;
}

/**
 * Starts the real server on a free port with the demo data. Every JSON:API response is checked
 * against the official schema, so a malformed document fails the test that received it.
 */
export async function startTestServer(overrides: Partial<Config> = {}, extraEnv: NodeJS.ProcessEnv = {}, extra: Parameters<typeof startServer>[2] = {}): Promise<TestServer> {
  const db = await freshDatabase(usesTemplate(overrides, extraEnv, extra) ? await seededTemplate() : null);
  const server = await startServer({ port: 0, host: '127.0.0.1', ...overrides }, { ...db.env, ...extraEnv }, extra);
  return {
    ...apiClient(server.url),
    server,
    async close() {
      await server.close();
      await db.drop();
    },
  };
}

/**
 * Several instances of the server as production runs them (docs/operators/scaling.md): one
 * database and one storage (`extraEnv`, e.g. S3's; else the local driver's directory, shared),
 * each instance with its own DATA_DIR. On SQLite they share the database file, which in-process
 * servers of one machine can. The first instance finds the demo data (or seeds it); the others
 * start on the seeded database. `extraOf` gives each instance its own extras (a live engine…).
 */
export async function startTestInstances(
  count: number,
  extraEnv: NodeJS.ProcessEnv = {},
  extraOf: (index: number) => Parameters<typeof startServer>[2] = () => ({}),
): Promise<{ instances: TestServer[]; close(): Promise<void> }> {
  const db = await freshDatabase(usesTemplate({}, extraEnv, extraOf(0)) ? await seededTemplate() : null);
  const first = db.env.DATA_DIR!;
  const shared = { ...db.env, UPLOADS_DIR: join(first, 'uploads'), ...extraEnv };
  const sqlitePath = join(first, 'umpire.sqlite');
  const servers: RunningServer[] = [];
  const ownDirs: string[] = [];
  const close = async () => {
    for (const server of servers) await server.close();
    for (const dir of ownDirs) rmSync(dir, { recursive: true, force: true });
    await db.drop();
  };
  try {
    for (let i = 0; i < count; i++) {
      const dataDir = i === 0 ? first : mkdtempSync(join(tmpdir(), 'umpire-instance-'));
      if (i > 0) ownDirs.push(dataDir);
      servers.push(await startServer({ port: 0, host: '127.0.0.1', sqlitePath }, { ...shared, DATA_DIR: dataDir }, extraOf(i)));
    }
  } catch (error) {
    await close();
    throw error;
  }
  const instances = servers.map((server) => ({ ...apiClient(server.url), server, close: () => server.close() }));
  return { instances, close };
}

/**
 * Cancels the transcodings the demo data queued (its highlights event), for tests that run the OTT
 * worker (OTT_WORKER=true) and watch their own jobs: they would otherwise share the worker and
 * its change events with the demo's job.
 */
export async function cancelDemoTranscodings(api: ApiClient): Promise<void> {
  const list = await api.get('/api/v3/ott/transcoding_jobs?page[size]=100', { headers: { 'cache-control': 'no-cache' } });
  for (const job of list.body.data as { id: string; attributes: { state: string } }[]) {
    if (!['CREATED', 'QUEUED', 'RUNNING'].includes(job.attributes.state)) continue;
    const res = await api.post(`/api/v3/ott/transcoding_jobs/${job.id}/cancel`, undefined);
    if (res.status >= 300) throw new Error(`cancelling the demo's transcoding ${job.id}: ${res.status} ${res.text}`);
  }
}
