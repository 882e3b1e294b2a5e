import { defineRules, rulesOf } from '../jsonapi/rules';
import type { WriteContext } from '../jsonapi/context';
import { toDb } from '../db/values';
// The articles' rules are built in layers: its components' first, then this, then publication's (articles.ts).
import '../content/article-components';

/**
 * An article's earlier slugs per locale (article_slug_history), so that the website's old
 * addresses answer 301 to the current one. Noted by `validate` (which sees the translation before
 * and after) and written by `afterWrite` in the same transaction, as the embedded components are
 * (content/article-components.ts): a write refused records nothing.
 */
const left = new WeakMap<WriteContext, { articleId: number; locale: string; from: string; to: string | null }[]>();

const slugOf = (v: unknown) => (typeof v === 'string' && v ? v.toLowerCase() : null);

const base = rulesOf('articles');
defineRules('articles', {
  ...base,
  async validate(ctx, change) {
    const errors = (await base.validate?.(ctx, change)) ?? [];
    const t = change.translation;
    const from = slugOf(t?.before?.slug);
    if (t && change.before && from && slugOf(t.row.slug) !== from) {
      const notes = left.get(ctx) ?? [];
      notes.push({ articleId: Number(change.before.id), locale: t.locale, from, to: slugOf(t.row.slug) });
      left.set(ctx, notes);
    }
    return errors;
  },
  async afterWrite(ctx, event) {
    await base.afterWrite?.(ctx, event);
    const notes = left.get(ctx)?.filter((n) => String(n.articleId) === event.id);
    if (!notes?.length || event.action === 'delete') return;
    left.set(ctx, left.get(ctx)!.filter((n) => !notes.includes(n)));
    const now = toDb(ctx.dialect, 'datetime', new Date().toISOString());
    for (const n of notes) {
      const history = () => ctx.db.deleteFrom('article_slug_history').where('client_id', '=', ctx.clientId).where('locale', '=', n.locale);
      // Its slug again is its current address, no longer an old one; the slug it leaves leads to it
      // now, whichever article left it before.
      if (n.to) await history().where('article_id', '=', n.articleId).where('slug', '=', n.to).execute();
      await history().where('slug', '=', n.from).execute();
      await ctx.db
        .insertInto('article_slug_history')
        .values({ client_id: ctx.clientId, article_id: n.articleId, locale: n.locale, slug: n.from, created_at: now, updated_at: now })
        .execute();
    }
  },
});
