import type { RichTextDocument, RichTextNode } from '@umpire/schema';
import { systemClock, type Clock } from '../jobs/clock';
import type { WriteContext } from '../jsonapi/context';
import type { ErrorSpec } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';
import { modelOf } from '../jsonapi/model';
import type { ReadContext, ResourceObject } from '../jsonapi/read';
import { rulesOf, defineRules } from '../jsonapi/rules';
import { fromDb } from '../db/values';
import { deleteRecord } from '../jsonapi/write';
import { componentLinks, resolveComponents } from './current-page';

/**
 * An article's embedded images, galleries, videos, quizzes and surveys are components owned by
 * the article (`article_id`), with their fields and links like a page's; an `embed` node of the
 * text names one by `component_id`. A text may embed only the article's own components, of the
 * kind it says. Components no text of the article embeds any more are deleted when it is saved,
 * so none is left behind (see `sweep` for which and when); public reads include the embedded ones
 * resolved as /current_page does.
 */

/**
 * How long a component no saved text embeds is kept. The editor creates a component the moment
 * one is inserted, and the text naming it is saved later: meanwhile a save of the article (the
 * other language, the shared fields, another editor) must not delete it. A day covers any
 * editing session; what is never saved (the tab was closed) goes with the first save after it.
 */
export const EMBED_GRACE_MS = 24 * 3_600_000;

let clock: Clock = systemClock;

/** The clock the grace period is measured by (the server's; tests move a ManualClock). */
export function setEmbedClock(c: Clock): void {
  clock = c;
}

export interface Embed {
  id: string;
  kind: string;
}

/** The embed nodes of a text, in reading order. */
export function embedsOf(body: unknown): Embed[] {
  const out: Embed[] = [];
  const walk = (nodes: RichTextNode[] | undefined) => {
    for (const n of nodes ?? []) {
      if (n.type === 'embed' && typeof n.attrs?.component_id === 'string') out.push({ id: n.attrs.component_id, kind: String(n.attrs.kind) });
      walk(n.content);
    }
  };
  if (body && typeof body === 'object') walk((body as RichTextDocument).content);
  return out;
}

async function embedErrors(ctx: ReadContext, articleId: number | null, body: unknown): Promise<ErrorSpec[]> {
  const embeds = embedsOf(body);
  if (!embeds.length) return [];
  const ids = [...new Set(embeds.map((e) => Number(e.id)))];
  const found =
    articleId === null
      ? []
      : await ctx.db.selectFrom('components').select(['id', 'kind']).where('client_id', '=', ctx.clientId).where('article_id', '=', articleId).where('id', 'in', ids).execute();
  const kinds = new Map(found.map((r) => [String(r.id), String(r.kind)]));
  return embeds.some((e) => kinds.get(e.id) !== e.kind) ? [fieldError('/data/attributes/body', 'body', 'embedNotInArticle')] : [];
}

/**
 * Components a write takes out of a text: embedded by the translation as it was, not as it will
 * be. Found by `validate` (which sees both versions) and read by `afterWrite` in the same write.
 */
const released = new WeakMap<WriteContext, Map<number, Set<string>>>();

function noteReleased(ctx: WriteContext, articleId: number, before: unknown, after: unknown) {
  const kept = new Set(embedsOf(after).map((e) => e.id));
  const gone = embedsOf(before).filter((e) => !kept.has(e.id));
  if (!gone.length) return;
  const byArticle = released.get(ctx) ?? new Map<number, Set<string>>();
  released.set(ctx, byArticle);
  byArticle.set(articleId, new Set([...(byArticle.get(articleId) ?? []), ...gone.map((e) => e.id)]));
}

/**
 * Deletes the article's components that none of its texts embeds (through the engine: history and
 * events) when this write took them out of its text, or when they are older than the grace
 * period. A component inserted in an editor but not saved yet is in no text: it stays.
 */
async function sweep(ctx: WriteContext, articleId: number) {
  const taken = released.get(ctx)?.get(articleId) ?? new Set<string>();
  released.get(ctx)?.delete(articleId);
  const owned = await ctx.db.selectFrom('components').select(['id', 'created_at']).where('client_id', '=', ctx.clientId).where('article_id', '=', articleId).execute();
  if (!owned.length) return;
  const bodies = await ctx.db.selectFrom('article_translations').select('body').where('client_id', '=', ctx.clientId).where('article_id', '=', articleId).execute();
  const used = new Set(bodies.flatMap((b) => embedsOf(fromDb('json', b.body)).map((e) => e.id)));
  const cutoff = clock.now().getTime() - EMBED_GRACE_MS;
  for (const c of owned) {
    const id = String(c.id);
    if (used.has(id)) continue;
    if (taken.has(id) || Date.parse(String(fromDb('datetime', c.created_at))) < cutoff) await deleteRecord(ctx, modelOf('components'), id);
  }
}

// Defined before publication wraps the article rules (articles.ts imports this module first).
defineRules('articles', {
  ...rulesOf('articles'),
  async validate(ctx, change) {
    if (!change.translation || change.translation.row.body === undefined) return [];
    const body = fromDb('json', change.translation.row.body);
    if (change.before) noteReleased(ctx, Number(change.before.id), fromDb('json', change.translation.before?.body ?? null), body);
    return embedErrors(ctx, change.before ? Number(change.before.id) : null, body);
  },
  async afterWrite(ctx, event) {
    if (event.action !== 'delete') await sweep(ctx, Number(event.id));
  },
});

/**
 * The components the given articles embed, resolved (their links included), in one pass for a
 * whole list: by article id, the component identifiers in reading order; and what to include.
 */
export async function embeddedComponents(
  ctx: ReadContext,
  articles: { id: string; body: unknown }[],
): Promise<{ byArticle: Map<string, { type: string; id: string }[]>; included: ResourceObject[] }> {
  const wanted = new Map(articles.map((a) => [a.id, embedsOf(a.body)]));
  const ids = [...new Set([...wanted.values()].flat().map((e) => Number(e.id)))];
  const byArticle = new Map<string, { type: string; id: string }[]>();
  if (!ids.length) return { byArticle, included: [] };
  const model = modelOf('components');
  const rows = await ctx.db
    .selectFrom('components')
    .select(model.readColumns)
    .where('client_id', '=', ctx.clientId)
    .where('id', 'in', ids)
    .where('article_id', 'in', articles.map((a) => Number(a.id)))
    .orderBy('id')
    .execute();
  const resolved = await resolveComponents(ctx, rows, await componentLinks(ctx, ids), { seasonId: null, includeSets: [] });
  const known = new Map(rows.map((r) => [String(r.id), String(r.article_id)]));
  for (const [articleId, embeds] of wanted)
    byArticle.set(
      articleId,
      [...new Set(embeds.map((e) => e.id))].filter((id) => known.get(id) === articleId).map((id) => ({ type: 'components', id })),
    );
  return { byArticle, included: [...resolved.components, ...resolved.included] };
}
