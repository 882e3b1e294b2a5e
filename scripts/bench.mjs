#!/usr/bin/env node
// `npm run bench [-- name ...]`: runs every bench/*.mjs in turn (only those whose file name
// contains one of the given words, when any), each printing its own figures. Runs under
// `node --import tsx`, so a benchmark can import the server's TypeScript directly.
// Benchmarks never fail on timings; a benchmark that crashes makes the exit code 1.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureNpm, log as setupLog, repoRoot } from './ensure-deps.mjs';
import { runOnNode24 } from './ensure-node.mjs';

const log = (msg) => setupLog(msg, 'bench');

await runOnNode24();

const filters = process.argv.slice(2);
const dir = path.join(repoRoot, 'bench');
const files = (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
  .filter((f) => f.endsWith('.mjs'))
  .filter((f) => filters.length === 0 || filters.some((w) => f.includes(w)))
  .sort();

if (files.length === 0) {
  log(filters.length ? `no benchmark in bench/ matches ${filters.join(', ')}` : 'no benchmarks in bench/ yet');
  process.exit(0);
}

try {
  ensureNpm();
} catch (err) {
  log(err.message);
  process.exit(1);
}

let current = null;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    if (current) current.kill(sig);
    process.exit(130);
  });
}

const failed = [];
for (const f of files) {
  log(`bench/${f}`);
  const t0 = Date.now();
  const code = await new Promise((resolve) => {
    current = spawn(process.execPath, ['--import', 'tsx', path.join('bench', f)], { cwd: repoRoot, stdio: 'inherit' });
    current.on('error', (err) => {
      log(err.message);
      resolve(1);
    });
    current.on('exit', (c, s) => resolve(s ? 1 : c));
  });
  current = null;
  log(`bench/${f}: ${code === 0 ? 'done' : `failed (exit code ${code})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (code !== 0) failed.push(f);
}
if (failed.length) {
  log(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
