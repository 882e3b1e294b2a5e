#!/usr/bin/env node
// Match predictor benchmark (issue 10, item 8): settling a round of 9 matches with 100,000
// predictions, on SQLite (and on PostgreSQL with --database-url).
//
//   node --import tsx bench/predictor.mjs [--predictions 100000] [--database-url postgres://…]
//
// The demo data is seeded into a fresh database; about 11,000 fans then predict every match of one
// round of the demo season (written in bulk: the setup is not what is measured). The matches are
// given final scores and settled the way an incident write settles them (settleMatch per match,
// in one transaction); it prints the seconds that took, a second settlement after a corrected score
// (every prediction of a match recomputed), and the round's and season's standings read after it.
// Timings never fail the run; only a crash does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/jsonapi/migrate.ts';
import { LocalStorage } from '../apps/server/src/storage/local-storage.ts';
import { clientCollation, withShadows } from '../apps/server/src/jsonapi/shadow.ts';
import { toDb } from '../apps/server/src/db/values.ts';
import { settleMatch, USER_RESULTS } from '../apps/server/src/match-predictor/settlement.ts';
import { rankingStandings } from '../apps/server/src/match-predictor/standings.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';

const { values: opts } = parseArgs({
  options: {
    predictions: { type: 'string', default: '100000' },
    'database-url': { type: 'string', default: '' },
  },
});
const PREDICTIONS = Number(opts.predictions);
const seconds = (ms) => (ms / 1000).toFixed(2);

async function run(label, databaseUrl) {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-bench-predictor-'));
  const database = openDatabase({ databaseUrl: databaseUrl || null, sqlitePath: join(dir, 'bench.sqlite') });
  try {
    if (databaseUrl) {
      // A fresh schema on the given server.
      const { sql } = await import('kysely');
      await sql`drop schema public cascade`.execute(database.db);
      await sql`create schema public`.execute(database.db);
    }
    await migrate(database);
    const { clientId } = await seedDemo(database, { storage: new LocalStorage(join(dir, 'uploads')) });
    const { db, dialect } = database;
    const scope = { db, dialect, clientId };
    const ranking = await db.selectFrom('match_predictor_rankings').selectAll().where('client_id', '=', clientId).executeTakeFirstOrThrow();
    // A round of the ranking's season with 9 matches that have not been played.
    const rounds = await db
      .selectFrom('matches as m')
      .innerJoin('rounds as r', 'r.id', 'm.round_id')
      .innerJoin('stages as s', 's.id', 'r.stage_id')
      .select(['m.round_id', (eb) => eb.fn.countAll().as('n')])
      .where('m.client_id', '=', clientId)
      .where('s.competition_season_id', '=', ranking.competition_season_id)
      .where('m.status', '=', 'not_started')
      .groupBy('m.round_id')
      .execute();
    const round = rounds.find((r) => Number(r.n) === 9) ?? rounds[0];
    const matches = await db.selectFrom('matches').select(['id']).where('round_id', '=', round.round_id).orderBy('id').execute();
    const fansNeeded = Math.ceil(PREDICTIONS / matches.length);
    const at = toDb(dialect, 'datetime', new Date().toISOString());
    const t0 = performance.now();
    const fanIds = [];
    for (let i = 0; i < fansNeeded; i += 500) {
      const rows = Array.from({ length: Math.min(500, fansNeeded - i) }, (_, k) => ({
        client_id: clientId, kind: 'device', device_id: `bench-fan-${String(i + k).padStart(8, '0')}`, display_name: `Kibic ${i + k}`,
        is_banned: toDb(dialect, 'boolean', false), created_at: at, updated_at: at,
      }));
      fanIds.push(...(await db.insertInto('fans').values(rows).returning('id').execute()).map((r) => Number(r.id)));
    }
    const collation = await clientCollation(scope);
    let n = 0;
    let batch = [];
    const flush = async () => {
      if (batch.length) await db.insertInto(USER_RESULTS).values(batch).execute();
      batch = [];
    };
    outer: for (const [f, fanId] of fanIds.entries())
      for (const m of matches) {
        if (n++ >= PREDICTIONS) break outer;
        batch.push(
          withShadows(
            USER_RESULTS,
            {
              client_id: clientId, fan_id: fanId, fan_name: `Kibic ${f}`, match_id: m.id, round_id: round.round_id, competition_season_id: ranking.competition_season_id,
              home_score: (f * 7 + Number(m.id)) % 4, away_score: (f * 3 + Number(m.id)) % 3, created_at: at, updated_at: at,
            },
            collation,
          ),
        );
        if (batch.length === 400) await flush();
      }
    await flush();
    const setupMs = performance.now() - t0;

    // The round is played: final scores as the incidents would leave them.
    for (const [i, m] of matches.entries())
      await db.updateTable('matches').set({ status: 'finished', home_score: i % 3, away_score: (i + 1) % 2 }).where('id', '=', m.id).execute();
    const settle = async () => {
      const t = performance.now();
      let settled = 0;
      await db.transaction().execute(async (trx) => {
        for (const m of matches) settled += await settleMatch({ ...scope, db: trx }, Number(m.id));
      });
      return { ms: performance.now() - t, settled };
    };
    const first = await settle();
    // A corrected score in every match: each prediction recomputed.
    for (const [i, m] of matches.entries()) await db.updateTable('matches').set({ home_score: (i % 3) + 1 }).where('id', '=', m.id).execute();
    const again = await settle();
    const t1 = performance.now();
    const roundTable = await rankingStandings(scope, ranking, Number(round.round_id));
    const roundMs = performance.now() - t1;
    const t2 = performance.now();
    const seasonTable = await rankingStandings(scope, ranking);
    const seasonMs = performance.now() - t2;

    console.log(`\n${label}: ${matches.length} matches, ${first.settled.toLocaleString('en')} predictions of ${fansNeeded.toLocaleString('en')} fans (setup ${seconds(setupMs)} s)`);
    console.log(`  settlement of the round:             ${seconds(first.ms)} s`);
    console.log(`  settlement again after corrections:  ${seconds(again.ms)} s`);
    console.log(`  standings of the round (${roundTable.lines.length.toLocaleString('en')} fans):   ${seconds(roundMs)} s`);
    console.log(`  standings of the season (${seasonTable.lines.length.toLocaleString('en')} fans):  ${seconds(seasonMs)} s`);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await run('SQLite', '');
if (opts['database-url']) await run('PostgreSQL', opts['database-url']);
