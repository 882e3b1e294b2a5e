import { sql } from 'kysely';
import { addShadowColumns, createBusinessTable, createSortIndex } from '../columns';
import type { DB, Dialect } from '../database';

/**
 * Quizzes run as competitions (issue 10): questions with answers, prizes by rank and the fans'
 * attempts. The ranking is a view over the attempts (score, then time, then the earlier attempt;
 * banned ones left out), read in the order of one index, so it is never stored nor typed in.
 */
export async function up(db: DB, d: Dialect): Promise<void> {
  await createBusinessTable(
    db, d, 'quizzes',
    [
      ['title', 'string', { notNull: true }],
      ['description', 'text'],
      ['is_published', 'boolean', { notNull: true, default: false }],
      ['time_limit_seconds', 'integer', { notNull: true, default: 120 }],
      ['attempts_per_fan', 'integer', { notNull: true, default: 1 }],
      ['open_from', 'datetime'],
      ['open_until', 'datetime'],
      ['refused_attempts', 'integer', { notNull: true, default: 0 }],
    ],
    [['image_id', 'images', 'set null']],
  );
  await addShadowColumns(db, d, 'quizzes', true, ['title']);
  await createSortIndex(db, d, 'quizzes_default_sort_idx', 'quizzes', '-created_at');

  await createBusinessTable(
    db, d, 'quiz_questions',
    [
      ['text', 'string', { notNull: true }],
      ['position', 'integer', { notNull: true, default: 0 }],
    ],
    [
      ['quiz_id', 'quizzes', 'cascade', { notNull: true }],
      ['image_id', 'images', 'set null'],
    ],
  );
  await addShadowColumns(db, d, 'quiz_questions', true, ['text']);

  await createBusinessTable(
    db, d, 'quiz_answers',
    [
      ['text', 'string', { notNull: true }],
      ['is_correct', 'boolean', { notNull: true, default: false }],
      ['position', 'integer', { notNull: true, default: 0 }],
    ],
    [
      ['quiz_question_id', 'quiz_questions', 'cascade', { notNull: true }],
      ['image_id', 'images', 'set null'],
    ],
  );
  await addShadowColumns(db, d, 'quiz_answers', true, ['text']);

  await createBusinessTable(
    db, d, 'quiz_prizes',
    [
      ['name', 'string', { notNull: true }],
      ['description', 'text'],
      ['rank_from', 'integer', { notNull: true }],
      ['rank_to', 'integer', { notNull: true }],
    ],
    [
      ['quiz_id', 'quizzes', 'cascade', { notNull: true }],
      ['image_id', 'images', 'set null'],
    ],
  );
  await addShadowColumns(db, d, 'quiz_prizes', true, ['name']);

  await createBusinessTable(
    db, d, 'quiz_user_attempts',
    [
      ['fan_name', 'string'],
      ['score', 'integer', { notNull: true }],
      ['max_score', 'integer', { notNull: true }],
      ['time_taken_ms', 'integer', { notNull: true }],
      ['answers', 'json'],
      ['is_banned', 'boolean', { notNull: true, default: false }],
      ['submitted_at', 'datetime', { notNull: true }],
      // The fan's n-th attempt at the quiz: unique, so two attempts sent at once cannot both be the first.
      ['attempt_number', 'integer', { notNull: true }],
    ],
    [
      ['quiz_id', 'quizzes', 'cascade', { notNull: true }],
      ['fan_id', 'fans', 'cascade', { notNull: true }],
    ],
  );
  await addShadowColumns(db, d, 'quiz_user_attempts', true, ['fan_name']);
  await db.schema.createIndex('quiz_user_attempts_fan_unique').on('quiz_user_attempts').columns(['quiz_id', 'fan_id', 'attempt_number']).unique().execute();
  // The ranking's order within a quiz: one index walk gives a page of it.
  await createSortIndex(db, d, 'quiz_user_attempts_ranking_idx', 'quiz_user_attempts', 'quiz_id,is_banned,-score,time_taken_ms,submitted_at');
  await createSortIndex(db, d, 'quiz_user_attempts_default_sort_idx', 'quiz_user_attempts', '-created_at');

  await sql
    .raw(
      `create view "quiz_rankings" as
       select a."id", a."client_id", a."quiz_id", a."id" as "quiz_user_attempt_id", a."fan_name", a."fan_name_sort", a."score", a."time_taken_ms",
              a."submitted_at", a."created_at", a."updated_at",
              row_number() over (partition by a."client_id", a."quiz_id" order by a."score" desc, a."time_taken_ms", a."submitted_at", a."id") as "rank"
       from "quiz_user_attempts" a
       where a."is_banned" = ${d === 'postgres' ? 'false' : '0'}`,
    )
    .execute(db);
}
