import { ARTICLE_LOCALES, type RichTextDocument } from '@umpire/schema';
import { getRuntime } from '../../lib/configuration';
import { watchContent } from '../../lib/content-channel';
import { TranslationCache, type Translation } from '../../lib/translation-cache';
import { HttpFailure, type HttpClient } from '../../providers/http-client';
import { appHttpClient } from '../../providers/json-api';
import { embedDocument, embedInclude, toEmbedded, type EmbeddedComponent, type EmbedTarget } from './embeds';

export type { EmbeddedComponent } from './embeds';

/**
 * The article screen's calls (spec §7: `/articles` with `locale` and `include`, delete with
 * params). Writes go through the app's HTTP client, so their success and error pop-ups are those of
 * spec §8. Translations are kept in a TranslationCache (spec §4).
 */
export type Locale = (typeof ARTICLE_LOCALES)[number];
export const LOCALES = ARTICLE_LOCALES;

export interface ArticleTranslation extends Translation {
  id: string;
  locale: Locale | null;
  status: 'draft' | 'published';
  title: string | null;
  lead: string | null;
  slug: string | null;
  body: RichTextDocument | null;
  publish_from: string | null;
  publish_until: string | null;
  visible: boolean;
  updated_at: string;
  image_id: string | null;
  publication_category_id: string | null;
  venue_id: string | null;
  tags_ids: string[];
}

interface ResourceObject {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { id: string } | { id: string }[] | null }>;
}

const relId = (r: ResourceObject, name: string) => {
  const data = r.relationships?.[name]?.data;
  return data && !Array.isArray(data) ? data.id : null;
};

export function toTranslation(r: ResourceObject): ArticleTranslation {
  const a = r.attributes;
  const tags = r.relationships?.tags?.data;
  return {
    ...(a as unknown as ArticleTranslation),
    id: r.id,
    image_id: relId(r, 'image'),
    publication_category_id: relId(r, 'publication_category'),
    venue_id: relId(r, 'venue'),
    tags_ids: Array.isArray(tags) ? tags.map((t) => t.id) : [],
  };
}

export const isStale = (error: unknown) => error instanceof HttpFailure && error.status === 409;

export interface ArticlesApi {
  cache: TranslationCache<ArticleTranslation>;
  load(id: string, locale: Locale): Promise<ArticleTranslation>;
  saveTranslation(id: string, locale: Locale, attributes: Record<string, unknown>, updatedAt: string): Promise<ArticleTranslation>;
  deleteTranslation(id: string, locale: Locale): Promise<void>;
  saveShared(id: string, data: { status: string; image_id: string | null; publication_category_id: string | null; venue_id: string | null; tags_ids: string[] }, updatedAt: string): Promise<ArticleTranslation>;
  create(title: string): Promise<string>;
  previewLink(id: string, locale: Locale): Promise<{ url: string; expires_at: string }>;
  /** Something embedded in the text (a picture, a gallery, a video…): a component of the article linked to the picked records; its id. */
  embed(articleId: string, embed: EmbedTarget, ids: string[]): Promise<string>;
  /** What an embed node shows: its component's kind, caption or title, and pictures. */
  embedded(componentId: string): Promise<EmbeddedComponent>;
}

const link = (type: string, id: string | null) => ({ data: id ? { type, id } : null });

export function createArticlesApi(http: HttpClient, base: () => string): ArticlesApi {
  const cache = new TranslationCache<ArticleTranslation>();
  const url = (path: string) => `${base()}/articles${path}`;
  const one = async (path: string, init?: Parameters<HttpClient>[1]) => toTranslation((await http<{ data: ResourceObject }>(url(path), init)).body.data);
  return {
    cache,
    load: (id, locale) => cache.load(id, locale, () => one(`/${id}?locale=${locale}&include=tags`)),
    async saveTranslation(id, locale, attributes, updatedAt) {
      const saved = await one(`/${id}?locale=${locale}&include=tags`, {
        method: 'PATCH',
        body: { data: { type: 'articles', id, attributes, meta: { updated_at: updatedAt } } },
      });
      cache.update(saved);
      return saved;
    },
    async deleteTranslation(id, locale) {
      await http(url(`/${id}?locale=${locale}`), { method: 'DELETE' });
      cache.remove(id, locale);
    },
    async saveShared(id, data, updatedAt) {
      const current = cache.list(id)[0]?.locale ?? LOCALES[0];
      const saved = await one(`/${id}?locale=${current}&include=tags`, {
        method: 'PATCH',
        body: {
          data: {
            type: 'articles',
            id,
            attributes: { status: data.status },
            relationships: {
              image: link('images', data.image_id),
              publication_category: link('publication_categories', data.publication_category_id),
              venue: link('venues', data.venue_id),
              tags: { data: data.tags_ids.map((t) => ({ type: 'tags', id: t })) },
            },
            meta: { updated_at: updatedAt },
          },
        },
      });
      // What is the record's (status, links) is the same in every cached translation.
      for (const t of cache.list(id))
        if (t.locale !== saved.locale)
          cache.update({ ...t, status: saved.status, image_id: saved.image_id, publication_category_id: saved.publication_category_id, venue_id: saved.venue_id, tags_ids: saved.tags_ids, updated_at: saved.updated_at, available_translations: saved.available_translations, translations_updated_at: saved.translations_updated_at });
      cache.update(saved);
      return saved;
    },
    async create(title) {
      const res = await http<{ data: ResourceObject }>(url(`?locale=${LOCALES[0]}`), { method: 'POST', body: { data: { type: 'articles', attributes: { title } } } });
      return res.body.data.id;
    },
    async embed(articleId, target, ids) {
      const res = await http<{ data: ResourceObject }>(`${base()}/components`, { method: 'POST', body: embedDocument(articleId, target, ids) });
      return res.body.data.id;
    },
    async embedded(componentId) {
      const res = await http<Parameters<typeof toEmbedded>[0]>(`${base()}/components/${componentId}?include=${embedInclude()}`);
      return toEmbedded(res.body);
    },
    async previewLink(id, locale) {
      const res = await http<{ data: { attributes: { url: string; expires_at: string } } }>(url(`/${id}/preview_link?locale=${locale}`), { method: 'POST', body: {} });
      return res.body.data.attributes;
    },
  };
}

let shared: ArticlesApi | undefined;

export function articlesApi(): ArticlesApi {
  if (shared) return shared;
  shared = createArticlesApi(appHttpClient(), () => getRuntime().urls.umpire);
  return shared;
}

/** Calls `onChange` for every change of articles announced on the ContentChannel. Returns a stop function. */
export function watchArticles(onChange: (message: { action: string; id: string }) => void): () => void {
  return watchContent(['articles'], onChange);
}
