#!/usr/bin/env node
// Match alerts at match-day scale (issue 41, point 5), on SQLite (or PostgreSQL with --db postgres).
//
//   npm run bench -- alerts                          (or: node --import tsx bench/alerts.mjs)
//   options (node --import tsx bench/alerts.mjs …):
//     --followers 100000 (BENCH_ALERT_FOLLOWERS) --goals 5 --fans 100 --concurrency 256 --key-pairs 64
//     --db sqlite | postgres (a throw-away PostgreSQL of scripts/pg-temp.mjs)
//
// The real server runs in a child process (bench/support/serve.ts) with the job worker's default
// poll (JOB_POLL_MS unset: 1 s), so nothing here shortens the way an alert takes; the local push
// service of the API tests runs in this process and checks and DECRYPTS every message.
//
// --followers subscriptions are written straight into the server's database, every one
// following the home club of a demo match; a third also follow the match and a third its
// competition, so each is reached by up to three topics and must get each alert once. Then
// --goals goals are posted to that match through the staff API, one after another (the next once
// the previous alert is sent), and the benchmark prints, each beside the target:
//   (a) from the incident's commit to the first message the push service receives, p95 over the
//       goals (the commit is between the POST's request and its answer: both bounds are printed);
//   (b) each alert's send rate (its messages over the time from its first to its last), beside the
//       push floor measured in the same run (bench/support/push-floor.ts): target ≥ 90 % of it;
//   (c) the server's RSS before the first goal, after each alert, and its peak: flat;
//   (d) what the push service got: each follower once an alert, none twice, the alert's Topic.
// With the machine's load average before and after. Timings never fail the run; only a crash does.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { matchAlertTag } from '@umpire/schema';
import { api, fmt, memKb, percentile, running, signIn, startChild } from './support/child.mjs';
import { measurePushFloor } from './support/push-floor-run.mjs';
import { startPushService } from '../apps/server/test/support/push-service.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverRequire = createRequire(join(ROOT, 'apps/server/package.json'));
const Sqlite = serverRequire('better-sqlite3');
const { values: opts } = parseArgs({
  options: {
    followers: { type: 'string', default: process.env.BENCH_ALERT_FOLLOWERS ?? '100000' },
    goals: { type: 'string', default: '5' },
    fans: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '256' },
    'key-pairs': { type: 'string', default: '64' },
    db: { type: 'string', default: 'sqlite' },
  },
});
const POSTGRES = opts.db === 'postgres';
const FOLLOWERS = Number(opts.followers);
const GOALS = Math.max(1, Number(opts.goals));
const FANS = Math.max(1, Math.min(Number(opts.fans), FOLLOWERS));
const CLIENT = 'ekstraklasa-demo';
const TARGET_FIRST_MS = 1000;
const TARGET_FLOOR_SHARE = 0.9;

const load = () => loadavg().map((l) => l.toFixed(2)).join(' / ');
const mb = (kb) => `${fmt(kb / 1024)} MB`;

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-alerts-'));
const pg = POSTGRES ? await (await import('../scripts/pg-temp.mjs')).startTempPostgres() : null;
const push = await startPushService();
const server = await startChild(join(ROOT, 'bench/support/serve.ts'), {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: pg?.url ?? '',
    LOG_LEVEL: 'warn',
    BENCH_ROWS: '0',
    PUSH_ALLOW_LOOPBACK: 'true',
    PUSH_CONCURRENCY: opts.concurrency,
    JOB_POLL_MS: '',
    FAN_LIMITS: `register=${FANS * 2}/3600`,
  },
  cwd: ROOT,
  name: 'api',
});
const url = server.info.url;
const stopAll = async () => {
  for (const r of [...running]) await r.stop();
  await push.close();
  await pg?.stop();
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => stopAll().then(() => process.exit(130)));

/** The server's database, straight: SQLite's file or the PostgreSQL it runs on (`?` placeholders either way). */
async function openDatabase() {
  if (!pg) {
    const db = new Sqlite(join(dataDir, 'umpire.sqlite'));
    db.pragma('busy_timeout = 30000');
    return {
      one: async (text, ...params) => db.prepare(text).get(...params),
      all: async (text, ...params) => db.prepare(text).all(...params),
      /** Rows of subscriptions (with their topics) in one transaction per chunk. */
      insertSubscriptions: async (clientId, rows) => {
        const sub = db.prepare('insert into push_subscriptions (client_id, fan_id, endpoint, p256dh, auth, platform, locale, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)');
        const topic = db.prepare('insert into push_subscription_topics (client_id, subscription_id, topic) values (?, ?, ?)');
        const now = new Date().toISOString();
        db.transaction(() => {
          for (const r of rows) {
            const { lastInsertRowid } = sub.run(clientId, r.fan, r.endpoint, r.p256dh, r.auth, 'web', r.locale, now, now);
            for (const t of r.topics) topic.run(clientId, lastInsertRowid, t);
          }
        })();
      },
      close: async () => db.close(),
    };
  }
  const client = new (serverRequire('pg').Client)({ connectionString: pg.url });
  await client.connect();
  const numbered = (text) => {
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  };
  return {
    one: async (text, ...params) => (await client.query(numbered(text), params)).rows[0],
    all: async (text, ...params) => (await client.query(numbered(text), params)).rows,
    insertSubscriptions: async (clientId, rows) => {
      await client.query('begin');
      const made = await client.query(
        `insert into push_subscriptions (client_id, fan_id, endpoint, p256dh, auth, platform, locale, created_at, updated_at)
         select $1, f, e, p, a, 'web', l, now(), now() from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[]) as t(f, e, p, a, l) returning id, endpoint`,
        [clientId, rows.map((r) => r.fan), rows.map((r) => r.endpoint), rows.map((r) => r.p256dh), rows.map((r) => r.auth), rows.map((r) => r.locale)],
      );
      const idOf = new Map(made.rows.map((r) => [r.endpoint, r.id]));
      const pairs = rows.flatMap((r) => r.topics.map((t) => [idOf.get(r.endpoint), t]));
      await client.query('insert into push_subscription_topics (client_id, subscription_id, topic) select $1, s, t from unnest($2::int[], $3::text[]) as x(s, t)', [
        clientId,
        pairs.map((p) => p[0]),
        pairs.map((p) => p[1]),
      ]);
      await client.query('commit');
    },
    close: () => client.end(),
  };
}

/** A demo match that is not over, its clubs and competition, and a player of its home squad. */
function chooseMatch(db, clientId) {
  return db.one(
    `select m.id, m.home_squad_id, m.away_squad_id, ht.club_id as home_club, at.club_id as away_club, cs.competition_id as competition,
            (select player_id from squad_players sp where sp.squad_id = m.home_squad_id order by sp.id limit 1) as player
       from matches m
       join squads hs on hs.id = m.home_squad_id
       join teams ht on ht.id = hs.team_id
       join squads aw on aw.id = m.away_squad_id
       join teams at on at.id = aw.team_id
       join rounds r on r.id = m.round_id
       join stages st on st.id = r.stage_id
       join competition_seasons cs on cs.id = st.competition_season_id
      where m.client_id = ? and m.status = 'not_started'
      order by m.kickoff_at limit 1`,
    clientId,
  );
}

/** The followers, written straight into the server's database: the home club, and a third the match, a third the competition. */
async function seed(db, clientId, fanIds, bulk, match) {
  for (let from = 0; from < FOLLOWERS; from += 10_000) {
    const rows = [];
    for (let i = from; i < Math.min(FOLLOWERS, from + 10_000); i++) {
      const topics = [`club:${match.home_club}`];
      if (i % 3 === 1) topics.push(`match:${match.id}`);
      if (i % 3 === 2) topics.push(`competition:${match.competition}`);
      rows.push({ fan: fanIds[i % fanIds.length], endpoint: bulk.endpoint(i), ...bulk.keys(i), locale: i % 10 === 0 ? 'en' : 'pl', topics });
    }
    await db.insertSubscriptions(clientId, rows);
  }
}

try {
  console.log(`Match alerts: ${fmt(FOLLOWERS)} followers of ${fmt(FANS)} fans, ${GOALS} goals, ${POSTGRES ? 'PostgreSQL' : 'SQLite'}, ${availableParallelism()} CPUs, sender concurrency ${opts.concurrency}, job poll 1 s`);
  console.log(`  load average before (1 / 5 / 15 min): ${load()}`);
  const t0 = performance.now();
  const devices = Array.from({ length: FANS }, (_, i) => `bench-alerts-device-${i}-abcdefgh`);
  for (const device of devices) {
    const res = await fetch(`${url}/public/v1/fans?client=${CLIENT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.api+json', accept: 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'fans', attributes: { device_id: device } } }),
    });
    if (res.status !== 201) throw new Error(`fan registration: ${res.status} ${await res.text()}`);
  }
  const bulk = push.subscribeMany(FOLLOWERS, { keyPairs: Number(opts['key-pairs']) });
  let match;
  {
    const db = await openDatabase();
    const clientId = (await db.one('select id from clients where slug = ?', CLIENT)).id;
    const fanIds = (await db.all(`select id from fans where client_id = ? and device_id in (${devices.map(() => '?').join(',')}) order by id`, clientId, ...devices)).map((r) => r.id);
    match = await chooseMatch(db, clientId);
    if (!match) throw new Error('no match of the demo data is still to be played');
    await seed(db, clientId, fanIds, bulk, match);
    await db.close();
  }
  console.log(`  seeded in ${fmt((performance.now() - t0) / 1000, 1)} s: match ${match.id}, followers of club ${match.home_club} (a third also of the match, a third of competition ${match.competition})`);

  // Every message's arrival, by its Web Push Topic: the first and last of each alert, and how many.
  const byTopic = new Map();
  bulk.onPost = (_i, at, topic) => {
    const t = byTopic.get(topic ?? '');
    if (t) {
      t.last = at;
      t.count++;
    } else byTopic.set(topic ?? '', { first: at, last: at, count: 1 });
  };
  const staff = await signIn(url);
  const rssBefore = memKb(server.pid, 'VmRSS');
  const rssAfter = [];
  const fromRequest = [];
  const fromAnswer = [];
  const rates = [];
  for (let g = 0; g < GOALS; g++) {
    const requestAt = performance.now();
    const made = await api(url, staff, 'POST', '/api/v3/incidents', {
      data: {
        type: 'incidents',
        attributes: { incident_type: 'goal', occurrence_half: 1, occurrence_minute: 10 + g },
        relationships: {
          match: { data: { type: 'matches', id: String(match.id) } },
          squad: { data: { type: 'squads', id: String(match.home_squad_id) } },
          player: { data: { type: 'players', id: String(match.player) } },
        },
      },
    });
    const answerAt = performance.now();
    const tag = matchAlertTag(match.id, { incidentId: made.data.id });
    // The alert is done when every follower has had its message.
    const deadline = Date.now() + 10 * 60_000;
    while ((byTopic.get(tag)?.count ?? 0) < FOLLOWERS) {
      if (Date.now() > deadline) throw new Error(`alert ${tag}: ${byTopic.get(tag)?.count ?? 0} of ${FOLLOWERS} messages after 10 minutes`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const t = byTopic.get(tag);
    fromRequest.push(t.first - requestAt);
    fromAnswer.push(Math.max(0, t.first - answerAt));
    rates.push((t.count - 1) / ((t.last - t.first) / 1000));
    rssAfter.push(memKb(server.pid, 'VmRSS'));
    console.log(`  goal ${g + 1}: first message ${fmt(t.first - requestAt)} ms after the POST began (${fmt(answerAt - requestAt)} ms to its answer), ${fmt(t.count)} messages in ${fmt((t.last - t.first) / 1000, 2)} s`);
  }
  const peak = memKb(server.pid, 'VmHWM');
  const decrypted = bulk.decrypted;
  let twice = 0;
  let wrong = 0;
  for (const p of bulk.posts) {
    if (p > GOALS) twice++;
    else if (p < GOALS) wrong++;
  }
  const floor = await measurePushFloor({ pushUrl: push.url, bulk, count: Math.min(FOLLOWERS, 50_000), concurrency: opts.concurrency, keyPairs: Number(opts['key-pairs']), label: 'the push floor' });
  const p95Request = percentile(fromRequest, 95);
  const p95Answer = percentile(fromAnswer, 95);
  const slowest = Math.min(...rates);
  console.log(`  (a) commit → first message, p95: ≤ ${fmt(p95Request)} ms (from the POST's request) and ≥ ${fmt(p95Answer)} ms (from its answer)   target ≤ ${fmt(TARGET_FIRST_MS)} ms`);
  console.log(`  (b) send rate: slowest alert ${fmt(slowest)}/s, mean ${fmt(rates.reduce((a, b) => a + b, 0) / rates.length)}/s = ${fmt((100 * slowest) / floor.perS, 1)} % of the floor's ${fmt(floor.perS)}/s (the mean ${fmt((100 * rates.reduce((a, b) => a + b, 0)) / rates.length / floor.perS, 1)} %)   target ≥ ${TARGET_FLOOR_SHARE * 100} %`);
  console.log(`  (c) server RSS: ${mb(rssBefore)} before the first goal, after each alert ${rssAfter.map((kb) => fmt(kb / 1024)).join(' ')} MB, peak ${mb(peak)}   target: flat`);
  console.log(`  (d) push service: ${fmt(decrypted)} decrypted (${fmt(FOLLOWERS * GOALS)} expected), ${push.rejected.length} refused, ${fmt(twice)} followers got an alert twice, ${fmt(wrong)} missed one`);
  if (push.rejected.length) console.log(`      first refusal: ${push.rejected[0]}`);
  console.log(`  load average after (1 / 5 / 15 min): ${load()}`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await stopAll();
}
