import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ARTICLE_LOCALES, type RichTextDocument } from '@umpire/schema';
import { requireAbility } from '../jsonapi/access';
import { requestOrigin, type Config } from '../config';
import type { Database, DB, Dialect } from '../db/database';
import { apiError, badParameter } from '../jsonapi/errors';
import { findRow, type Row } from '../jsonapi/read';
import { modelOf } from '../jsonapi/model';
import { likeWord, parsePage, searchWords, type RawQuery } from '../jsonapi/query';
import { JSONAPI_MEDIA_TYPE, API_PREFIX } from '../jsonapi/routes';
import { fromDb, toDb } from '../db/values';
import type { Clock } from '../jobs/clock';
import { embeddedComponents, setEmbedClock } from '../content/article-components';
import './slug-history';
import { richTextToHtml } from '../content/rich-text-html';
import { contentVersion, registerPublication } from '../publication/publication';
import { PUBLIC_PREFIX, type FanAccess } from '../fan-api/fans';
import type { Delivery } from '../delivery/delivery';

registerPublication({ type: 'articles' });

/** A preview link works for an hour. */
export const PREVIEW_TTL_SECONDS = 3600;

const sign = (secret: Uint8Array, payload: string) => createHmac('sha256', secret).update(`article-preview:${payload}`).digest('base64url');

export function previewToken(secret: Uint8Array, p: { clientId: number; articleId: number; locale: string; expiresAt: number }): string {
  const payload = Buffer.from(JSON.stringify({ c: p.clientId, a: p.articleId, l: p.locale, e: p.expiresAt })).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The claims of a genuine token; 404 when tampered with, 401 when it has expired. */
export function readPreviewToken(secret: Uint8Array, token: string, now: Date): { clientId: number; articleId: number; locale: string } {
  const invalid = () => apiError(404, 'previewInvalid', { source: { parameter: 'token' } });
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) throw invalid();
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  let claims: { c: number; a: number; l: string; e: number };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    throw invalid();
  }
  if (!(now.getTime() < claims.e * 1000)) throw apiError(401, 'previewExpired', { source: { parameter: 'token' } });
  return { clientId: claims.c, articleId: claims.a, locale: claims.l };
}

/**
 * Articles as websites read them: one locale, the body as data and as escaped HTML, and the
 * components its text embeds (with what they link to) in `included`.
 */
async function publicDocuments(db: DB, dialect: Dialect, clientId: number, rows: Row[], baseUrl: string, clientSlug: string) {
  const imageIds = [...new Set(rows.map((r) => r.image_id).filter((v) => v != null))];
  const categoryIds = [...new Set(rows.map((r) => r.publication_category_id).filter((v) => v != null))];
  type ImageRow = { id: unknown; path: string; alt_text_pl: string | null; alt_text_en: string | null };
  type NamedRow = { id: unknown; name: string; slug: string | null };
  const images = new Map(
    (imageIds.length ? ((await db.selectFrom('images').select(['id', 'path', 'alt_text_pl', 'alt_text_en']).where('id', 'in', imageIds).execute()) as ImageRow[]) : []).map((r) => [r.id, r]),
  );
  const categories = new Map(
    (categoryIds.length ? ((await db.selectFrom('publication_categories').select(['id', 'name', 'slug']).where('id', 'in', categoryIds).execute()) as NamedRow[]) : []).map((r) => [r.id, r]),
  );
  const ids = rows.map((r) => r.article_id);
  const tags = (
    ids.length
      ? await db.selectFrom('article_tags as j').innerJoin('tags as t', 't.id', 'j.tag_id').select(['j.article_id', 't.name', 't.slug']).where('j.article_id', 'in', ids).orderBy('t.name').execute()
      : []
  ) as (NamedRow & { article_id: unknown })[];
  const bodies = rows.map((r) => ({ id: String(r.article_id), body: fromDb('json', r.body) as RichTextDocument | null }));
  const embedded = await embeddedComponents({ db, dialect, clientId, apiBase: baseUrl.replace(PUBLIC_PREFIX, API_PREFIX) }, bodies);
  const data = rows.map((r, i) => {
    const body = bodies[i].body;
    const image = images.get(r.image_id);
    const category = categories.get(r.publication_category_id);
    return {
      type: 'articles',
      id: String(r.article_id),
      attributes: {
        // Read by the projection (a translation fans may not see now never leaves), never shown.
        visible: fromDb('boolean', r.visible) === true,
        locale: r.locale,
        title: r.title,
        lead: r.lead ?? null,
        slug: r.slug ?? null,
        publish_from: fromDb('datetime', r.publish_from),
        publish_until: fromDb('datetime', r.publish_until),
        // The later change of the translation and of what the languages share (the sitemap's lastmod).
        updated_at: [fromDb('datetime', r.updated_at), fromDb('datetime', r.article_updated_at)].filter((d): d is string => typeof d === 'string').sort().at(-1) ?? null,
        body,
        body_html: richTextToHtml(body),
        image_path: image?.path ?? null,
        image_alt_text: (r.locale === 'en' ? image?.alt_text_en : image?.alt_text_pl) ?? null,
        publication_category: category ? { name: category.name, slug: category.slug } : null,
        tags: tags.filter((t) => t.article_id === r.article_id).map((t) => ({ name: t.name, slug: t.slug })),
      },
      relationships: { components: { data: embedded.byArticle.get(String(r.article_id)) ?? [] } },
      links: { self: `${baseUrl}/articles/${r.article_id}?client=${encodeURIComponent(clientSlug)}&locale=${r.locale}` },
    };
  });
  return { data, included: embedded.included };
}

const articleColumns = [
  't.article_id', 't.visible', 't.locale', 't.title', 't.lead', 't.slug', 't.body', 't.publish_from', 't.publish_until', 't.updated_at', 'a.updated_at as article_updated_at', 'a.image_id', 'a.publication_category_id',
] as const;

export function registerArticleRoutes(app: FastifyInstance, deps: { config: Config; database: Database; clock: Clock; fans: FanAccess; delivery: Delivery }) {
  const { config, database, clock } = deps;
  const model = modelOf('articles');
  setEmbedClock(clock);

  app.post<{ Params: { id: string } }>(`${API_PREFIX}/articles/:id/preview_link`, async (request, reply) => {
    const auth = requireAbility(request, 'update', 'articles');
    const ctx = { db: database.db, dialect: database.dialect, clientId: auth.clientId, apiBase: '' };
    const article = await findRow(ctx, model, request.params.id);
    const locale = localeParam(request) ?? ARTICLE_LOCALES[0];
    const expiresAt = Math.floor(clock.now().getTime() / 1000) + PREVIEW_TTL_SECONDS;
    const token = previewToken(config.jwtSecret, { clientId: auth.clientId, articleId: Number(article.id), locale, expiresAt });
    const url = `${requestOrigin(request, config)}${PUBLIC_PREFIX}/article_previews/${token}`;
    reply.code(201).type(JSONAPI_MEDIA_TYPE);
    return {
      data: {
        type: 'article_preview_links',
        id: token,
        attributes: { url, token, locale, expires_at: new Date(expiresAt * 1000).toISOString() },
        links: { self: url },
      },
    };
  });

  // A signed link shows its article as fans will see it, draft or not: cut like any answer, but not by its `where`.
  app.get<{ Params: { token: string } }>(`${PUBLIC_PREFIX}/article_previews/:token`, { config: { publicAnswer: 'preview' } }, async (request, reply) => {
    const claims = readPreviewToken(config.jwtSecret, request.params.token, clock.now());
    const row = await database.db
      .selectFrom('article_translations as t')
      .innerJoin('articles as a', 'a.id', 't.article_id')
      .select([...articleColumns])
      .where('t.article_id', '=', claims.articleId)
      .where('t.client_id', '=', claims.clientId)
      .where('t.locale', '=', claims.locale)
      .executeTakeFirst();
    if (!row) throw apiError(404, 'previewInvalid', { source: { parameter: 'token' } });
    const base = `${requestOrigin(request, config)}${PUBLIC_PREFIX}`;
    reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
    const client = await database.db.selectFrom('clients').select('slug').where('id', '=', claims.clientId).executeTakeFirstOrThrow();
    const doc = await publicDocuments(database.db, database.dialect, claims.clientId, [row], base, String(client.slug));
    return { data: doc.data[0], included: doc.included, meta: { preview: true } };
  });

  /** The translations fans may see now in one locale. */
  const visible = (db: DB, clientId: number, locale: string) =>
    db
      .selectFrom('article_translations as t')
      .innerJoin('articles as a', 'a.id', 't.article_id')
      .where('t.client_id', '=', clientId)
      .where('t.locale', '=', locale)
      .where('t.visible', '=', toDb(database.dialect, 'boolean', true) as boolean);

  const clientSlug = async (db: DB, clientId: number) => String((await db.selectFrom('clients').select('slug').where('id', '=', clientId).executeTakeFirstOrThrow()).slug);

  /**
   * `filter[publication_category]` and `filter[tag]`: a category's or a tag's slug or id (a comma
   * list: any of them); `filter[q]`: words the title or lead in the locale read holds, folded as
   * every `filter[q]` (case and accents ignored). Only these filters are taken.
   */
  const articleFilters = (raw: RawQuery) => {
    const out: { categories?: string[]; tags?: string[]; words?: string[] } = {};
    for (const key of Object.keys(raw)) {
      if (!key.startsWith('filter')) continue;
      const m = /^filter\[(publication_category|tag|q)\]$/.exec(key);
      if (!m) throw badParameter(key, 'unknownFilter.field', { type: 'articles', name: key.replace(/^filter\[|\]$/g, '') });
      const value = raw[key];
      if (m[1] === 'q') {
        if (typeof value !== 'string') throw badParameter(key, 'badRequest.repeatedParameter', { parameter: key });
        out.words = searchWords(value, key);
        continue;
      }
      if (typeof value !== 'string' || !value.trim()) throw badParameter(key, 'invalidFilterValue', { parameter: key, value: String(value ?? '') });
      out[m[1] === 'tag' ? 'tags' : 'categories'] = value.split(',').map((v) => v.trim().toLowerCase()).filter(Boolean);
    }
    return out;
  };
  const byKey = (values: string[]) => ({ ids: values.filter((v) => /^[1-9]\d{0,14}$/.test(v)).map(Number), slugs: values });

  /** The articles fans may see now in one locale, narrowed by category and tag. */
  const listed = (db: DB, clientId: number, locale: string, f: ReturnType<typeof articleFilters>) => {
    let q = visible(db, clientId, locale);
    const orIds = (col: string, ids: number[]) => (ids.length ? sql` or ${sql.ref(col)} in (${sql.join(ids)})` : sql``);
    if (f.categories) {
      const { ids, slugs } = byKey(f.categories);
      q = q.where(
        sql<boolean>`${sql.ref('a.publication_category_id')} in (select c.id from publication_categories as c where c.client_id = ${clientId} and (c.slug in (${sql.join(slugs)})${orIds('c.id', ids)}))`,
      );
    }
    if (f.tags) {
      const { ids, slugs } = byKey(f.tags);
      q = q.where(
        sql<boolean>`${sql.ref('t.article_id')} in (select j.article_id from article_tags as j inner join tags as g on g.id = j.tag_id where j.client_id = ${clientId} and (g.slug in (${sql.join(slugs)})${orIds('g.id', ids)}))`,
      );
    }
    // The translation read is the locale's: a word of its title or lead, not another language's.
    for (const word of f.words ?? []) q = q.where(sql<boolean>`${sql.ref('t.search_text')} like ${likeWord(word)} escape '\\'`);
    return q;
  };

  /**
   * What fans see now: published articles inside their window, per locale, newest first, through
   * the delivery API (its projection, cache and CDN headers).
   */
  deps.delivery.get('/articles', async (ctx, request) => {
    const raw = request.query as RawQuery;
    const locale = localeParam(request) ?? ARTICLE_LOCALES[0];
    const filters = articleFilters(raw);
    const page = parsePage(Object.fromEntries(Object.entries(raw).filter(([k]) => k.startsWith('page'))));
    const total = Number((await listed(ctx.db, ctx.clientId, locale, filters).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await listed(ctx.db, ctx.clientId, locale, filters)
      .select([...articleColumns])
      .orderBy('t.publish_from', (ob) => ob.desc().nullsLast())
      .orderBy('t.article_id', 'desc')
      .limit(page.size)
      .offset((page.number - 1) * page.size)
      .execute();
    const base = ctx.apiBase.replace(API_PREFIX, PUBLIC_PREFIX);
    const doc = await publicDocuments(ctx.db, ctx.dialect, ctx.clientId, rows, base, await clientSlug(ctx.db, ctx.clientId));
    return {
      data: doc.data,
      included: doc.included,
      meta: { total, page: page.number, size: page.size, locale, content_version: await contentVersion(ctx.db, ctx.clientId) },
    };
  });

  /**
   * One article as fans see it now, by id or by its slug in that locale; 404 outside its window.
   * A slug it had before in that locale (article_slug_history) finds it too: the answer holds its
   * current `slug`, which the website redirects to. What is not public now is not found either way.
   */
  deps.delivery.get<{ key: string }>('/articles/:key', async (ctx, request) => {
    const locale = localeParam(request) ?? ARTICLE_LOCALES[0];
    const { key } = request.params;
    const byId = /^[1-9]\d{0,14}$/.test(key);
    let row = await visible(ctx.db, ctx.clientId, locale)
      .select([...articleColumns])
      .where(byId ? 't.article_id' : 't.slug', '=', byId ? Number(key) : key.toLowerCase())
      .executeTakeFirst();
    if (!row && !byId)
      row = await visible(ctx.db, ctx.clientId, locale)
        .select([...articleColumns])
        .where(sql<boolean>`${sql.ref('t.article_id')} in (select h.article_id from article_slug_history as h where h.client_id = ${ctx.clientId} and h.locale = ${locale} and h.slug = ${key.toLowerCase()})`)
        .executeTakeFirst();
    if (!row) throw apiError(404, 'notFound.article', { values: { value: JSON.stringify(key) } });
    const base = ctx.apiBase.replace(API_PREFIX, PUBLIC_PREFIX);
    const doc = await publicDocuments(ctx.db, ctx.dialect, ctx.clientId, [row], base, await clientSlug(ctx.db, ctx.clientId));
    return { data: doc.data[0], included: doc.included, meta: { locale, content_version: await contentVersion(ctx.db, ctx.clientId) } };
  });
}

function localeParam(request: FastifyRequest): string | undefined {
  const value = (request.query as RawQuery).locale;
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(ARTICLE_LOCALES as readonly string[]).includes(value))
    throw badParameter('locale', 'badRequest.unknownLocale', { parameter: 'locale', locales: ARTICLE_LOCALES.join(', ') });
  return value;
}
