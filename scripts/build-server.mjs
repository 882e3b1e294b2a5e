#!/usr/bin/env node
// Compiles the server (apps/server/src, with the shared @umpire/schema) to plain JavaScript in
// apps/server/dist, so that production starts run `node apps/server/dist/main.js` and not the
// TypeScript loader. npm packages stay external (resolved from node_modules at run time).
// esbuild comes with tsx (ensureNpm checks that it loads). Skips the build when dist is newer
// than every source, unless UMPIRE_FORCE_BUILD=1.
//   node scripts/build-server.mjs
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMain, log as setupLog, repoRoot } from './ensure-deps.mjs';

const log = (msg) => setupLog(msg, 'build');
const abs = (p) => path.join(repoRoot, p);
export const SERVER_DIST = abs('apps/server/dist');
// Three levels under the root like src/: config.ts finds the repository from its own place.
export const SERVER_MAIN = path.join(SERVER_DIST, 'main.js');
// The preload that starts OpenTelemetry tracing when OTEL_* asks for it (src/tracing.ts), before
// main.js loads what it instruments: `node --import <file URL> main.js`.
export const SERVER_PRELOAD = path.join(SERVER_DIST, 'tracing.js');
/** The arguments to node that run the built server: its preload, then main.js. */
export const serverArgs = () => ['--enable-source-maps', '--import', pathToFileURL(SERVER_PRELOAD).href, SERVER_MAIN];

function newest(dir) {
  let max = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) max = Math.max(max, newest(p));
    else max = Math.max(max, fs.statSync(p).mtimeMs);
  }
  return max;
}

export async function buildServer({ force = process.env.UMPIRE_FORCE_BUILD === '1' } = {}) {
  const built = fs.existsSync(SERVER_MAIN) ? fs.statSync(SERVER_MAIN).mtimeMs : 0;
  const sources = Math.max(
    ...['apps/server/src', 'packages/schema/src', 'packages/render/src', 'apps/site/src/server'].map((dir) => newest(abs(dir))),
    fs.statSync(abs('package-lock.json')).mtimeMs,
  );
  if (!force && built > sources) return SERVER_MAIN;
  log('compiling the server to apps/server/dist');
  const esbuild = createRequire(import.meta.url)('esbuild');
  // The workspaces' own packages are TypeScript: compiled into the bundle, never loaded at run time;
  // what they depend on (React for the website) is loaded from node_modules like the server's own.
  const deps = ['apps/server', 'apps/site', 'packages/render', 'packages/schema'].flatMap((dir) => {
    const pkg = JSON.parse(fs.readFileSync(abs(`${dir}/package.json`), 'utf8'));
    return Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies });
  });
  const external = [...new Set(deps)].filter((name) => !name.startsWith('@umpire/'));
  fs.rmSync(SERVER_DIST, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: { main: abs('apps/server/src/main.ts'), cli: abs('apps/server/src/cli.ts'), tracing: abs('apps/server/src/tracing.ts') },
    outdir: SERVER_DIST,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    external: [...external, ...external.map((name) => `${name}/*`)],
    // The website's renderers are React components (apps/site, packages/render).
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    logLevel: 'warning',
  });
  return SERVER_MAIN;
}

if (isMain(import.meta.url)) {
  try {
    log(`built ${path.relative(repoRoot, await buildServer({ force: true }))}`);
  } catch (err) {
    log(`server build failed: ${err.message}`);
    process.exit(1);
  }
}
