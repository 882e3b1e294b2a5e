import { QUIZ_NETWORK_ALLOWANCE_MS, quizAttemptInputSchema, type QuizAttemptInput } from '@umpire/schema';
import type { CompiledQuery } from 'kysely';
import { isUniqueViolation, type Database, type DB } from '../db/database';
import { groupCommit } from '../db/group-commit';
import { prepared } from '../db/prepared';
import type { Fan } from '../fan-api/fans';
import type { ChangeEvent } from '../jsonapi/context';
import { ApiError, apiError } from '../jsonapi/errors';
import { fieldError, keyOfIssue } from '../jsonapi/messages';
import { modelOf, type Model } from '../jsonapi/model';
import type { Row } from '../jsonapi/read';
import { clientCollation, shadowValues, writeShadows } from '../jsonapi/shadow';
import { fromDb, toDb } from '../db/values';
import { rankOf } from './ranking';
import { refuseStart, takeStart } from './attempt-starts';
import { quizCaches } from './quiz-cache';
import { attemptsUsed, checkOpen, countRefusal, isCounted, publishedQuiz, type AttemptDeps } from './open-quiz';
import { attemptProblem, scoreAttempt, type QuizKey } from './scoring';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The attributes of `{data:{type:'quiz_user_attempts', attributes}}`, or a 422 naming each bad field. */
export function parseAttemptBody(body: unknown): QuizAttemptInput {
  const data = isObject(body) ? body.data : undefined;
  if (!isObject(data) || data.type !== 'quiz_user_attempts')
    throw ApiError.many([fieldError('/data/type', 'type', 'invalidType', { expected: 'quiz_user_attempts' })]);
  const parsed = quizAttemptInputSchema.safeParse(isObject(data.attributes) ? data.attributes : {});
  if (parsed.success) return parsed.data;
  throw ApiError.many(
    parsed.error.issues.map((issue) => {
      if (issue.code === 'unrecognized_keys') {
        const name = String((issue as { keys?: string[] }).keys?.[0] ?? 'attributes');
        return fieldError(`/data/attributes/${[...issue.path, name].join('/')}`, name, 'unknownAttribute');
      }
      const { key, params, items } = keyOfIssue(issue);
      const field = issue.path.length ? issue.path.join('.') : 'attributes';
      return fieldError(`/data/attributes/${issue.path.join('/')}`, field, key, params, { items });
    }),
  );
}

/** A quiz's questions and answers as the checks and the scoring need them (kept until they change: quiz-cache.ts). */
async function quizKey(database: Database, quiz: Row): Promise<QuizKey> {
  const questions = await quizCaches(database).keys.load(Number(quiz.id), async () => {
    const rows = await database.db
      .selectFrom('quiz_questions as q')
      .leftJoin('quiz_answers as a', 'a.quiz_question_id', 'q.id')
      .select(['q.id as question_id', 'a.id as answer_id', 'a.is_correct'])
      .where('q.quiz_id', '=', quiz.id as number)
      .where('q.client_id', '=', quiz.client_id as number)
      .execute();
    const found: QuizKey['questions'] = new Map();
    for (const r of rows) {
      const id = String(r.question_id);
      if (!found.has(id)) found.set(id, { answers: new Set(), correct: new Set() });
      if (r.answer_id == null) continue;
      found.get(id)!.answers.add(String(r.answer_id));
      if (fromDb('boolean', r.is_correct)) found.get(id)!.correct.add(String(r.answer_id));
    }
    return found;
  });
  return { timeLimitSeconds: Number(quiz.time_limit_seconds), questions };
}

/**
 * The sort and search columns of the attempt's row. With SQLite the client's collation is kept
 * in memory (one writer: a language change commits, and drops it, before this transaction can
 * begin); with PostgreSQL it is read in the transaction, as every engine write does.
 */
async function attemptShadows(database: Database, trx: DB, fan: Fan, model: Model, values: Record<string, unknown>) {
  if (database.dialect !== 'sqlite') return writeShadows({ db: trx, dialect: database.dialect, clientId: fan.clientId }, model, values);
  const collation = await quizCaches(database).collations.load(fan.clientId, () => clientCollation({ db: trx, dialect: database.dialect, clientId: fan.clientId }));
  return shadowValues(model, values, collation);
}

/** The attempt's insert, compiled once per database and set of columns (they are always the same). */
const inserts = new WeakMap<Database, Map<string, (values: Record<string, unknown>) => CompiledQuery>>();
function insertStatement(database: Database, model: Model, row: Record<string, unknown>): CompiledQuery {
  let byColumns = inserts.get(database);
  if (!byColumns) inserts.set(database, (byColumns = new Map<string, (values: Record<string, unknown>) => CompiledQuery>()));
  const columns = Object.keys(row);
  const key = columns.join(',');
  let statement = byColumns.get(key);
  if (!statement) byColumns.set(key, (statement = prepared(columns, (v) => database.db.insertInto('quiz_user_attempts').values(v).returning(model.readColumns))));
  return statement(row);
}

export interface SubmittedAttempt {
  row: Row;
  /** The attempt's place in the ranking right after it was submitted. */
  rank: number;
}

/**
 * Checks, scores and stores one fan's attempt at a published quiz: the one way attempts are made
 * (the fan API and the demo seed call it). The attempt is timed by the server from its start
 * (attempt-starts.ts), whose token it must carry, once. Attempts outside the open window, beyond
 * the quiz's attempts per fan, with a start that is not theirs, used or expired, naming questions or
 * answers of another quiz, or with an impossible time are refused with a JSON:API error and
 * counted on the quiz (`refused_attempts`).
 */
export async function submitQuizAttempt(deps: AttemptDeps, fan: Fan, quizId: string, body: unknown): Promise<SubmittedAttempt> {
  const { database, clock, bus } = deps;
  const { db, dialect } = database;
  const model = modelOf('quiz_user_attempts');
  const quiz = await publishedQuiz(database, fan, quizId);
  const input = parseAttemptBody(body);
  const now = clock.now();
  const events: ChangeEvent[] = [];
  try {
    const key = await quizKey(database, quiz);
    // Attempts sent together share a commit (SQLite), each undone alone when it is refused.
    const row = await groupCommit(database).run(async (trx) => {
      checkOpen(quiz, now);
      const limit = Number(quiz.attempts_per_fan);
      // The start is taken and the fan's attempts counted in one statement; a refusal undoes it
      // with the transaction. The limit is told first, as if the start were not looked at.
      const taken = await takeStart(database, trx, fan, quiz, input.start_token, now.getTime());
      const used = taken ? taken.used : await attemptsUsed(trx, quiz, fan);
      if (used >= limit) throw apiError(409, 'quizAttemptLimit', { values: { count: limit }, params: { count: limit } });
      if (!taken) return refuseStart(trx, fan, quiz, input.start_token);
      // The server's time from the attempt's start; the fan may say a little less (the network's share), never more.
      const { startedAt } = taken;
      const measured = Math.max(0, now.getTime() - startedAt);
      const claimed = input.time_taken_ms;
      const timeTaken = claimed === undefined ? measured : Math.min(measured, Math.max(claimed, measured - QUIZ_NETWORK_ALLOWANCE_MS));
      const timed = { answers: input.answers, time_taken_ms: timeTaken };
      const problem = attemptProblem(key, timed);
      if (problem?.key === 'quizForeignAnswer') throw ApiError.many([fieldError(problem.pointer, problem.pointer.split('/').slice(3).join('.'), 'quizForeignAnswer')]);
      if (problem?.key === 'quizImpossibleTime')
        throw apiError(422, 'quizImpossibleTime', { values: { min: problem.min, max: problem.max }, params: { min: problem.min, max: problem.max }, source: { pointer: '/data/attributes/time_taken_ms' } });
      const { score, maxScore } = scoreAttempt(key, timed);
      const stamp = toDb(dialect, 'datetime', now.toISOString());
      const values = {
        client_id: fan.clientId,
        quiz_id: quiz.id as number,
        fan_id: fan.id,
        fan_name: fan.displayName ?? `#${fan.id}`,
        score,
        max_score: maxScore,
        time_taken_ms: timeTaken,
        answers: toDb(dialect, 'json', input.answers),
        is_banned: toDb(dialect, 'boolean', false),
        submitted_at: stamp,
        attempt_number: used + 1,
        created_at: stamp,
        updated_at: stamp,
      };
      const shadows = await attemptShadows(database, trx, fan, model, values);
      const inserted = (await trx.executeQuery<Row>(insertStatement(database, model, { ...values, ...shadows }))).rows[0];
      events.push({ clientId: fan.clientId, type: model.type, id: String(inserted.id), action: 'create', actor: `fan:${fan.id}`, before: null, after: inserted });
      return inserted;
    });
    await bus?.publish(events);
    return { row, rank: await rankOf(db, dialect, row) };
  } catch (err) {
    // Two attempts sent at once: the second finds the first's number taken.
    const error = isUniqueViolation(err) ? apiError(409, 'quizAttemptLimit', { values: { count: Number(quiz.attempts_per_fan) }, params: { count: Number(quiz.attempts_per_fan) } }) : err;
    if (isCounted(error)) await countRefusal(deps, quiz);
    throw error;
  }
}
