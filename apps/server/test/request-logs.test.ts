import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type ChildServer } from './support/child-server';
import { freshDatabase, TEST_DB } from './support/test-server';

/**
 * Issue 39, point 7: the log an operator reads. At info a request that goes well writes nothing;
 * one slower than SLOW_REQUEST_MS writes one warning with its method, route, status and duration
 * (and its request id); at debug every request writes one line. Each server runs in its own process
 * with its log level, and is stopped before its output is read, so no line can come later (a start
 * and a stop each: two minutes a test on a busy machine).
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
const started: ChildServer[] = [];

beforeAll(async () => {
  db = await freshDatabase();
}, 60_000);

afterAll(async () => {
  for (const child of started) {
    child.process.kill('SIGKILL');
    await child.exited;
  }
  await db?.drop();
});

/** Starts a server, sends it `paths`, stops it, and gives its JSON log lines. */
async function linesOf(env: NodeJS.ProcessEnv, logLevel: string, paths: string[]): Promise<Record<string, unknown>[]> {
  const server = await spawnServer({ ...db.env, SEED_ON_EMPTY: 'false', ...env }, { logLevel });
  started.push(server);
  for (const path of paths) expect((await fetch(server.url + path)).status).toBe(200);
  server.process.kill('SIGTERM');
  await server.exited;
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe(`request logs on ${TEST_DB}`, () => {
  it('writes no line for a request that goes well, at info', async () => {
    const lines = await linesOf({ SLOW_REQUEST_MS: '600000' }, 'info', ['/healthz']);
    // Info lines are written (the server's start), but none of the request.
    expect(lines.some((l) => l.level === 30 && /listening/i.test(String(l.msg)))).toBe(true);
    expect(lines.filter((l) => l.reqId !== undefined)).toEqual([]);
  }, 120_000);

  it('writes one warning for a request slower than SLOW_REQUEST_MS, with its method, route, status and duration', async () => {
    const lines = await linesOf({ SLOW_REQUEST_MS: '0' }, 'info', ['/healthz?probe=1']);
    const request = lines.filter((l) => l.reqId !== undefined);
    expect(request).toHaveLength(1);
    expect(request[0]).toMatchObject({ level: 40, msg: 'slow request', method: 'GET', route: '/healthz', url: '/healthz?probe=1', status: 200 });
    expect(request[0].duration_ms).toEqual(expect.any(Number));
  }, 120_000);

  it('writes one line per request at debug', async () => {
    const lines = await linesOf({ SLOW_REQUEST_MS: '600000' }, 'debug', ['/healthz', '/healthz']);
    const request = lines.filter((l) => l.reqId !== undefined);
    expect(request.map((l) => [l.level, l.msg, l.route, l.status])).toEqual([
      [20, 'request completed', '/healthz', 200],
      [20, 'request completed', '/healthz', 200],
    ]);
    expect(new Set(request.map((l) => l.reqId)).size).toBe(2);
  }, 120_000);
});
