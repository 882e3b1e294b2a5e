#!/usr/bin/env node
// The website's browser half: bundles apps/site/src/client/main.ts with esbuild into
// apps/site/dist/assets/site.js (ESM, minified, one chunk per feature loaded on demand beside it,
// with a hash in its name) and writes site.css (@umpire/render's stylesheet and the client's own, minified).
// Idempotent: the folder is made afresh each run. Prints the gzip size of what pages load and
// fails when a content page without video would load more than the budget.
//
//   node apps/site/scripts/build-client.mjs            build once
//   node apps/site/scripts/build-client.mjs --watch    rebuild on change (development)
//   node apps/site/scripts/build-client.mjs --quiet    no size table (the budget is still checked)
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import * as esbuild from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const site = resolve(here, '..');
const out = join(site, 'dist', 'assets');
const require = createRequire(join(site, 'package.json'));
const args = new Set(process.argv.slice(2));
const watch = args.has('--watch');
const quiet = args.has('--quiet');
// A one-off build writes beside the served folder and swaps it in at the end, so a running site
// never serves half a build; watch mode rebuilds in place.
const dir = watch ? out : join(site, 'dist', `.assets-${process.pid}`);

/** JavaScript a content page without video may load (gzip), issue 24 point 9. */
export const BUDGET_GZIP_BYTES = 100 * 1024;
/** Chunks that only pages with video load (hls.js and the player). */
const VIDEO_ONLY = /^(video|hls|hls\.light)/;

const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

function writeCss() {
  const css = [readFileSync(require.resolve('@umpire/render/site.css'), 'utf8'), readFileSync(join(site, 'src/client/interactive.css'), 'utf8')].join('\n');
  const { code } = esbuild.transformSync(css, { loader: 'css', minify: true, target: ['chrome100', 'firefox100', 'safari15'] });
  writeFileSync(join(dir, 'site.css'), code);
  return Buffer.byteLength(code);
}

/**
 * The entry's own output is named with a hash by esbuild (every entry is, so that chunks are
 * hashed too); the page asks for site.js, so it is renamed. Nothing imports an entry's file.
 */
function nameEntry(metafile) {
  const [file] = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint && o.entryPoint.endsWith('src/client/main.ts')) ?? [];
  if (!file) throw new Error('build-client: the entry point produced no output');
  const from = resolve(process.cwd(), file);
  const to = join(dir, 'site.js');
  const code = readFileSync(from, 'utf8').replace(/\/\/# sourceMappingURL=\S+\s*$/, '//# sourceMappingURL=site.js.map\n');
  writeFileSync(to, code);
  rmSync(from);
  if (existsSync(`${from}.map`)) renameSync(`${from}.map`, `${to}.map`);
  return relative(process.cwd(), to);
}

/** Gzip sizes: what site.js loads at once, and each feature's chunk with what it imports statically. */
function sizes(metafile, entryFile) {
  const outputs = new Map(Object.entries(metafile.outputs).filter(([f]) => f.endsWith('.js')));
  const entryOutput = [...outputs.entries()].find(([, o]) => o.entryPoint?.endsWith('src/client/main.ts'))[0];
  const sizeOf = (f) => gz(readFileSync(resolve(process.cwd(), f === entryOutput ? entryFile : f)));
  const nameOf = (f) => (outputs.get(f)?.entryPoint ?? f).split('/').pop().replace(/\.(ts|m?js)$/, '');
  const closure = (start) => {
    const seen = new Set();
    const walk = (f) => {
      if (seen.has(f)) return;
      seen.add(f);
      for (const i of outputs.get(f)?.imports ?? []) if (i.kind === 'import-statement' && !i.external) walk(i.path);
    };
    walk(start);
    return seen;
  };
  const dynamic = (f) => (outputs.get(f)?.imports ?? []).filter((i) => i.kind === 'dynamic-import').map((i) => i.path);
  const sum = (files) => [...files].reduce((n, f) => n + sizeOf(f), 0);
  const base = closure(entryOutput);
  const rows = [['site.js (every page with a hook)', sum(base)]];
  const nonVideo = new Set(base);
  const all = new Set(base);
  for (const f of dynamic(entryOutput)) {
    const files = closure(f);
    const name = nameOf(f);
    rows.push([`+ ${name}`, sum([...files].filter((x) => !base.has(x)))]);
    for (const x of files) all.add(x);
    if (!VIDEO_ONLY.test(name)) for (const x of files) nonVideo.add(x);
    // What a feature loads later on its own (hls.js near a video or after "Watch"), from any of its files.
    const features = new Set(dynamic(entryOutput));
    const laterOnes = new Set([...files].flatMap(dynamic).filter((x) => !features.has(x)));
    for (const later of laterOnes) {
      const more = [...closure(later)].filter((x) => !files.has(x) && !base.has(x));
      const laterName = nameOf(later);
      rows.push([`  + ${laterName} (on demand)`, sum(more)]);
      for (const x of more) all.add(x);
      if (!VIDEO_ONLY.test(name) && !/^hls/.test(laterName)) for (const x of more) nonVideo.add(x);
    }
  }
  return { rows, nonVideo: sum(nonVideo), all: sum(all) };
}

/**
 * The service worker (src/client/sw.ts, issue 41): a classic script of its own, outside the pages'
 * budget (pages never load it), served at the site's base as sw.js. Its precache is the shell this
 * build made: site.js, site.css and every chunk but video's, each with a revision (a hashed name
 * is its own), so that a new build is a new worker and an unchanged one is not.
 */
async function writeServiceWorker() {
  const files = readdirSync(dir).filter((f) => (f.endsWith('.js') || f.endsWith('.css')) && f !== 'sw.js' && !VIDEO_ONLY.test(f));
  const precache = files.sort().map((f) => ({
    url: `assets/${f}`,
    revision: /-[A-Z0-9]{8}\.js$/.test(f) ? null : createHash('sha256').update(readFileSync(join(dir, f))).digest('hex').slice(0, 16),
  }));
  await esbuild.build({
    entryPoints: [join(site, 'src/client/sw.ts')],
    outfile: join(dir, 'sw.js'),
    bundle: true,
    format: 'iife',
    minify: true,
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    platform: 'browser',
    legalComments: 'none',
    logLevel: 'warning',
    absWorkingDir: process.cwd(),
    define: { 'process.env.NODE_ENV': '"production"', __PRECACHE__: JSON.stringify(precache) },
  });
}

async function postBuild(result, started) {
  if (result.errors.length) return false;
  const entryFile = nameEntry(result.metafile);
  const cssBytes = writeCss();
  await writeServiceWorker();
  // The budget holds with --quiet too; only the table is left out.
  const { rows, nonVideo, all } = sizes(result.metafile, entryFile);
  if (quiet && nonVideo <= BUDGET_GZIP_BYTES) return true;
  const ms = Date.now() - started;
  console.log(`build-client: ${relative(process.cwd(), out)} in ${ms} ms (gzip sizes)`);
  for (const [name, bytes] of rows) console.log(`  ${name.padEnd(44)} ${kb(bytes).padStart(9)}`);
  console.log(`  ${'site.css'.padEnd(44)} ${kb(gz(readFileSync(join(dir, 'site.css')))).padStart(9)} (${kb(cssBytes)} raw)`);
  console.log(`  ${'content page without video, every feature'.padEnd(44)} ${kb(nonVideo).padStart(9)}  budget ${kb(BUDGET_GZIP_BYTES)}`);
  console.log(`  ${'a page with everything (video too)'.padEnd(44)} ${kb(all).padStart(9)}`);
  if (nonVideo > BUDGET_GZIP_BYTES) {
    console.error(`build-client: a content page without video loads ${kb(nonVideo)} of JavaScript, over the budget of ${kb(BUDGET_GZIP_BYTES)}`);
    return false;
  }
  return true;
}

const options = {
  entryPoints: [join(site, 'src/client/main.ts')],
  outdir: dir,
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  sourcemap: 'linked',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  platform: 'browser',
  // Every entry is hashed (the features' chunks are entries too); main's is renamed site.js after the build, in the same folder.
  entryNames: '[name]-[hash]',
  // One flat folder: the site serves /site/assets/<name> (no sub-folders); hashed names are kept for good by browsers.
  chunkNames: '[name]-[hash]',
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
  absWorkingDir: process.cwd(),
  define: { 'process.env.NODE_ENV': '"production"' },
};

// What a build that died left behind (not another build running now).
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
};
for (const f of existsSync(join(site, 'dist')) ? readdirSync(join(site, 'dist')) : []) {
  const m = /^(?:\.assets-|assets\.old-)(\d+)$/.exec(f);
  if (m && !alive(Number(m[1]))) rmSync(join(site, 'dist', f), { recursive: true, force: true });
}
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

if (watch) {
  let started = Date.now();
  const ctx = await esbuild.context({
    ...options,
    plugins: [
      {
        name: 'umpire-post-build',
        setup(build) {
          build.onStart(() => {
            started = Date.now();
            // Old chunks go, so the folder holds one build.
            for (const f of readdirSync(dir)) if (/-[A-Z0-9]{8}\.js(\.map)?$/.test(f)) rmSync(join(dir, f));
          });
          build.onEnd(async (result) => {
            await postBuild(result, started).catch((e) => console.error(e));
          });
        },
      },
    ],
  });
  await ctx.watch();
  console.log('build-client: watching apps/site/src/client …');
} else {
  const started = Date.now();
  try {
    const result = await esbuild.build(options);
    if (!(await postBuild(result, started))) process.exit(1);
    const old = `${out}.old-${process.pid}`;
    if (existsSync(out)) renameSync(out, old);
    try {
      renameSync(dir, out);
    } catch (error) {
      // Another build of the same sources swapped its folder in meanwhile: that one serves.
      if (!existsSync(out)) throw error;
    }
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
