import { quizAttemptInputSchema, type QuizAttemptInput } from '@umpire/schema';
import { isUniqueViolation, type Database, type DB } from '../db/database';
import type { Fan } from '../fan-api/fans';
import type { Clock } from '../jobs/clock';
import type { ChangeEvent } from '../jsonapi/context';
import { ApiError, apiError, notFound } from '../jsonapi/errors';
import { fieldError, keyOfIssue } from '../jsonapi/messages';
import { modelOf } from '../jsonapi/model';
import type { Row } from '../jsonapi/read';
import { writeShadows } from '../jsonapi/shadow';
import { fromDb, toDb } from '../jsonapi/values';
import type { ChangeBus } from '../realtime/change-bus';
import { rankOf } from './ranking';
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

/** A quiz's questions and answers as the checks and the scoring need them. */
async function quizKey(db: DB, quiz: Row): Promise<QuizKey> {
  const rows = await db
    .selectFrom('quiz_questions as q')
    .leftJoin('quiz_answers as a', 'a.quiz_question_id', 'q.id')
    .select(['q.id as question_id', 'a.id as answer_id', 'a.is_correct'])
    .where('q.quiz_id', '=', quiz.id as number)
    .where('q.client_id', '=', quiz.client_id as number)
    .execute();
  const questions: QuizKey['questions'] = new Map();
  for (const r of rows) {
    const id = String(r.question_id);
    if (!questions.has(id)) questions.set(id, { answers: new Set(), correct: new Set() });
    if (r.answer_id == null) continue;
    questions.get(id)!.answers.add(String(r.answer_id));
    if (fromDb('boolean', r.is_correct)) questions.get(id)!.correct.add(String(r.answer_id));
  }
  return { timeLimitSeconds: Number(quiz.time_limit_seconds), questions };
}

/** A refusal the quiz's staff see counted (duplicate or impossible attempts), as opposed to malformed input. */
const COUNTED = new Set(['quizClosed', 'quizForeignAnswer', 'quizImpossibleTime', 'quizAttemptLimit']);

export interface AttemptDeps {
  database: Database;
  clock: Clock;
  /** Tells realtime subscribers and drops cached reads; absent while seeding, before the server runs. */
  bus?: ChangeBus;
}

export interface SubmittedAttempt {
  row: Row;
  /** The attempt's place in the ranking right after it was submitted. */
  rank: number;
}

/**
 * Checks, scores and stores one fan's attempt at a published quiz: the one way attempts are made
 * (the fan API and the demo seed call it). Attempts outside the open window, beyond the quiz's
 * attempts per fan, naming questions or answers of another quiz, or with an impossible time are
 * refused with a JSON:API error and counted on the quiz (`refused_attempts`).
 */
export async function submitQuizAttempt(deps: AttemptDeps, fan: Fan, quizId: string, body: unknown): Promise<SubmittedAttempt> {
  const { database, clock, bus } = deps;
  const { db, dialect } = database;
  const model = modelOf('quiz_user_attempts');
  if (!/^[1-9]\d{0,14}$/.test(quizId)) throw notFound('quizzes', quizId);
  const quiz = await db
    .selectFrom('quizzes')
    .selectAll()
    .where('id', '=', Number(quizId))
    .where('client_id', '=', fan.clientId)
    .where('is_published', '=', toDb(dialect, 'boolean', true) as never)
    .executeTakeFirst();
  if (!quiz) throw notFound('quizzes', quizId);
  const input = parseAttemptBody(body);
  const now = clock.now();
  const events: ChangeEvent[] = [];
  try {
    const row = await db.transaction().execute(async (trx) => {
      const from = fromDb('datetime', quiz.open_from) as string | null;
      const until = fromDb('datetime', quiz.open_until) as string | null;
      if ((from && now.getTime() < Date.parse(from)) || (until && now.getTime() >= Date.parse(until))) throw apiError(422, 'quizClosed');
      const limit = Number(quiz.attempts_per_fan);
      const done = await trx
        .selectFrom('quiz_user_attempts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('quiz_id', '=', quiz.id as number)
        .where('fan_id', '=', fan.id)
        .executeTakeFirst();
      const used = Number((done as { n: number | string } | undefined)?.n ?? 0);
      if (used >= limit) throw apiError(409, 'quizAttemptLimit', { values: { count: limit }, params: { count: limit } });
      const key = await quizKey(trx, quiz);
      const problem = attemptProblem(key, input);
      if (problem?.key === 'quizForeignAnswer') throw ApiError.many([fieldError(problem.pointer, problem.pointer.split('/').slice(3).join('.'), 'quizForeignAnswer')]);
      if (problem?.key === 'quizImpossibleTime')
        throw apiError(422, 'quizImpossibleTime', { values: { min: problem.min, max: problem.max }, params: { min: problem.min, max: problem.max }, source: { pointer: '/data/attributes/time_taken_ms' } });
      const { score, maxScore } = scoreAttempt(key, input);
      const stamp = toDb(dialect, 'datetime', now.toISOString());
      const values = {
        client_id: fan.clientId,
        quiz_id: quiz.id as number,
        fan_id: fan.id,
        fan_name: fan.displayName ?? `#${fan.id}`,
        score,
        max_score: maxScore,
        time_taken_ms: input.time_taken_ms,
        answers: toDb(dialect, 'json', input.answers),
        is_banned: toDb(dialect, 'boolean', false),
        submitted_at: stamp,
        attempt_number: used + 1,
        created_at: stamp,
        updated_at: stamp,
      };
      const shadows = await writeShadows({ db: trx, dialect, clientId: fan.clientId }, model, values);
      const inserted = await trx.insertInto('quiz_user_attempts').values({ ...values, ...shadows }).returning(model.readColumns).executeTakeFirstOrThrow();
      events.push({ clientId: fan.clientId, type: model.type, id: String(inserted.id), action: 'create', actor: `fan:${fan.id}`, before: null, after: inserted });
      return inserted;
    });
    await bus?.publish(events);
    return { row, rank: await rankOf(db, dialect, row) };
  } catch (err) {
    // Two attempts sent at once: the second finds the first's number taken.
    const error = isUniqueViolation(err) ? apiError(409, 'quizAttemptLimit', { values: { count: Number(quiz.attempts_per_fan) }, params: { count: Number(quiz.attempts_per_fan) } }) : err;
    if (error instanceof ApiError && error.errors.some((e) => COUNTED.has(e.id))) await countRefusal(deps, quiz);
    throw error;
  }
}

/** One more refused attempt on the quiz (its updated_at stays: staff editing it are not made stale). */
async function countRefusal({ database, bus }: AttemptDeps, quiz: Row): Promise<void> {
  const after = await database.db
    .updateTable('quizzes')
    .set((eb) => ({ refused_attempts: eb('refused_attempts', '+', 1) }))
    .where('id', '=', quiz.id as number)
    .returning(modelOf('quizzes').readColumns)
    .executeTakeFirst();
  if (after) await bus?.publish([{ clientId: Number(quiz.client_id), type: 'quizzes', id: String(quiz.id), action: 'update', actor: 'fan-api', before: quiz, after }]);
}
