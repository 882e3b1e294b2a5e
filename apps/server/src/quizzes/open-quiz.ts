import type { Database, DB, Dialect } from '../db/database';
import type { Fan } from '../fan-api/fans';
import type { Clock } from '../jobs/clock';
import { ApiError, apiError, notFound } from '../jsonapi/errors';
import { modelOf } from '../jsonapi/model';
import type { Row } from '../jsonapi/read';
import { fromDb, toDb } from '../db/values';
import type { ChangeBus } from '../realtime/change-bus';
import { quizCaches } from './quiz-cache';

/** What starting and submitting a fan's quiz attempt have in common: the quiz, its window, the fan's attempts. */

export interface AttemptDeps {
  database: Database;
  clock: Clock;
  /** Tells realtime subscribers and drops cached reads; absent while seeding, before the server runs. */
  bus?: ChangeBus;
}

/** Published quizzes of a client (what fans may read and attempt). */
export const publishedQuizzes = (db: DB, dialect: Dialect, clientId: number) =>
  db.selectFrom('quizzes').where('client_id', '=', clientId).where('is_published', '=', toDb(dialect, 'boolean', true) as never);

/** A published quiz of the fan's client, or a 404 (kept in memory until quizzes change: quiz-cache.ts). */
export async function publishedQuiz(database: Database, fan: Fan, quizId: string): Promise<Row> {
  const quiz = /^[1-9]\d{0,14}$/.test(quizId)
    ? await quizCaches(database).quizzes.load(`${fan.clientId}:${quizId}`, () => publishedQuizzes(database.db, database.dialect, fan.clientId).selectAll().where('id', '=', Number(quizId)).executeTakeFirst())
    : undefined;
  if (!quiz) throw notFound('quizzes', quizId);
  return quiz;
}

/** A 422 quizClosed outside the quiz's open window. */
export function checkOpen(quiz: Row, now: Date): void {
  const from = fromDb('datetime', quiz.open_from) as string | null;
  const until = fromDb('datetime', quiz.open_until) as string | null;
  if ((from && now.getTime() < Date.parse(from)) || (until && now.getTime() >= Date.parse(until))) throw apiError(422, 'quizClosed');
}

/** The fan's attempts at the quiz so far. */
export async function attemptsUsed(db: DB, quiz: Row, fan: Fan): Promise<number> {
  const done = await db
    .selectFrom('quiz_user_attempts')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('quiz_id', '=', quiz.id as number)
    .where('fan_id', '=', fan.id)
    .executeTakeFirst();
  return Number((done as { n: number | string } | undefined)?.n ?? 0);
}

/** A refusal the quiz's staff see counted (duplicate or impossible attempts), as opposed to malformed input. */
const COUNTED = new Set(['quizClosed', 'quizForeignAnswer', 'quizImpossibleTime', 'quizAttemptLimit', 'quizStartInvalid', 'quizStartUsed', 'quizStartExpired']);

export const isCounted = (error: unknown): boolean => error instanceof ApiError && error.errors.some((e) => COUNTED.has(e.id));

/** One more refused attempt on the quiz (its updated_at stays: staff editing it are not made stale). */
export async function countRefusal({ database, bus }: AttemptDeps, quiz: Row): Promise<void> {
  const after = await database.db
    .updateTable('quizzes')
    .set((eb) => ({ refused_attempts: eb('refused_attempts', '+', 1) }))
    .where('id', '=', quiz.id as number)
    .returning(modelOf('quizzes').readColumns)
    .executeTakeFirst();
  if (after) await bus?.publish([{ clientId: Number(quiz.client_id), type: 'quizzes', id: String(quiz.id), action: 'update', actor: 'fan-api', before: quiz, after }]);
}
