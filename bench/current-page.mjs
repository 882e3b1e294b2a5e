#!/usr/bin/env node
// Content pages benchmark (issue 9, item 8), on SQLite.
//
//   node --import tsx bench/current-page.mjs     (plain `node` works too)
//   options: --duration 10 --connections 10 --requests 400 --saves 200
//            --profile   writes a CPU profile of the API process and prints its hot spots
//
// The real server runs in a child process (bench/support/serve.ts: migrations, demo seed and a
// small bulk data set) with LOG_LEVEL=warn. Through the API, the benchmark builds pages of 10 and
// 30 components (clubs, club lists, match lists, texts, images, heroes, news, products: the same
// mix of linked types) and prints:
//   (a) the SQL statements of GET /current_page for 10 and for 30 components (must be equal);
//   (b) GET /current_page of the 30-component page with its includes, cached: latency percentiles
//       under --connections connections for --duration s (target: p99 ≤ 20 ms);
//   (c) the same computed WITHOUT the cache (Cache-Control: no-cache, what the first read after a
//       change costs), one request at a time: the server's CPU ms per request (target ≤ 5 ms);
//   (d) saving a reordered page of 30 components (PATCH /pages/{id}/relationships/components),
//       one at a time: latency percentiles (target: p99 ≤ 50 ms).
// Timings never fail the run; only a crash does (exit code 1).
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuMs, fmt, percentile, running, signIn, startChild } from './support/child.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVE = join(ROOT, 'bench/support/serve.ts');
const autocannon = createRequire(join(ROOT, 'apps/server/package.json'))('autocannon');
const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    requests: { type: 'string', default: '400' },
    saves: { type: 'string', default: '200' },
    profile: { type: 'boolean', default: false },
  },
});
const TARGET_P99_MS = 20;
const TARGET_CPU_MS = 5;
const TARGET_SAVE_P99_MS = 50;
const verdict = (value, target) => (value <= target ? 'met' : 'NOT MET');

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-pages-'));
const profileDir = opts.profile ? join(dataDir, 'profile') : null;
const server = await startChild(SERVE, {
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', BENCH_ROWS: '2000' },
  nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  cwd: ROOT,
  name: 'api',
});
const stopAll = async () => {
  for (const r of [...running]) await r.stop();
  if (profileDir) {
    const { summarizeProfile } = await import('./support/cpu-profile.mjs');
    const files = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile')).map((f) => join(profileDir, f));
    const file = files.sort((x, y) => statSync(y).size - statSync(x).size)[0];
    if (file) {
      console.log(`\nCPU profile of the API process: ${file}`);
      for (const l of summarizeProfile(file, 30)) console.log(`  ${l}`);
    }
  } else rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => stopAll().then(() => process.exit(130)));

try {
  const url = server.info.url;
  const token = await signIn(url);
  const call = async (method, path, body, headers = {}) => {
    const t0 = performance.now();
    const res = await fetch(url + path, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.api+json', 'content-type': 'application/vnd.api+json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 400)}`);
    return { body: text ? JSON.parse(text) : null, ms, queries: Number(res.headers.get('x-db-queries')), cache: res.headers.get('x-cache') };
  };
  const list = async (type, size = 10) => (await call('GET', `/api/v3/${type}?page[size]=${size}&sort=id`)).body.data;
  const link = (type, id) => ({ data: { type, id: String(id) } });
  const many = (type, ids) => ({ data: ids.map((id) => ({ type, id: String(id) })) });

  const [clubs, images, competitionSeasons, products, categories] = await Promise.all(
    ['clubs', 'images', 'competition_seasons', 'products', 'publication_categories'].map((t) => list(t, 12)),
  );
  const pageType = (await call('POST', '/api/v3/page_types', { data: { type: 'page_types', attributes: { name: 'Bench standard', kind: 'standard' } } })).body.data.id;
  const MIX = [
    (i) => ({ kind: 'club', settings: { title: `Klub ${i}` }, rels: { club: link('clubs', clubs[i % clubs.length].id), club_image: link('images', images[i % images.length].id), background_photo: link('images', images[(i + 1) % images.length].id) } }),
    (i) => ({ kind: 'text', settings: { format: 'rich', body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `Akapit ${i} `.repeat(20) }] }] } }, rels: {} }),
    (i) => ({ kind: 'match_list', settings: { match_list: 'upcoming', limit: 10 }, rels: { competition_season: link('competition_seasons', competitionSeasons[i % competitionSeasons.length].id) } }),
    (i) => ({ kind: 'club_list', settings: { title: 'Kluby' }, rels: { clubs: many('clubs', clubs.slice(0, 8 + (i % 4)).map((c) => c.id)) } }),
    (i) => ({ kind: 'hero_main', settings: { title: `Baner ${i}`, layout: 'horizontal' }, rels: { image: link('images', images[i % images.length].id), publication_category: link('publication_categories', categories[i % categories.length].id) } }),
    () => ({ kind: 'product_list', settings: { title: 'Sklep' }, rels: { products: many('products', products.slice(0, 4).map((p) => p.id)) } }),
    (i) => ({ kind: 'image', settings: { caption: `Zdjęcie ${i}` }, rels: { image: link('images', images[(i + 3) % images.length].id) } }),
    () => ({ kind: 'news', settings: { title: 'Aktualności', limit: 6 }, rels: { publication_category: link('publication_categories', categories[0].id) } }),
    (i) => ({ kind: 'social_media', settings: { accounts: [{ network: 'x', url: `https://x.com/liga${i}` }] }, rels: {} }),
    (i) => ({ kind: 'quotation', settings: { quote: `Cytat ${i}`, author: 'Trener' }, rels: { image: link('images', images[i % images.length].id) } }),
  ];
  async function buildPage(slug, count) {
    const page = (
      await call('POST', '/api/v3/pages', {
        data: { type: 'pages', attributes: { title: slug, slug, status: 'published', published_from: '2020-01-01T00:00:00Z' }, relationships: { page_type: link('page_types', pageType) } },
      })
    ).body.data;
    const ids = [];
    for (let i = 0; i < count; i++) {
      const c = MIX[i % MIX.length](i);
      const res = await call('POST', '/api/v3/components', {
        data: { type: 'components', attributes: { kind: c.kind, index: i, settings: c.settings }, relationships: { page: link('pages', page.id), ...c.rels } },
      });
      ids.push(res.body.data.id);
    }
    return { page, ids };
  }
  await buildPage('bench-10', 10);
  await buildPage('bench-30', 30);
  const reordered = await buildPage('bench-reorder', 30);
  const PAGE_PATH = (slug) => `/api/v3/current_page?slug=${slug}&include=tickets_match,tickets_season,standings,statistics`;

  // (a) statements
  const q10 = await call('GET', PAGE_PATH('bench-10'), undefined, { 'cache-control': 'no-cache' });
  const q30 = await call('GET', PAGE_PATH('bench-30'), undefined, { 'cache-control': 'no-cache' });
  const included = q30.body.included.length;
  console.log('\nGET /current_page (30 components, include=tickets_match,tickets_season,standings,statistics)');
  console.log(`  (a) SQL statements: ${q10.queries} for 10 components, ${q30.queries} for 30 (${q10.queries === q30.queries ? 'equal: met' : 'NOT EQUAL'}); ${included} included resources, ${fmt(JSON.stringify(q30.body).length / 1024, 1)} kB`);

  // (b) cached, under load
  await call('GET', PAGE_PATH('bench-30'));
  const latencies = [];
  const cachedCpu0 = cpuMs(server.pid);
  await new Promise((done, fail) => {
    const instance = autocannon({
      url: url + PAGE_PATH('bench-30'),
      connections: Number(opts.connections),
      duration: Number(opts.duration),
      headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.api+json' },
    });
    instance.on('response', (_c, status, _b, ms) => {
      if (status !== 200) fail(new Error(`status ${status}`));
      latencies.push(ms);
    });
    instance.on('done', done);
    instance.on('error', fail);
  });
  const cachedCpu = (cpuMs(server.pid) - cachedCpu0) / latencies.length;
  const p99 = percentile(latencies, 99);
  console.log(
    `  (b) cached: ${fmt(latencies.length / Number(opts.duration))} req/s over ${opts.connections} connections; p50 ${fmt(percentile(latencies, 50), 2)} ms, p99 ${fmt(p99, 2)} ms (target ≤ ${TARGET_P99_MS} ms: ${verdict(p99, TARGET_P99_MS)}); ${fmt(cachedCpu, 2)} ms of server CPU per request`,
  );

  // (c) computed every time: server CPU per request
  const N = Number(opts.requests);
  for (let i = 0; i < 50; i++) await call('GET', PAGE_PATH('bench-30'), undefined, { 'cache-control': 'no-cache' });
  const cpu0 = cpuMs(server.pid);
  const uncached = [];
  for (let i = 0; i < N; i++) uncached.push((await call('GET', PAGE_PATH('bench-30'), undefined, { 'cache-control': 'no-cache' })).ms);
  const cpuPer = (cpuMs(server.pid) - cpu0) / N;
  console.log(
    `  (c) without the cache: ${fmt(cpuPer, 2)} ms of server CPU per request (target ≤ ${TARGET_CPU_MS} ms: ${verdict(cpuPer, TARGET_CPU_MS)}); latency p50 ${fmt(percentile(uncached, 50), 2)} ms, p99 ${fmt(percentile(uncached, 99), 2)} ms, one at a time`,
  );

  // (d) reorder saves
  const saves = [];
  let order = [...reordered.ids];
  const saveCpu0 = cpuMs(server.pid);
  for (let i = 0; i < Number(opts.saves); i++) {
    order = [...order.slice(1), order[0]].reverse();
    saves.push((await call('PATCH', `/api/v3/pages/${reordered.page.id}/relationships/components`, { data: order.map((id) => ({ type: 'components', id })) })).ms);
  }
  const saveCpu = (cpuMs(server.pid) - saveCpu0) / Number(opts.saves);
  const check = await call('GET', `/api/v3/pages/${reordered.page.id}/relationships/components`);
  if (check.body.data.map((d) => d.id).join() !== order.join()) throw new Error('the saved order is not the one sent');
  const saveP99 = percentile(saves, 99);
  console.log(
    `\nPATCH /pages/{id}/relationships/components (30 components, every save a new order): p50 ${fmt(percentile(saves, 50), 2)} ms, p99 ${fmt(saveP99, 2)} ms (target ≤ ${TARGET_SAVE_P99_MS} ms: ${verdict(saveP99, TARGET_SAVE_P99_MS)}); ${fmt(saveCpu, 2)} ms of server CPU per save`,
  );
  const load = loadavg();
  console.log(
    `\nload average: ${load.map((x) => x.toFixed(2)).join(' ')} on ${availableParallelism()} cores${load[0] > availableParallelism() ? ' (other work competed for the CPU: latencies are high and noisy; CPU per request is the steadier figure)' : ''}`,
  );
} finally {
  await stopAll();
}
