import type { ColumnDataType } from 'kysely';
import { addShadowColumns, columnType, createBusinessTable, createSortIndex } from '../columns';
import type { DB, Dialect } from '../database';

/**
 * Fan engagement (issue 10): surveys with their questions, answer options and user answers, and
 * fans' comments on articles and matches with the reports of other fans.
 */
export async function up(db: DB, d: Dialect): Promise<void> {
  await createBusinessTable(db, d, 'surveys', [
    ['title', 'string', { notNull: true }],
    ['description', 'text'],
    ['status', 'string', { notNull: true, default: 'draft' }],
    ['opens_at', 'datetime'],
    ['closes_at', 'datetime'],
    ['respondents_count', 'integer', { notNull: true, default: 0 }],
  ]);
  await addShadowColumns(db, d, 'surveys', true, ['title']);
  await createSortIndex(db, d, 'surveys_default_sort_idx', 'surveys', '-created_at');

  await createBusinessTable(
    db, d, 'survey_questions',
    [
      ['prompt', 'string', { notNull: true }],
      ['kind', 'string', { notNull: true, default: 'single' }],
      ['required', 'boolean', { notNull: true, default: false }],
      ['position', 'integer', { notNull: true, default: 0 }],
    ],
    [['survey_id', 'surveys', 'cascade', { notNull: true }]],
  );
  await addShadowColumns(db, d, 'survey_questions', true, []);

  await createBusinessTable(
    db, d, 'survey_answers',
    [
      ['text', 'string', { notNull: true }],
      ['position', 'integer', { notNull: true, default: 0 }],
    ],
    [['question_id', 'survey_questions', 'cascade', { notNull: true }]],
  );
  await addShadowColumns(db, d, 'survey_answers', true, []);

  await createBusinessTable(
    db, d, 'survey_user_answers',
    [['answers', 'json', { notNull: true }]],
    [
      ['survey_id', 'surveys', 'cascade', { notNull: true }],
      ['fan_id', 'fans', 'set null'],
    ],
  );
  await createSortIndex(db, d, 'survey_user_answers_default_sort_idx', 'survey_user_answers', '-created_at');
  // One answer per fan per survey (answers entered by staff have no fan).
  await db.schema.createIndex('survey_user_answers_fan_unique').on('survey_user_answers').columns(['survey_id', 'fan_id']).unique().execute();

  // The choices of every user answer, one row per option picked or text written: results are counted from here.
  const id = columnType(d, 'id') as ColumnDataType;
  await db.schema
    .createTable('survey_user_answer_choices')
    .addColumn('id', id, (c) => (d === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('user_answer_id', 'integer', (c) => c.notNull().references('survey_user_answers.id').onDelete('cascade'))
    .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('survey_questions.id').onDelete('cascade'))
    .addColumn('answer_id', 'integer', (c) => c.references('survey_answers.id').onDelete('cascade'))
    .addColumn('text', 'text')
    .execute();
  await db.schema.createIndex('survey_user_answer_choices_survey_idx').on('survey_user_answer_choices').columns(['survey_id', 'question_id', 'answer_id']).execute();
  await db.schema.createIndex('survey_user_answer_choices_user_answer_idx').on('survey_user_answer_choices').column('user_answer_id').execute();

  await createBusinessTable(
    db, d, 'comments',
    [
      ['body', 'text', { notNull: true }],
      ['status', 'string', { notNull: true, default: 'pending' }],
      ['author_name', 'string'],
      ['reports_count', 'integer', { notNull: true, default: 0 }],
      ['author_banned', 'boolean', { notNull: true, default: false }],
    ],
    [
      ['article_id', 'articles', 'cascade'],
      ['match_id', 'matches', 'cascade'],
      ['fan_id', 'fans', 'set null'],
    ],
  );
  await addShadowColumns(db, d, 'comments', true, []);
  await createSortIndex(db, d, 'comments_default_sort_idx', 'comments', '-created_at');
  // The queue reads by status, newest first.
  await createSortIndex(db, d, 'comments_status_idx', 'comments', 'status,-created_at');

  await createBusinessTable(
    db, d, 'comment_reports',
    [],
    [
      ['comment_id', 'comments', 'cascade', { notNull: true }],
      ['fan_id', 'fans', 'cascade', { notNull: true }],
    ],
  );
  await db.schema.createIndex('comment_reports_fan_unique').on('comment_reports').columns(['comment_id', 'fan_id']).unique().execute();
}
