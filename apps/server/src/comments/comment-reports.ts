import { visibleCommentStatuses } from '@umpire/schema';
import type { WriteContext } from '../jsonapi/context';
import { modelOf } from '../jsonapi/model';
import { nowIso, toDb } from '../db/values';
import { publish } from '../jsonapi/write';
import type { Fan } from '../fan-api/fans';
import { fanActor } from '../fan-api/fan-writes';
import { commentModerationOf } from './comment-rules';

/**
 * A fan reports a comment they can see (inside the caller's transaction). Null: no such comment
 * for fans; false: reported by this fan already; true: counted.
 */
export async function reportComment(ctx: WriteContext, fan: Fan, commentId: number): Promise<boolean | null> {
  const statuses = visibleCommentStatuses(await commentModerationOf(ctx.db, fan.clientId));
  const model = modelOf('comments');
  const before = await ctx.db
    .selectFrom('comments')
    .select(model.readColumns)
    .where('client_id', '=', fan.clientId)
    .where('id', '=', commentId)
    .where('status', 'in', statuses)
    .where('author_banned', '=', toDb(ctx.dialect, 'boolean', false) as boolean)
    .executeTakeFirst();
  if (!before) return null;
  const now = toDb(ctx.dialect, 'datetime', nowIso());
  const inserted = await ctx.db
    .insertInto('comment_reports')
    .values({ client_id: fan.clientId, comment_id: commentId, fan_id: fan.id, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['comment_id', 'fan_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  const after = await ctx.db
    .updateTable('comments')
    .set((eb) => ({ reports_count: eb('reports_count', '+', 1) }))
    .where('id', '=', commentId)
    .returning(model.readColumns)
    .executeTakeFirstOrThrow();
  publish({ ...ctx, actor: fanActor(fan) }, model, 'update', String(commentId), before, after);
  return true;
}
