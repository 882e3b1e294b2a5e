import { ARTICLE_LOCALES, type MediaUsage } from '@umpire/schema';
import { sql } from 'kysely';
import type { DB } from '../db/database';
import { apiError } from '../jsonapi/errors';
import { linkersOf, type Model } from '../jsonapi/model';
import { addDeleteGuard } from '../jsonapi/rules';
import { declarePublicUse } from '../jsonapi/public-projection';
import { addUsageProvider } from '../jsonapi/usages';

/**
 * Records linked by components are used by the pages, global page elements and articles owning them:
 * one indexed query on component_links (client, target type, target id) finds them. A record in
 * use cannot be deleted (409 naming the pages), so no component is left pointing at nothing.
 */
export async function componentUsages(db: DB, clientId: number, model: Model, ids: number[]): Promise<MediaUsage[]> {
  if (!ids.length || !linkersOf(model.type).some((l) => l.model.type === 'components')) return [];
  const rows = await db
    .selectFrom('component_links as l')
    .innerJoin('components as c', 'c.id', 'l.component_id')
    .leftJoin('pages as p', 'p.id', 'c.page_id')
    .leftJoin('global_page_elements as g', 'g.id', 'c.global_page_element_id')
    .leftJoin('article_translations as t', (j) => j.onRef('t.article_id', '=', 'c.article_id').on('t.locale', '=', ARTICLE_LOCALES[0]))
    .select(['c.owner_type', 'c.owner_id', 'p.title as page_title', 'g.name as element_name', 't.title as article_title'])
    .where('l.client_id', '=', clientId)
    .where('l.target_type', '=', model.type)
    .where('l.target_id', 'in', ids)
    .orderBy('c.owner_type')
    .orderBy('c.owner_id')
    .execute();
  const seen = new Set<string>();
  const usages: MediaUsage[] = [];
  for (const r of rows) {
    const type = r.owner_type === 'page' ? 'pages' : r.owner_type === 'global_page_element' ? 'global_page_elements' : `${String(r.owner_type)}s`;
    const key = `${type}:${String(r.owner_id)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    usages.push({ type, id: String(r.owner_id), field: 'components', title: String(r.page_title ?? r.element_name ?? r.article_title ?? `${type} ${String(r.owner_id)}`) });
  }
  return usages;
}

addUsageProvider(componentUsages);

/**
 * Records that components of what readers may see link to: a visible page's, a global element's
 * (always shown), or an article's with a translation visible now. What a content route asks before
 * it streams a library video (the other records that use a video are not public: an event's source).
 */
declarePublicUse(async (db, clientId, type, ids) => {
  // The literal reads as true on both databases (SQLite keeps booleans as 1).
  const visible = sql<boolean>`true`;
  const rows = await db
    .selectFrom('component_links as l')
    .innerJoin('components as c', 'c.id', 'l.component_id')
    .leftJoin('pages as p', 'p.id', 'c.page_id')
    .select('l.target_id')
    .where('l.client_id', '=', clientId)
    .where('l.target_type', '=', type)
    .where('l.target_id', 'in', ids)
    .where((eb) =>
      eb.or([
        eb('c.global_page_element_id', 'is not', null),
        eb('p.visible', '=', visible),
        eb.exists(
          eb
            .selectFrom('article_translations as t')
            .select('t.article_id')
            .whereRef('t.article_id', '=', 'c.article_id')
            .where('t.visible', '=', visible),
        ),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => String(r.target_id)));
});

addDeleteGuard(async (ctx, model, before) => {
  const usages = await componentUsages(ctx.db, ctx.clientId, model, [Number(before.id)]);
  if (!usages.length) return;
  const uses = usages.slice(0, 5).map((u) => `„${u.title}”`).join(', ') + (usages.length > 5 ? ', …' : '');
  throw apiError(409, 'usedByPages', { values: { recordType: model.type, uses }, params: { usages } });
});
