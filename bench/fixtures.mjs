#!/usr/bin/env node
// Fixture generation benchmark (issue 26, point 1), on SQLite and on PostgreSQL:
// POST /api/v3/groups/{id}/fixtures for a double round robin of the demo's 18 clubs (34 rounds,
// 306 matches, written through the engine with their history and change events, as one import)
// in a fresh group; the time from the request to the answer, the server's CPU for it and the SQL
// statements it ran, beside the target (≤ 2 s), with the load average. Each run is undone
// (DELETE /api/v3/imports/{id}) before the next, so every run writes the same season.
//
//   node --import tsx bench/fixtures.mjs [--db sqlite,postgres] [--runs 5]
//
// Timings never fail the run; only a crash or a wrong answer does.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { api, cpuMs, fmt, percentile, signIn, startChild } from './support/child.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite,postgres' },
    runs: { type: 'string', default: process.env.BENCH_FIXTURES_RUNS ?? '5' },
  },
});
const RUNS = Math.max(1, Number(opts.runs));
const TARGET_MS = 2000;
const log = (m) => console.log(m);
const load = () => `load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (${cpus().length} cores)`;
const link = (type, id) => ({ data: { type, id: String(id) } });

const PLAN = {
  format: 'double',
  second_half: 'mirrored',
  start_date: '2027-07-16',
  kickoff_slots: ['Fri 20:30', 'Sat 15:00', 'Sat 17:30', 'Sat 20:00', 'Sun 12:30', 'Sun 15:00', 'Sun 17:30', 'Sun 20:00', 'Mon 19:00'],
  seed: 26,
};

async function run(db) {
  const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-fixtures-'));
  let pg = null;
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' };
  if (db === 'postgres') {
    try {
      const { startTempPostgres } = await import('../scripts/pg-temp.mjs');
      pg = await startTempPostgres();
      env.DATABASE_URL = pg.url;
    } catch (err) {
      log(`PostgreSQL: skipped (${err.message})`);
      return;
    }
  }
  const server = await startChild(join(ROOT, 'bench/support/serve-demo.ts'), { env, cwd: ROOT, name: 'server' });
  try {
    const { url } = server.info;
    const token = await signIn(url);
    const league = (await api(url, token, 'GET', '/api/v3/competitions?filter[code]=EKS')).data[0];
    const cs = (await api(url, token, 'GET', `/api/v3/competition_seasons?filter[competition]=${league.id}&filter[is_current]=true`)).data[0];
    const stage = (await api(url, token, 'POST', '/api/v3/stages', { data: { type: 'stages', attributes: { name: 'Bench' }, relationships: { competition_season: link('competition_seasons', cs.id) } } })).data;
    const group = (await api(url, token, 'POST', '/api/v3/groups', { data: { type: 'groups', attributes: { name: 'Bench' }, relationships: { stage: link('stages', stage.id) } } })).data;
    const body = { data: { type: 'fixture_plans', attributes: PLAN } };
    const preview = (await api(url, token, 'POST', `/api/v3/groups/${group.id}/fixtures/preview`, body)).data.attributes;
    log(`\n${db === 'postgres' ? 'PostgreSQL' : 'SQLite'}: ${preview.clubs.length} clubs, ${preview.round_count} rounds, ${preview.match_count} matches; checks ${preview.checks.map((c) => `${c.id} ${c.status}`).join(', ')}`);
    const times = [];
    const cpu = [];
    const previews = [];
    let queries = 0;
    for (let i = 0; i < RUNS; i++) {
      let t0 = performance.now();
      await api(url, token, 'POST', `/api/v3/groups/${group.id}/fixtures/preview`, body);
      previews.push(performance.now() - t0);
      const c0 = cpuMs(server.pid);
      t0 = performance.now();
      const res = await fetch(`${url}/api/v3/groups/${group.id}/fixtures`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.api+json', 'content-type': 'application/vnd.api+json' },
        body: JSON.stringify({ data: { type: 'fixture_plans', attributes: { ...PLAN, preview_digest: preview.digest } } }),
      });
      const answer = await res.json();
      times.push(performance.now() - t0);
      cpu.push(cpuMs(server.pid) - c0);
      queries = Number(res.headers.get('x-db-queries'));
      if (res.status !== 201 || answer.meta.matches !== 306) throw new Error(`commit: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
      await api(url, token, 'DELETE', `/api/v3/imports/${answer.data.id}`);
    }
    const p50 = percentile(times, 50);
    const rows = [
      ['preview (generate, no write)', `p50 ${fmt(percentile(previews, 50))} ms`, `max ${fmt(Math.max(...previews))} ms`, '', ''],
      [
        `generate + commit, ${preview.match_count} matches`,
        `p50 ${fmt(p50)} ms`,
        `max ${fmt(Math.max(...times))} ms`,
        `server CPU p50 ${fmt(percentile(cpu, 50))} ms${queries ? `, ${fmt(queries)} SQL statements` : ''}`,
        p50 <= TARGET_MS ? `target met (<= ${TARGET_MS} ms)` : `TARGET MISSED (<= ${TARGET_MS} ms)`,
      ],
    ];
    const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
    for (const row of rows) log('  ' + row.map((c, i) => c.padEnd(widths[i])).join('  '));
    log(`  ${RUNS} runs; ${load()}`);
  } finally {
    await server.stop();
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const db of opts.db.split(',').map((s) => s.trim()).filter(Boolean)) await run(db);
