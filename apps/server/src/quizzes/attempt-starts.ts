import { createHash, randomBytes } from 'node:crypto';
import { QUIZ_NETWORK_ALLOWANCE_MS, QUIZ_TIME_GRACE_MS } from '@umpire/schema';
import type { Database, DB } from '../db/database';
import { prepared } from '../db/prepared';
import type { Fan } from '../fan-api/fans';
import { apiError } from '../jsonapi/errors';
import type { Row } from '../jsonapi/read';
import { attemptsUsed, checkOpen, countRefusal, isCounted, publishedQuiz, type AttemptDeps } from './open-quiz';

/**
 * Quiz attempts timed by the server (issue 25, point 3). A fan starts an attempt and gets a
 * token (24 random bytes; only its SHA-256 is stored) holding nothing but a reference to the
 * start: the quiz, the fan and the server's clock at the start. The attempt sends it back, once,
 * before the quiz's time limit has passed (with the same slack as the time check), and is timed
 * from the start. Starting again before submitting keeps the first start's time: a fan who lost the
 * token (a reload) gets a new one, but not a new clock.
 */

const SOURCE = { pointer: '/data/attributes/start_token' };

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface StartedAttempt {
  /** Names the start in answers (the beginning of its hash: it tells nothing of the token). */
  id: string;
  token: string;
  startedAt: number;
  expiresAt: number;
}

/** Starts (or starts again) a fan's attempt at a published, open quiz with an attempt left. */
export async function startQuizAttempt(deps: AttemptDeps, fan: Fan, quizId: string): Promise<{ quiz: Row; started: StartedAttempt }> {
  const { database, clock } = deps;
  const quiz = await publishedQuiz(database, fan, quizId);
  const now = clock.now();
  try {
    checkOpen(quiz, now);
    return { quiz, started: await openStart(database, quiz, fan, now) };
  } catch (err) {
    // A start refused (closed, no attempt left) is an attempt refused: staff see it counted.
    if (isCounted(err)) await countRefusal(deps, quiz);
    throw err;
  }
}

async function openStart(database: AttemptDeps['database'], quiz: Row, fan: Fan, now: Date): Promise<StartedAttempt> {
  return database.db.transaction().execute(async (trx) => {
    const limit = Number(quiz.attempts_per_fan);
    if ((await attemptsUsed(trx, quiz, fan)) >= limit) throw apiError(409, 'quizAttemptLimit', { values: { count: limit }, params: { count: limit } });
    const at = now.getTime();
    const mine = trx.deleteFrom('quiz_attempt_starts').where('quiz_id', '=', quiz.id as number).where('fan_id', '=', fan.id);
    // A start not used yet and still good: its clock goes on under the new token.
    const open = await trx
      .selectFrom('quiz_attempt_starts')
      .select(['started_at', 'expires_at'])
      .where('quiz_id', '=', quiz.id as number)
      .where('fan_id', '=', fan.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .orderBy('started_at')
      .executeTakeFirst();
    // Unused starts are replaced by this one. Used ones stay to refuse a replay, until well past their expiry.
    await mine.where((eb) => eb.or([eb('used_at', 'is', null), eb('expires_at', '<=', at - QUIZ_TIME_GRACE_MS)])).execute();
    const token = randomBytes(24).toString('base64url');
    const hash = hashOf(token);
    const startedAt = open ? Number(open.started_at) : at;
    const expiresAt = open ? Number(open.expires_at) : at + Number(quiz.time_limit_seconds) * 1000 + QUIZ_TIME_GRACE_MS + QUIZ_NETWORK_ALLOWANCE_MS;
    await trx
      .insertInto('quiz_attempt_starts')
      .values({ token_hash: hash, client_id: fan.clientId, quiz_id: quiz.id as number, fan_id: fan.id, started_at: startedAt, expires_at: expiresAt, used_at: null })
      .execute();
    return { id: hash.slice(0, 16), token, startedAt, expiresAt };
  });
}

/**
 * Takes the start of an attempt being submitted (inside its transaction): the fan's, of this
 * quiz, not used, not expired; marks it used. Answers when it started (epoch milliseconds) and,
 * read by the same statement, the fan's attempts at the quiz so far; null when the start cannot
 * be taken (`refuseStart` says why). Two submissions with one token at once: the second finds it taken.
 */
export async function takeStart(database: Database, trx: DB, fan: Fan, quiz: Row, token: string, now: number): Promise<{ startedAt: number; used: number } | null> {
  const result = await trx.executeQuery<{ started_at: number | string; used: number | string | null }>(
    takeStatement(database)({ hash: hashOf(token), fan: fan.id, quiz: quiz.id, now }),
  );
  const taken = result.rows[0];
  return taken ? { startedAt: Number(taken.started_at), used: Number(taken.used ?? 0) } : null;
}

const takeStatements = new WeakMap<Database, ReturnType<typeof prepared<'hash' | 'fan' | 'quiz' | 'now'>>>();
/** `takeStart`'s statement, compiled once per database. */
function takeStatement(database: Database) {
  let statement = takeStatements.get(database);
  if (!statement)
    takeStatements.set(
      database,
      (statement = prepared(['hash', 'fan', 'quiz', 'now'], (v) =>
        database.db
          .updateTable('quiz_attempt_starts')
          .set({ used_at: v.now })
          .where('token_hash', '=', v.hash)
          .where('fan_id', '=', v.fan)
          .where('quiz_id', '=', v.quiz)
          .where('used_at', 'is', null)
          .where('expires_at', '>=', v.now)
          .returning((eb) => [
            'started_at',
            eb
              .selectFrom('quiz_user_attempts')
              .select((sub) => sub.fn.countAll().as('n'))
              .where('quiz_id', '=', v.quiz)
              .where('fan_id', '=', v.fan)
              .as('used'),
          ]),
      )),
    );
  return statement;
}

/** Why a start could not be taken: not the fan's or of this quiz (or unknown), used, or expired. Always throws. */
export async function refuseStart(trx: DB, fan: Fan, quiz: Row, token: string): Promise<never> {
  const start = await trx.selectFrom('quiz_attempt_starts').selectAll().where('token_hash', '=', hashOf(token)).executeTakeFirst();
  if (!start || Number(start.fan_id) !== fan.id || Number(start.quiz_id) !== Number(quiz.id)) throw apiError(422, 'quizStartInvalid', { source: SOURCE });
  if (start.used_at != null) throw apiError(409, 'quizStartUsed', { source: SOURCE });
  throw apiError(422, 'quizStartExpired', { source: SOURCE });
}
