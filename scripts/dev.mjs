#!/usr/bin/env node
// `npm run dev`: the server under `tsx watch` (restarts on change) and the admin app under Vite
// (hot reload on http://localhost:5173, proxying the API prefixes to the server), together,
// their output prefixed. Ctrl-C stops both; if one of them exits, the other is stopped too.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { ensureNpm, log as setupLog, repoRoot } from './ensure-deps.mjs';
import { runOnNode24 } from './ensure-node.mjs';

const log = (msg) => setupLog(msg, 'dev');

await runOnNode24();
try {
  ensureNpm();
} catch (err) {
  log(err.message);
  process.exit(1);
}

const color = process.stdout.isTTY;
const paint = (code, s) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
const port = process.env.PORT || '8080';
const env = {
  ...process.env,
  // Children write to a pipe, not to the terminal: keep their colours when we have a terminal.
  ...(color ? { FORCE_COLOR: '1' } : {}),
  // Where Vite's proxy sends /api, /auth, /media, /img, /cable (apps/admin/vite.config.ts).
  UMPIRE_SERVER: process.env.UMPIRE_SERVER || `http://127.0.0.1:${port}`,
};

const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const procs = [
  {
    name: 'server',
    code: '36',
    cmd: tsx,
    // --clear-screen=false: a restart must not wipe the admin's output; packages/schema is
    // watched explicitly because it is reached through a node_modules symlink.
    args: ['watch', '--clear-screen=false', '--include', 'packages/schema/src', 'apps/server/src/main.ts'],
  },
];
if (fs.existsSync(path.join(repoRoot, 'apps/admin/package.json'))) {
  procs.push({ name: 'admin', code: '35', cmd: 'npm', args: ['run', 'dev', '-w', 'apps/admin'] });
}

let stopping = false;
let exitCode = 0;

function prefix(stream, p, out) {
  const rl = readline.createInterface({ input: stream, crlfDelay: Infinity });
  const tag = paint(p.code, `[${p.name}]`.padEnd(8));
  rl.on('line', (line) => out.write(`${tag} ${line}\n`));
}

function signalGroup(p, sig) {
  try {
    process.kill(-p.child.pid, sig); // the whole group: npm -> sh -> vite, tsx -> node
  } catch {
    /* gone */
  }
}

function stopAll(sig = 'SIGINT') {
  if (stopping) {
    procs.forEach((p) => p.running && signalGroup(p, 'SIGKILL'));
    return;
  }
  stopping = true;
  procs.forEach((p) => p.running && signalGroup(p, sig));
  // Whatever ignores the signal is killed after a grace period.
  setTimeout(() => procs.forEach((p) => p.running && signalGroup(p, 'SIGKILL')), 10_000).unref();
}

for (const p of procs) {
  // Own process group each, so that one signal reaches every process of that side exactly once.
  p.child = spawn(p.cmd, p.args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  p.running = true;
  prefix(p.child.stdout, p, process.stdout);
  prefix(p.child.stderr, p, process.stderr);
  p.child.on('error', (err) => log(`${p.name}: ${err.message}`));
  p.child.on('exit', (code, signal) => {
    p.running = false;
    if (!stopping) {
      log(`${p.name} exited (${signal ?? `code ${code}`}); stopping the rest`);
      exitCode = code || 1;
      stopAll('SIGTERM');
    }
    if (procs.every((q) => !q.running)) process.exit(exitCode);
  });
}

log(`server on http://localhost:${port} (tsx watch)${procs.length > 1 ? ', admin with hot reload on http://localhost:5173' : ''}; Ctrl-C stops both`);

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stopAll(sig === 'SIGHUP' ? 'SIGTERM' : sig));
// If npm (our parent) is killed, its signal never reaches us: stop as well.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stopAll('SIGTERM');
}, 1000).unref();
