#!/usr/bin/env node
// Imports from files (issue 26, point 6), on SQLite (or PostgreSQL with DATABASE_URL set).
//
//   npm run bench -- imports          (or: node --import tsx bench/imports.mjs)
//
// The real server runs in a child process (bench/support/serve.ts) with the demo data. Through
// POST /api/v3/imports, as the admin does, it sends:
//   (a) a 380-row fixture file (a season of 18 clubs, round after round) into a new stage of the
//       demo league: its dry run, then its commit (every match, its round, through the engine with
//       history and change events) — target: dry run + commit ≤ 3 s;
//   (b) 5,000 players: the dry run, then the commit — target ≤ 10 s, with the server's RSS sampled
//       every 50 ms during the commit (before, peak, after): flat memory means no per-row state
//       beyond the file and its report;
// each beside its target, with the load average before and after (the machine is shared).
// Timings never fail the run; only a crash does.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, memKb, running, signIn, startChild } from './support/child.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVE = join(ROOT, 'bench/support/serve.ts');
const JSONAPI = 'application/vnd.api+json';
const FIXTURE_ROWS = 380;
const PLAYERS = 5000;
const TARGET_FIXTURES_S = 3;
const TARGET_PLAYERS_S = 10;

const load = () => loadavg().map((l) => l.toFixed(2)).join(' / ');
const mb = (kb) => `${fmt(kb / 1024)} MB`;
const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-imports-'));
const server = await startChild(SERVE, {
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL ?? '', LOG_LEVEL: 'warn', BENCH_ROWS: '0' },
  cwd: ROOT,
  name: 'api',
});
const stopAll = async () => {
  for (const r of [...running]) await r.stop();
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => stopAll().then(() => process.exit(130)));
const url = server.info.url;
const token = await signIn(url);

async function call(method, path, body) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { accept: JSONAPI, authorization: `Bearer ${token}`, ...(body ? { 'content-type': JSONAPI } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : undefined;
}

/** POST /api/v3/imports with the file as a form, as the admin sends it; the answer and its seconds. */
async function importFile(kind, name, csv, fields, dryRun) {
  const form = new FormData();
  form.set('kind', kind);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([csv], { type: 'text/csv' }), name);
  const t0 = performance.now();
  const res = await fetch(`${url}/api/v3/imports${dryRun ? '?dry_run=true' : ''}`, { method: 'POST', headers: { accept: JSONAPI, authorization: `Bearer ${token}` }, body: form });
  const body = await res.json();
  const seconds = (performance.now() - t0) / 1000;
  if (res.status >= 300) throw new Error(`import ${kind}${dryRun ? ' (dry run)' : ''}: ${res.status} ${JSON.stringify(body).slice(0, 800)}`);
  return { body, seconds };
}

/** Round-robin pairings (the circle method) of the clubs, round after round, to `rows` matches. */
function fixtureCsv(clubs, rows) {
  const lines = ['Kolejka;Data;Godzina;Gospodarze;Goście'];
  const n = clubs.length;
  const start = Date.UTC(2027, 6, 1);
  for (let round = 1; lines.length <= rows; round++) {
    const order = [clubs[0], ...clubs.slice(1).map((_, i) => clubs[1 + ((i + round) % (n - 1))])];
    const day = new Date(start + (round - 1) * 7 * 86_400_000);
    const date = `${String(day.getUTCDate()).padStart(2, '0')}.${String(day.getUTCMonth() + 1).padStart(2, '0')}.${day.getUTCFullYear()}`;
    for (let i = 0; i < n / 2 && lines.length <= rows; i++) {
      const [home, away] = round % 2 ? [order[i], order[n - 1 - i]] : [order[n - 1 - i], order[i]];
      lines.push(`${round};${date};${String(12 + (i % 9)).padStart(2, '0')}:30;${home};${away}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

const POSITIONS = ['Bramkarz', 'Obrońca', 'Pomocnik', 'Napastnik'];
const COUNTRIES = ['Polska', 'PL', 'Czechy', 'Słowacja', 'Niemcy', 'Hiszpania', 'Portugalia', 'Szwecja'];
function playersCsv(count) {
  const lines = ['Imię,Nazwisko,Data urodzenia,Pozycja,Narodowość'];
  for (let i = 0; i < count; i++) {
    const day = 1 + (i % 28);
    const month = 1 + (Math.floor(i / 28) % 12);
    lines.push(`Zawodnik${i},Importowany${Math.floor(i / 7)},${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${1985 + (i % 20)},${POSITIONS[i % 4]},${COUNTRIES[i % COUNTRIES.length]}`);
  }
  return `${lines.join('\n')}\n`;
}

try {
  console.log(`Imports: ${FIXTURE_ROWS} fixtures and ${fmt(PLAYERS)} players through POST /api/v3/imports, ${server.info.dialect}, ${availableParallelism()} CPUs`);
  console.log(`  load average before (1 / 5 / 15 min): ${load()}`);
  const seasons = await call('GET', '/api/v3/competition_seasons?filter[is_current]=true&page[size]=50');
  const cs = seasons.data.find((s) => s.attributes.name.startsWith('PKO BP Ekstraklasa'));
  const stage = await call('POST', '/api/v3/stages', {
    data: { type: 'stages', attributes: { name: 'Bench imports', kind: 'league', display_order: 9 }, relationships: { competition_season: { data: { type: 'competition_seasons', id: cs.id } } } },
  });
  const squads = await call('GET', `/api/v3/competition_seasons/${cs.id}/competitions_squads`);
  const clubs = (squads.data ?? []).map((s) => s.attributes?.name?.replace(/ \d{4}\/\d{2}$/, '')).filter(Boolean);
  const csv = fixtureCsv(clubs.length >= 4 ? clubs.slice(0, clubs.length - (clubs.length % 2)) : clubs, FIXTURE_ROWS);
  const fields = { competition_season_id: cs.id, stage_id: stage.data.id };

  const dry = await importFile('fixtures', 'bench-fixtures.csv', csv, fields, true);
  const totals = dry.body.data.attributes.totals;
  const commit = await importFile('fixtures', 'bench-fixtures.csv', csv, fields, false);
  const made = commit.body.data.attributes.summary;
  console.log(`  (a) ${fmt(totals.rows)} fixture rows (${fmt(totals.create)} to create, ${fmt(totals.error)} in error): dry run ${fmt(dry.seconds, 2)} s + commit ${fmt(commit.seconds, 2)} s = ${fmt(dry.seconds + commit.seconds, 2)} s (target ≤ ${TARGET_FIXTURES_S} s); made ${fmt(made.matches?.created ?? 0)} matches in ${fmt(made.rounds?.created ?? 0)} rounds`);

  const players = playersCsv(PLAYERS);
  const pDry = await importFile('players', 'bench-players.csv', players, {}, true);
  const before = memKb(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memKb(server.pid));
  }, 50);
  const pCommit = await importFile('players', 'bench-players.csv', players, {}, false);
  clearInterval(sampler);
  const after = memKb(server.pid);
  console.log(`  (b) ${fmt(PLAYERS)} players (${fmt(pDry.body.data.attributes.totals.create)} to create): dry run ${fmt(pDry.seconds, 2)} s + commit ${fmt(pCommit.seconds, 2)} s = ${fmt(pDry.seconds + pCommit.seconds, 2)} s (target ≤ ${TARGET_PLAYERS_S} s); made ${fmt(pCommit.body.data.attributes.summary.players?.created ?? 0)}`);
  console.log(`      server RSS during the commit: ${mb(before)} before, ${mb(peak)} peak, ${mb(after)} after; peak RSS of the process (VmHWM) ${mb(memKb(server.pid, 'VmHWM'))}`);
  const undo = performance.now();
  await call('DELETE', `/api/v3/imports/${pCommit.body.data.id}`);
  console.log(`      undo of the 5,000 players: ${fmt((performance.now() - undo) / 1000, 2)} s`);
  console.log(`  load average after (1 / 5 / 15 min): ${load()}`);
} finally {
  await stopAll();
}
