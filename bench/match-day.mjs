#!/usr/bin/env node
// Match-day benchmarks (issue 4, item 9), on SQLite and on PostgreSQL:
//   1. /cable fan-out: 1,000 clients subscribed to one match's API::V3::IncidentsChannel; for each
//      POST /incidents, the time from the POST's response (and from its request) to each client's
//      receipt; p50 and p95 over every receipt. Target: p95 under 100 ms on this 2-core machine.
//   2. Standings of an 18-team, 306-match season (all 34 rounds played): GET /groups/{id}/standings
//      under load; p50, p99, requests/s. Target: p99 at most 20 ms.
//   3. A round fetched with its matches, their squads and the squads' club images.
//
//   node --import tsx bench/match-day.mjs [--db sqlite,postgres] [--clients 1000] [--posts 40] [--duration 10]
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { api, fmt, percentile, signIn, startChild } from './support/child.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'apps/server/package.json'));
const autocannon = require('autocannon');
const WebSocket = require('ws');

const { values: opts } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite,postgres' },
    clients: { type: 'string', default: '1000' },
    posts: { type: 'string', default: '40' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const CLIENTS = Number(opts.clients);
const POSTS = Number(opts.posts);
const log = (m) => console.log(m);

/** One raw ActionCable client: welcome, subscribe, confirm, then timestamps every message. */
function cableClient(url, token, identifier, onMessage) {
  return new Promise((resolvePromise, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/cable?token=${encodeURIComponent(token)}`, ['actioncable-v1-json'], { perMessageDeflate: false });
    ws.on('error', reject);
    ws.on('message', (data) => {
      const at = performance.now();
      const m = JSON.parse(data);
      if (m.type === 'welcome') ws.send(JSON.stringify({ command: 'subscribe', identifier }));
      else if (m.type === 'confirm_subscription') resolvePromise(ws);
      else if (m.type === 'reject_subscription') reject(new Error('subscription rejected'));
      else if (m.message) onMessage(m.message, at);
    });
  });
}

async function fanOut(url, token) {
  // The match that is live in the demo data would be finished here; any match will do.
  const match = (await api(url, token, 'GET', '/api/v3/matches?page[size]=1&sort=-kickoff_at')).data[0];
  const squad = match.relationships.home_squad.data.id;
  const member = (await api(url, token, 'GET', `/api/v3/squad_players?filter[squad]=${squad}&page[size]=1`)).data[0];
  const identifier = JSON.stringify({ channel: 'API::V3::IncidentsChannel', match_id: Number(match.id) });
  const pending = new Map(); // incident id → { sentAt, respondedAt }
  const early = new Map(); // receipts that arrived before the POST's response: id → [at]
  const fromResponse = [];
  const fromRequest = [];
  let receipts = 0;
  const onMessage = (message, at) => {
    if (message.action !== 'created') return;
    receipts++;
    const p = pending.get(message.incident.id);
    if (p?.respondedAt !== undefined) {
      fromResponse.push(Math.max(0, at - p.respondedAt));
      fromRequest.push(at - p.sentAt);
    } else early.set(message.incident.id, [...(early.get(message.incident.id) ?? []), at]);
  };
  const t0 = performance.now();
  const sockets = [];
  for (let i = 0; i < CLIENTS; i += 100)
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(100, CLIENTS - i) }, () => cableClient(url, token, identifier, onMessage)))));
  const connectMs = performance.now() - t0;
  for (let i = 0; i < POSTS; i++) {
    const sentAt = performance.now();
    const res = await api(url, token, 'POST', '/api/v3/incidents', {
      data: {
        type: 'incidents',
        attributes: { incident_type: 'yellow_card', occurrence_half: 2, occurrence_minute: 46 + (i % 44) },
        relationships: { match: { data: { type: 'matches', id: match.id } }, squad: { data: { type: 'squads', id: squad } }, player: member.relationships.player },
      },
    });
    const respondedAt = performance.now();
    pending.set(res.data.id, { sentAt, respondedAt });
    // Clients told before the poster heard back: their delay from the response is 0.
    for (const at of early.get(res.data.id) ?? []) {
      fromResponse.push(Math.max(0, at - respondedAt));
      fromRequest.push(at - sentAt);
    }
    early.delete(res.data.id);
    await new Promise((r) => setTimeout(r, 150));
  }
  await new Promise((r) => setTimeout(r, 1000));
  for (const ws of sockets) ws.close();
  return { connectMs, receipts, expected: CLIENTS * POSTS, fromResponse, fromRequest };
}

async function load(url, token, path) {
  const result = await autocannon({
    url: url + path,
    connections: Number(opts.connections),
    duration: Number(opts.duration),
    headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.api+json' },
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

async function run(db) {
  const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-'));
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
  const server = await startChild(join(ROOT, 'bench/support/serve-season.ts'), { env, cwd: ROOT, name: 'server' });
  try {
    const { url } = server.info;
    const token = await signIn(url);
    log(`\n${db === 'postgres' ? 'PostgreSQL' : 'SQLite'}: demo season with all 34 rounds played, seeded in ${fmt(server.info.seedMs)} ms`);
    const group = (await api(url, token, 'GET', '/api/v3/groups?filter[name]=Tabela')).data[0];
    const standings = await api(url, token, 'GET', `/api/v3/groups/${group.id}/standings`);
    const round = (await api(url, token, 'GET', '/api/v3/rounds?filter[number]=20')).data[0];
    const roundPath = `/api/v3/rounds/${round.id}?include=matches.home_squad.team.club.image,matches.away_squad.team.club.image`;
    const s = await load(url, token, `/api/v3/groups/${group.id}/standings`);
    const r = await load(url, token, roundPath);
    const f = await fanOut(url, token);
    const rows = [
      ['standings (18 teams, ' + standings.meta.finished_matches + ' matches)', `${fmt(s.rps)} req/s`, `p50 ${s.p50} ms`, `p99 ${s.p99} ms`, s.p99 <= 20 ? 'target met (p99 <= 20 ms)' : 'TARGET MISSED (p99 <= 20 ms)'],
      ['round with matches, squads, club images', `${fmt(r.rps)} req/s`, `p50 ${r.p50} ms`, `p99 ${r.p99} ms`, ''],
      [
        `/cable fan-out, ${fmt(CLIENTS)} clients x ${POSTS} posts`,
        `${fmt(f.receipts)}/${fmt(f.expected)} received`,
        `p50 ${fmt(percentile(f.fromResponse, 50), 1)} ms`,
        `p95 ${fmt(percentile(f.fromResponse, 95), 1)} ms`,
        percentile(f.fromResponse, 95) < 100 ? 'target met (p95 < 100 ms)' : 'TARGET MISSED (p95 < 100 ms)',
      ],
      ['  (same, from the request)', `connect ${fmt(f.connectMs)} ms`, `p50 ${fmt(percentile(f.fromRequest, 50), 1)} ms`, `p95 ${fmt(percentile(f.fromRequest, 95), 1)} ms`, ''],
    ];
    const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
    for (const row of rows) log('  ' + row.map((c, i) => c.padEnd(widths[i])).join('  '));
    if (s.errors || r.errors) log(`  errors: standings ${s.errors}, round ${r.errors}`);
  } finally {
    await server.stop();
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const db of opts.db.split(',').map((s) => s.trim()).filter(Boolean)) await run(db);
