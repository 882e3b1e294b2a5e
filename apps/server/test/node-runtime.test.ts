import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { TEST_DB } from './support/test-server';

// scripts/ensure-node.mjs: an entry script started by a Node older than 24 runs again under Node 24
// (from .tmp/node/, fetched from the npm registry when missing). Shown with a real older Node: the
// machine's own, as CI has it on PATH. Nothing here touches a database: run once, on SQLite.
const ENSURE_NODE = join(REPO_ROOT, 'scripts/ensure-node.mjs');
const major = (version: string) => Number(/^v(\d+)/.exec(version)?.[1] ?? 0);

/** PATH without the Node 24 that scripts/ensure-node.mjs put first (the tests run under it). */
const plainPath = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((dir) => !dir.startsWith(join(REPO_ROOT, '.tmp', 'node')))
  .join(delimiter);
const plainEnv = (() => {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: plainPath };
  for (const k of ['npm_config_nodedir', 'NODE', 'npm_node_execpath']) delete env[k];
  return env;
})();

/** A node older than 24 on the plain PATH or in the usual places, or null. */
function olderNode(): string | null {
  for (const candidate of [...plainPath.split(delimiter).map((dir) => join(dir, 'node')), '/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(candidate)) continue;
    const r = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    if (r.status === 0 && major(r.stdout.trim()) < 24) return candidate;
  }
  return null;
}

const OLD = TEST_DB === 'sqlite' ? olderNode() : null;
if (TEST_DB === 'sqlite' && !OLD) console.log('node-runtime.test.ts: skipped: no Node older than 24 on this machine to start the scripts with');

describe.skipIf(!OLD)('on a Node older than 24, the scripts run under Node 24', () => {
  const work = mkdtempSync(join(tmpdir(), 'umpire-node-'));
  // The Node 24 runs of the scripts below, stopped at the end whatever happened to their wrappers.
  const runs = new Set<number>();
  afterAll(() => {
    for (const pid of runs) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* ended */
      }
    }
    rmSync(work, { recursive: true, force: true });
  });

  /** An entry script as scripts/*.mjs start: runOnNode24() first, then its own work. */
  function entry(body: string): string {
    const file = join(work, `entry-${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(file, `import { runOnNode24 } from ${JSON.stringify(pathToFileURL(ENSURE_NODE).href)};\nawait runOnNode24();\n${body}\n`);
    return file;
  }

  it('an entry script runs again under Node 24 with its arguments, Node 24 first on PATH for what it starts, the headers for node-gyp, and exits as it did', () => {
    const file = entry(`
      const { execFileSync } = await import('node:child_process');
      // What a child finds as \`node\` on PATH (npm, npx and tsx are started by their #!/usr/bin/env node).
      const onPath = execFileSync('node', ['--version'], { encoding: 'utf8' }).trim();
      console.log(JSON.stringify({ version: process.version, args: process.argv.slice(2), onPath, nodedir: process.env.npm_config_nodedir }));
      process.exit(7);`);
    const r = spawnSync(OLD!, [file, 'a b', '--flag'], { cwd: REPO_ROOT, env: plainEnv, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(7);
    const seen = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
    expect(major(seen.version)).toBe(24);
    expect(seen.args).toEqual(['a b', '--flag']);
    expect(seen.onPath).toBe(seen.version);
    expect(existsSync(join(seen.nodedir, 'include', 'node', 'node.h'))).toBe(true);
  });

  /** Starts a script that waits for SIGTERM (and says how many it heard) on the old Node; resolves once it runs under Node 24. */
  async function waiting() {
    const file = entry(`
      let heard = 0;
      process.on('SIGTERM', () => {
        heard += 1;
        // Told twice would print 2: wait a turn of the loop for a second one before answering.
        setImmediate(() => { console.log('SIGTERM heard ' + heard); process.exit(0); });
      });
      console.log('ready ' + process.pid + ' ' + process.version);
      setInterval(() => {}, 1000);`);
    const wrapper = spawn(OLD!, [file], { cwd: REPO_ROOT, env: plainEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    const run = { wrapper, out: '', err: '', ended: new Promise<void>((resolve) => wrapper.stdout.once('end', resolve)) };
    wrapper.stderr.on('data', (c) => (run.err += c));
    await new Promise<void>((resolve, reject) => {
      wrapper.stdout.on('data', (c) => {
        run.out += c;
        const ready = /ready (\d+) (v\d+)/.exec(run.out);
        if (!ready) return;
        runs.add(Number(ready[1]));
        expect(major(ready[2])).toBe(24);
        resolve();
      });
      wrapper.once('exit', () => reject(new Error(`ended before it was ready: ${run.err}`)));
    });
    return run;
  }

  it('a signal sent to the script started on the old Node reaches the one running under Node 24, once', async () => {
    const run = await waiting();
    const exited = new Promise<number | null>((resolve) => run.wrapper.once('exit', (code) => resolve(code)));
    run.wrapper.kill('SIGTERM');
    expect(await exited, run.err).toBe(0);
    expect(run.out).toContain('SIGTERM heard 1');
  });

  it('killed outright, the script started on the old Node leaves nothing running: the Node 24 run stops as if sent SIGTERM', async () => {
    const run = await waiting();
    run.wrapper.kill('SIGKILL');
    // Its output ends when the Node 24 run, which holds the pipe too, has ended.
    await run.ended;
    expect(run.out).toContain('SIGTERM heard 1');
  });

  it('--env gives a shell Node 24 first on PATH (what .ci/run does before npm test)', () => {
    const r = spawnSync('bash', ['-c', `eval "$(${JSON.stringify(OLD)} scripts/ensure-node.mjs --env)" && node --version && echo "$npm_config_nodedir"`], {
      cwd: REPO_ROOT,
      env: plainEnv,
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    const [version, nodedir] = r.stdout.trim().split('\n');
    expect(major(version)).toBe(24);
    expect(existsSync(join(nodedir, 'include', 'node', 'node.h'))).toBe(true);
  });

  it('UMPIRE_NODE_FETCH=0 with no Node 24 to be had stops with a message that says what to do', () => {
    // An empty copy of the scripts: no .tmp/node beside it, and told not to fetch.
    const repo = mkdtempSync(join(work, 'repo-'));
    spawnSync('mkdir', ['-p', join(repo, 'scripts')]);
    spawnSync('cp', [ENSURE_NODE, join(repo, 'scripts')]);
    const file = join(repo, 'scripts', 'entry.mjs');
    writeFileSync(file, `import { runOnNode24 } from './ensure-node.mjs';\nawait runOnNode24();\nconsole.log('ran on ' + process.version);\n`);
    const r = spawnSync(OLD!, [file], { cwd: repo, env: { ...plainEnv, UMPIRE_NODE_FETCH: '0' }, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stdout).not.toContain('ran on');
    expect(r.stderr).toMatch(/Umpire needs Node 24; this is Node v\d+.*UMPIRE_NODE_FETCH=0/s);
    expect(r.stderr).toContain('.nvmrc');
  });
});
