import type { DB, Dialect } from '../db/database';
import { prepared } from '../db/prepared';
import { defineRules } from '../jsonapi/rules';
import type { Row } from '../jsonapi/read';
import { toDb } from '../db/values';

const RANKING_COLUMNS = ['id', 'client_id', 'quiz_id', 'fan_name', 'fan_name_sort', 'score', 'time_taken_ms', 'submitted_at', 'created_at', 'updated_at'] as const;

/** A quiz's ranked (not banned) attempts, read along the ranking index of migration 0013. */
const ranked = (db: DB, dialect: Dialect, clientId: number, quizId: number) =>
  db
    .selectFrom('quiz_user_attempts')
    .where('client_id', '=', clientId)
    .where('quiz_id', '=', quizId)
    .where('is_banned', '=', toDb(dialect, 'boolean', false) as never);

const buckets = (db: DB, clientId: number, quizId: number) =>
  db.selectFrom('quiz_ranking_buckets').where('client_id', '=', clientId).where('quiz_id', '=', quizId).where('attempts', '>', 0);

/**
 * `size` places of a quiz's ranking from place `offset + 1` on, and how many places it has. The
 * attempts' buckets (migration 0019: ranked attempts per score and second of time taken) tell
 * which score and second the page starts in and how many places come before, so the attempts
 * themselves are read from there along the ranking index: a page costs the same at place 1 and at
 * place 100,000, and nothing is counted or sorted but a quiz's buckets.
 */
export async function rankingPage(db: DB, dialect: Dialect, clientId: number, quizId: number, offset: number, size: number): Promise<{ total: number; rows: Row[] }> {
  const scores = await buckets(db, clientId, quizId)
    .select(['score', (eb) => eb.fn.sum<number | string>('attempts').as('n')])
    .groupBy('score')
    .orderBy('score', 'desc')
    .execute();
  const total = scores.reduce((n, s) => n + Number(s.n), 0);
  if (offset >= total || size < 1) return { total, rows: [] };
  let before = 0;
  const score = scores.find((s) => (before += Number(s.n)) > offset)!;
  before -= Number(score.n);
  const seconds = await buckets(db, clientId, quizId).select(['time_second', 'attempts']).where('score', '=', score.score).orderBy('time_second').execute();
  const second = seconds.find((s) => (before += Number(s.attempts)) > offset)!;
  before -= Number(second.attempts);
  // Spelt as the index is (PostgreSQL uses it only with the same null ordering).
  const inOrder = <Q extends ReturnType<typeof ranked>>(q: Q) =>
    q
      .select([...RANKING_COLUMNS])
      .orderBy('score', (ob) => ob.desc().nullsLast())
      .orderBy('time_taken_ms', (ob) => ob.asc().nullsFirst())
      .orderBy('submitted_at', (ob) => ob.asc().nullsFirst())
      .orderBy('id');
  const rows: Row[] = await inOrder(ranked(db, dialect, clientId, quizId).where('score', '=', score.score).where('time_taken_ms', '>=', Number(second.time_second) * 1000))
    .limit(size)
    .offset(offset - before)
    .execute();
  // The page goes on into the lower scores.
  if (rows.length < size) rows.push(...(await inOrder(ranked(db, dialect, clientId, quizId).where('score', '<', score.score)).limit(size - rows.length).execute()));
  return { total, rows: rows.map((row, i) => ({ ...row, quiz_user_attempt_id: row.id as number, rank: offset + i + 1 })) };
}

const RANK_VALUES = ['client', 'quiz', 'score', 'second', 'from', 'time', 'at', 'id'] as const;

/** The counts of `rankOf` in one statement, compiled once per database. */
const rankStatements = new WeakMap<DB, ReturnType<typeof prepared<(typeof RANK_VALUES)[number]>>>();
function rankStatement(db: DB, dialect: Dialect) {
  let statement = rankStatements.get(db);
  if (!statement)
    rankStatements.set(
      db,
      (statement = prepared(RANK_VALUES, (v) =>
        db.selectNoFrom(() => [
          buckets(db, v.client as number, v.quiz as number)
            .select((b) => b.fn.sum<number | string>('attempts').as('n'))
            .where((b) => b.or([b('score', '>', v.score), b.and([b('score', '=', v.score), b('time_second', '<', v.second)])]))
            .as('buckets'),
          // Ahead in its bucket: faster, then as fast but earlier. Two ranges of the ranking index,
          // so only the attempts ahead are stepped over (one condition with `or` bounds the range at
          // its start only, and walks the whole rest of the score: in a burst, thousands).
          ranked(db, dialect, v.client as number, v.quiz as number)
            .select((r) => r.fn.countAll().as('n'))
            .where('score', '=', v.score)
            .where('time_taken_ms', '>=', v.from)
            .where('time_taken_ms', '<', v.time)
            .as('faster'),
          ranked(db, dialect, v.client as number, v.quiz as number)
            .select((r) => r.fn.countAll().as('n'))
            .where('score', '=', v.score)
            .where('time_taken_ms', '=', v.time)
            .where((r) => r.or([r('submitted_at', '<', v.at), r.and([r('submitted_at', '=', v.at), r('id', '<', v.id)])]))
            .as('earlier'),
        ]),
      )),
    );
  return statement;
}

/** The place of a ranked attempt: one plus the attempts ahead of it (buckets before its own, then those ahead in its bucket). */
export async function rankOf(db: DB, dialect: Dialect, row: Row): Promise<number> {
  const { score, time_taken_ms: time, submitted_at: at, id } = row as { score: number; time_taken_ms: number; submitted_at: string; id: number };
  const second = Math.floor(time / 1000);
  const result = await db.executeQuery<{ buckets: number | string | null; faster: number | string | null; earlier: number | string | null }>(
    rankStatement(db, dialect)({ client: row.client_id, quiz: row.quiz_id, score, second, from: second * 1000, time, at, id }),
  );
  const ahead = result.rows[0];
  return Number(ahead?.buckets ?? 0) + Number(ahead?.faster ?? 0) + Number(ahead?.earlier ?? 0) + 1;
}

/**
 * A quiz's ranking page (`filter[quiz]`, sorted by rank) read from its buckets and the ranking
 * index instead of through the `quiz_rankings` view, whose window function numbers every attempt
 * of the quiz on each read. Other queries (other filters or sorts, one ranking row by id) go
 * through the view, with the same result.
 */
defineRules('quiz_rankings', {
  async listPage(ctx, query) {
    const [filter, ...others] = query.filters;
    if (others.length || filter?.kind !== 'in' || filter.column !== 'quiz_id' || filter.values.length !== 1) return null;
    if (!query.sort.every((s) => (s.column === 'rank' || s.column === 'id') && !s.desc)) return null;
    const quizId = Number(filter.values[0]);
    if (!Number.isSafeInteger(quizId)) return null;
    const { number, size } = query.page;
    return rankingPage(ctx.db, ctx.dialect, ctx.clientId, quizId, (number - 1) * size, size);
  },
});
