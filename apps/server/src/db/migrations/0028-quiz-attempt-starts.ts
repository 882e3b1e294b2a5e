import type { DB, Dialect } from '../database';

/**
 * Started quiz attempts (issue 25, point 3): the server times an attempt from its start, so a
 * fan cannot claim a quicker one. A start is kept by the SHA-256 of its token (the token itself
 * is only ever in the fan's hands), with the quiz, the fan, when it started and until when it may
 * be submitted (epoch milliseconds), and when it was used: a token counts once.
 */
export async function up(db: DB, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('quiz_attempt_starts')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('quiz_id', 'integer', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
    .addColumn('fan_id', 'integer', (c) => c.notNull().references('fans.id').onDelete('cascade'))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('quiz_attempt_starts_fan_idx').on('quiz_attempt_starts').columns(['quiz_id', 'fan_id']).execute();
}
