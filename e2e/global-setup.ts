import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Builds the admin app, starts the real server on a free 127.0.0.1 port with a fresh data
 * directory (so demo data is seeded), and stops it afterwards. UMPIRE_E2E_SKIP_BUILD=1 reuses
 * an existing build; UMPIRE_E2E_BASE_URL points the tests at a server already running (and
 * UMPIRE_E2E_PG_BASE_URL the `postgres` project at one on PostgreSQL).
 */
const root = resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

function ensureChromium(): void {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(path)) return;
  const helper = join(root, 'scripts/ensure-deps.mjs');
  const r = existsSync(helper)
    ? spawnSync(process.execPath, [helper, 'chromium'], { stdio: 'inherit' })
    : spawnSync('sh', ['-c', 'apt-get update && apt-get install -y chromium'], { stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(path)) throw new Error(`Chromium is missing at ${path} and could not be installed`);
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early (code ${child.exitCode})`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer on ${url}/healthz within ${timeoutMs / 1000} s`);
}

interface Started {
  url: string;
  stop: () => Promise<void>;
}

/**
 * The real server on a free port with a fresh data directory (so demo data is seeded); on the
 * PostgreSQL database `databaseUrl` names when given (empty: it seeds on first start too).
 */
async function startServer(name: string, databaseUrl: string): Promise<Started> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `umpire-e2e-${name}-`));
  const logs: string[] = [];
  const child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_DIST: join(root, 'apps/admin/dist'),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // Push subscriptions of the tests name their local push service (http://127.0.0.1).
      PUSH_ALLOW_LOOPBACK: 'true',
      // The live engine (the OTT event page's test pushes to it): ingest listeners on loopback
      // (free ports), and the lightest output, one small rendition, as ott-live.test.ts uses.
      OTT_LIVE: 'true',
      OTT_INGEST_HOST: '127.0.0.1',
      OTT_INGEST_PUBLIC_HOST: '127.0.0.1',
      OTT_LIVE_PRESET: 'ultrafast',
      OTT_LIVE_LADDER: '320x180@300',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()));

  const url = `http://127.0.0.1:${port}`;
  try {
    // A first start on PostgreSQL migrates and seeds over the network: more than a minute on a busy machine.
    await waitForHealth(url, child, 180_000);
  } catch (error) {
    console.error(`[${name}] ${logs.join('')}`);
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    throw error;
  }
  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((r) => {
        const force = setTimeout(() => {
          if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
          r(undefined);
        }, 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          r(undefined);
        });
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
}

/**
 * One server on SQLite for every project, and, when `npm test` gives a throw-away PostgreSQL
 * (UMPIRE_E2E_DATABASE_URL), a second server on it for the `postgres` project.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureChromium();
  const onPostgres = !!process.env.UMPIRE_E2E_DATABASE_URL && !process.env.UMPIRE_E2E_PG_BASE_URL;
  if (process.env.UMPIRE_E2E_BASE_URL && !onPostgres) return async () => undefined;

  if (!process.env.UMPIRE_E2E_SKIP_BUILD || !existsSync(join(root, 'apps/admin/dist/index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/admin'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The admin build failed');
  }
  if (!process.env.UMPIRE_E2E_SKIP_BUILD || !existsSync(join(root, 'apps/site/dist/assets/site.js'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/site'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error("The website's browser script failed to build");
  }

  const outcomes = await Promise.allSettled([
    process.env.UMPIRE_E2E_BASE_URL ? null : startServer('sqlite', ''),
    onPostgres ? startServer('postgres', process.env.UMPIRE_E2E_DATABASE_URL!) : null,
  ]);
  const [sqlite, postgres] = outcomes.map((r) => (r.status === 'fulfilled' ? r.value : null));
  const servers = [sqlite, postgres].filter((s): s is Started => s !== null);
  const failure = outcomes.find((r) => r.status === 'rejected');
  if (failure) {
    await Promise.all(servers.map((s) => s.stop()));
    throw failure.reason;
  }
  if (sqlite) process.env.UMPIRE_E2E_BASE_URL = sqlite.url;
  if (postgres) process.env.UMPIRE_E2E_PG_BASE_URL = postgres.url;
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
