#!/usr/bin/env node
// `npm start`: installs what is missing, builds the admin app and the server (to JavaScript), then runs it, which
// migrates, seeds demo data on an empty database and prints its address and the demo sign-in.
// Env is passed through (PORT, DATABASE_URL, ...). UMPIRE_FORCE_BUILD=1 rebuilds the admin
// even when its build looks up to date.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_SOURCES, SITE_SOURCES, newestMtime } from './build-freshness.mjs';
import { buildServer, serverArgs } from './build-server.mjs';
import { ensureFfmpeg, ensureNpm, log as setupLog, repoRoot } from './ensure-deps.mjs';
import { runOnNode24 } from './ensure-node.mjs';

const log = (msg) => setupLog(msg, 'start');

const abs = (p) => path.join(repoRoot, p);

function buildAdmin() {
  const pkg = JSON.parse(fs.readFileSync(abs('apps/admin/package.json'), 'utf8'));
  if (!pkg.scripts?.build) {
    log('apps/admin has no build script; serving without building it');
    return;
  }
  // Skip a build that is newer than every source it comes from: a second `npm start` is then instant.
  const built = fs.existsSync(abs('apps/admin/dist/index.html')) ? fs.statSync(abs('apps/admin/dist/index.html')).mtimeMs : 0;
  const sources = newestMtime(ADMIN_SOURCES.map(abs));
  if (built > sources && process.env.UMPIRE_FORCE_BUILD !== '1') {
    log('admin build is up to date (UMPIRE_FORCE_BUILD=1 rebuilds it)');
    return;
  }
  log('building the admin app (npm run build -w apps/admin)');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/admin'], { cwd: repoRoot, stdio: 'inherit' });
  if (r.status !== 0) {
    // No half-working start: a server without its admin app is not what `npm start` promises.
    log(`admin build failed (exit code ${r.status ?? r.signal}); not starting the server`);
    process.exit(r.status || 1);
  }
}

// On an older Node, the rest runs again under Node 24 (from the npm registry when need be).
await runOnNode24();
try {
  ensureNpm();
} catch (err) {
  log(err.message);
  process.exit(1);
}
// Video transcoding and live ingest use Debian's ffmpeg; the rest of the server runs without it.
try {
  if (!ensureFfmpeg()) log('ffmpeg is not available: video jobs will fail until it is installed');
} catch (err) {
  log(`could not install ffmpeg (${err.message}); video jobs will fail until it is installed`);
}

/** The website's browser script (apps/site/dist/assets), built when its sources changed. */
function buildSite() {
  const built = fs.existsSync(abs('apps/site/dist/assets/site.js')) ? fs.statSync(abs('apps/site/dist/assets/site.js')).mtimeMs : 0;
  const sources = newestMtime(SITE_SOURCES.map(abs));
  if (built > sources && process.env.UMPIRE_FORCE_BUILD !== '1') return;
  log('building the website\'s browser script (npm run build -w apps/site)');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/site'], { cwd: repoRoot, stdio: 'inherit' });
  // The site still reads without it: say so and go on.
  if (r.status !== 0) log(`the website's browser script failed to build (exit code ${r.status ?? r.signal}); its pages will not be interactive`);
}

if (fs.existsSync(abs('apps/admin/package.json'))) buildAdmin();
if (fs.existsSync(abs('apps/site/package.json'))) buildSite();

// Production runs compiled JavaScript (apps/server/dist), never the TypeScript loader.
try {
  await buildServer();
} catch (err) {
  log(`server build failed: ${err.message}`);
  process.exit(1);
}
const [cmd, args] = [process.execPath, serverArgs()];
// Own process group: a terminal Ctrl-C reaches us and we pass it on once, so the server sees a
// single SIGINT (a second one could cut its graceful shutdown short).
// Production libraries (React renders the website's pages in its production build: half the CPU).
const child = spawn(cmd, args, { cwd: repoRoot, env: { NODE_ENV: 'production', ...process.env }, stdio: 'inherit', detached: true });
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    try {
      child.kill(sig);
    } catch {
      /* already gone */
    }
  });
}
// `kill <npm pid>` stops npm and its shell but never reaches us: when our parent goes away,
// stop the server as if we had been sent SIGTERM.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.emit('SIGTERM', 'SIGTERM');
}, 1000).unref();
child.on('error', (err) => {
  log(`could not start the server: ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  // Exit like the server did, so a supervisor sees the real outcome.
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else process.exit(code ?? 1);
});
