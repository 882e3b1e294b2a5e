import { DEFAULT_COMMENT_MODERATION, COMMENT_MODERATION_MODES, type CommentModerationMode } from '@umpire/schema';
import type { DB } from '../db/database';
import { errorSpec, type ErrorSpec } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';
import { modelOf } from '../jsonapi/model';
import { defineRules } from '../jsonapi/rules';
import type { WriteContext } from '../jsonapi/context';
import { fromDb, nowIso, toDb } from '../db/values';
import { publish } from '../jsonapi/write';
import { fanOf } from '../fan-api/fan-writes';

/** The league's moderation mode (client setting `comment_moderation`). */
export async function commentModerationOf(db: DB, clientId: number): Promise<CommentModerationMode> {
  const row = await db.selectFrom('clients').select('settings').where('id', '=', clientId).executeTakeFirst();
  const mode = (fromDb('json', row?.settings) as { comment_moderation?: unknown } | null)?.comment_moderation;
  return (COMMENT_MODERATION_MODES as readonly unknown[]).includes(mode) ? (mode as CommentModerationMode) : DEFAULT_COMMENT_MODERATION;
}

const isTrue = (v: unknown) => fromDb('boolean', v) === true;

/** Bans or lifts the ban of a comment's author: the fan's flag, and every comment of theirs follows (a ban hides them). */
async function setAuthorBan(ctx: WriteContext, fanId: number, banned: boolean): Promise<void> {
  const now = toDb(ctx.dialect, 'datetime', nowIso());
  await ctx.db
    .updateTable('fans')
    .set({ is_banned: toDb(ctx.dialect, 'boolean', banned), banned_at: banned ? now : null, updated_at: now })
    .where('id', '=', fanId)
    .where('client_id', '=', ctx.clientId)
    .execute();
  const model = modelOf('comments');
  const rows = await ctx.db.selectFrom('comments').select(model.readColumns).where('client_id', '=', ctx.clientId).where('fan_id', '=', fanId).execute();
  for (const before of rows) {
    const change = { author_banned: toDb(ctx.dialect, 'boolean', banned), ...(banned ? { status: 'hidden' } : {}) };
    if (isTrue(before.author_banned) === banned && (!banned || before.status === 'hidden')) continue;
    // Derived from the ban: the comments' updated_at stays, so an open edit is not made stale.
    const after = await ctx.db.updateTable('comments').set(change).where('id', '=', before.id as number).returning(model.readColumns).executeTakeFirstOrThrow();
    publish(ctx, model, 'update', String(before.id), before, after);
  }
}

defineRules('comments', {
  async validate(ctx, { before, row }) {
    const errors: ErrorSpec[] = [];
    const targets = [row.article_id, row.match_id].filter((v) => v != null);
    if (targets.length !== 1) errors.push(errorSpec(422, 'commentTarget', { source: { pointer: '/data/relationships/article' } }));
    if (before && (before.article_id !== row.article_id || before.match_id !== row.match_id))
      errors.push(fieldError(`/data/relationships/${before.article_id != null ? 'article' : 'match'}`, before.article_id != null ? 'article' : 'match', 'readOnly'));
    if (isTrue(row.author_banned) && !isTrue(before?.author_banned) && row.fan_id == null && !fanOf(ctx))
      errors.push(errorSpec(422, 'commentWithoutFan', { source: { pointer: '/data/attributes/author_banned' } }));
    if (fanOf(ctx) && !before && row.article_id != null && targets.length === 1) {
      // Fans comment on what they can read: an article visible in some locale now.
      const visible = await ctx.db
        .selectFrom('article_translations')
        .select('id')
        .where('client_id', '=', ctx.clientId)
        .where('article_id', '=', Number(row.article_id))
        .where('visible', '=', toDb(ctx.dialect, 'boolean', true) as boolean)
        .executeTakeFirst();
      if (!visible) errors.push(errorSpec(422, 'commentTargetUnavailable', { source: { pointer: '/data/relationships/article' } }));
    }
    return errors;
  },
  async derive(ctx, row) {
    if (row.id !== undefined) return {};
    const fan = fanOf(ctx);
    // A fan's comment always starts waiting for moderation, whatever the body said.
    if (fan) return { fan_id: fan.id, author_name: fan.displayName, status: 'pending', author_banned: toDb(ctx.dialect, 'boolean', false) };
    return { author_name: ctx.actor };
  },
  async afterWrite(ctx, event) {
    if (!event.after || event.after.fan_id == null) return;
    const banned = isTrue(event.after.author_banned);
    if (banned === isTrue(event.before?.author_banned) && (!banned || event.after.status === 'hidden')) return;
    await setAuthorBan(ctx, Number(event.after.fan_id), banned);
  },
});
