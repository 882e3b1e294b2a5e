import { defineRules } from '../jsonapi/rules';
import { toDb } from '../jsonapi/values';

/**
 * A quiz's ranking page read along the attempts' ranking index (migration 0013: client, quiz,
 * is_banned, score desc, time, submitted_at, id) instead of through the `quiz_rankings` view,
 * whose window function numbers every attempt of the quiz on each read: a place is the page's
 * offset plus the row's position, the total one count over the same index range. Other queries
 * (other filters or sorts, one ranking row by id) go through the view, with the same result.
 */
defineRules('quiz_rankings', {
  async listPage(ctx, query) {
    const [filter, ...others] = query.filters;
    if (others.length || filter?.kind !== 'in' || filter.column !== 'quiz_id' || filter.values.length !== 1) return null;
    if (!query.sort.every((s) => (s.column === 'rank' || s.column === 'id') && !s.desc)) return null;
    const quizId = Number(filter.values[0]);
    if (!Number.isSafeInteger(quizId)) return null;
    const range = ctx.db
      .selectFrom('quiz_user_attempts')
      .where('client_id', '=', ctx.clientId)
      .where('quiz_id', '=', quizId)
      .where('is_banned', '=', toDb(ctx.dialect, 'boolean', false) as never);
    const counted = await range.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const { number, size } = query.page;
    const offset = (number - 1) * size;
    // Spelt as the index is (PostgreSQL uses it only with the same null ordering).
    const rows = await range
      .select(['id', 'client_id', 'quiz_id', 'fan_name', 'fan_name_sort', 'score', 'time_taken_ms', 'submitted_at', 'created_at', 'updated_at'])
      .orderBy('score', (ob) => ob.desc().nullsLast())
      .orderBy('time_taken_ms', (ob) => ob.asc().nullsFirst())
      .orderBy('submitted_at', (ob) => ob.asc().nullsFirst())
      .orderBy('id', (ob) => ob.asc().nullsFirst())
      .limit(size)
      .offset(offset)
      .execute();
    return {
      total: Number((counted as { n: number | string } | undefined)?.n ?? 0),
      rows: rows.map((row, i) => ({ ...row, quiz_user_attempt_id: row.id as number, rank: offset + i + 1 })),
    };
  },
});
