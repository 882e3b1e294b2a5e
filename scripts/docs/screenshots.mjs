#!/usr/bin/env node
// Takes the staff guide's screenshots: every entry of SHOTS (scripts/docs/shots.mjs) in every
// locale of SHOT_LOCALES, from the real server started on a free 127.0.0.1 port with a fresh data
// directory (so the demo data is seeded, the same each time), in Debian's Chromium, into
// docs/staff/images/<name>.<locale>.png (palette PNGs, re-encoded with sharp).
//
//   npm run docs:screenshots                       every shot, both languages
//   npm run docs:screenshots -- --only a,b         only the shots named
//   npm run docs:screenshots -- --base-url URL     against a server already running (its data as
//                                                  it is: the committed pictures come from a fresh demo)
//
// Builds the admin (and the website's browser script, which the page builder's preview loads)
// when its build is missing or older than its sources (a stale build would picture old screens). CHROMIUM_PATH names another Chromium (default /usr/bin/chromium).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { ADMIN_SOURCES, isStale, SITE_SOURCES } from '../build-freshness.mjs';
import { SHOTS, SHOT_LOCALES, shotFile } from './shots.mjs';
import { FREEZE_CSS, openAdmin, settle, shotContext, signIn } from './shot-context.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const TARGET_BYTES = 150 * 1024;
const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const CONTEXT_OPTIONS = {
  viewport: { width: 1280, height: 800 },
  deviceScaleFactor: 1,
  colorScheme: 'light',
  // No transitions nor ripples: a dialog is drawn whole, not half faded in.
  reducedMotion: 'reduce',
  timezoneId: 'Europe/Warsaw',
};

const BROWSER_LOCALES = { pl: 'pl-PL', en: 'en-GB' };

const { values } = parseArgs({ options: { only: { type: 'string' }, 'base-url': { type: 'string' } } });
const only = values.only ? values.only.split(',').map((s) => s.trim()).filter(Boolean) : null;
const unknown = (only ?? []).filter((name) => !SHOTS.some((s) => s.name === name));
if (unknown.length) {
  console.error(`No such shot: ${unknown.join(', ')}. Shots: ${SHOTS.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const shots = only ? SHOTS.filter((s) => only.includes(s.name)) : SHOTS;

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

function build() {
  const steps = [
    ['apps/admin', 'apps/admin/dist/index.html', ADMIN_SOURCES],
    ['apps/site', 'apps/site/dist/assets/site.js', SITE_SOURCES],
  ];
  for (const [workspace, output, sources] of steps) {
    if (!isStale(join(ROOT, output), sources.map((p) => join(ROOT, p)))) continue;
    console.log(`Building ${workspace}…`);
    const r = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`The build of ${workspace} failed`);
  }
}

/** The real server on a free port with a fresh data directory; answers its address and how to stop it. */
async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'umpire-docs-shots-'));
  const tsx = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
  const logs = [];
  const child = spawn(process.execPath, [tsx, 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_DIST: join(ROOT, 'apps/admin/dist'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The live engine's ingest listeners on loopback only, announced under a name that reads like a
      // league's (the OTT console shows it in the crew's addresses) rather than this machine's.
      OTT_INGEST_HOST: '127.0.0.1',
      OTT_INGEST_PUBLIC_HOST: 'ingest.liga.example',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => logs.push(String(d)));
  child.stderr.on('data', (d) => logs.push(String(d)));
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((done) => {
        const force = setTimeout(() => {
          if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
          done();
        }, 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          done();
        });
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited early (code ${child.exitCode}):\n${logs.join('')}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer on ${url}/healthz within 120 s:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, stop };
}

/** A palette PNG at the highest compression; fewer colours while it is above the target size. */
async function encode(sharp, png) {
  let best;
  for (const colours of [256, 128, 64]) {
    best = await sharp(png).png({ palette: true, colours, compressionLevel: 9, effort: 10 }).toBuffer();
    if (best.length <= TARGET_BYTES) break;
  }
  return best;
}

async function main() {
  const started = Date.now();
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(executablePath)) throw new Error(`No Chromium at ${executablePath}: install Debian's chromium, or set CHROMIUM_PATH`);
  const sharp = createRequire(join(ROOT, 'apps/server/package.json'))('sharp');
  const given = values['base-url']?.replace(/\/$/, '');
  if (!given) build();
  const server = given ? { url: given, stop: async () => undefined } : await startServer();
  let browser;
  let failed = 0;
  try {
    browser = await chromium.launch({ executablePath, args: BROWSER_ARGS });
    const token = await signIn(server.url);
    mkdirSync(join(ROOT, 'docs/staff/images'), { recursive: true });
    for (const locale of SHOT_LOCALES) {
      const context = await browser.newContext({ ...CONTEXT_OPTIONS, locale: BROWSER_LOCALES[locale] ?? locale });
      const page = await context.newPage();
      await openAdmin(page, { baseUrl: server.url, token, locale });
      const ctx = shotContext({ page, locale, baseUrl: server.url, token });
      for (const shot of shots) {
        const t0 = Date.now();
        const file = shotFile(shot.name, locale);
        try {
          await shot.take(page, ctx);
          await settle(page);
          await page.addStyleTag({ content: FREEZE_CSS });
          const png = await encode(sharp, await page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' }));
          writeFileSync(join(ROOT, file), png);
          console.log(`${file}  ${(png.length / 1024).toFixed(0)} KB  ${((Date.now() - t0) / 1000).toFixed(1)} s`);
        } catch (error) {
          failed++;
          console.error(`${file}: ${shot.title}: ${error instanceof Error ? error.message : error}`);
        }
      }
      await context.close();
    }
  } finally {
    await browser?.close();
    await server.stop();
  }
  const total = SHOTS.flatMap((s) => SHOT_LOCALES.map((l) => join(ROOT, shotFile(s.name, l))))
    .filter((f) => existsSync(f))
    .reduce((sum, f) => sum + statSync(f).size, 0);
  console.log(`${shots.length} shots × ${SHOT_LOCALES.length} languages in ${((Date.now() - started) / 1000).toFixed(0)} s; docs/staff/images holds ${(total / 1024).toFixed(0)} KB`);
  if (failed) {
    console.error(`${failed} screenshot(s) failed`);
    process.exitCode = 1;
  }
}

await main();
