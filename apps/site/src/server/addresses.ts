import type { TemplateKind } from '@umpire/schema';
import { primaryRecords, type JsonApiDocument } from '@umpire/render';
import type { DeliverySource } from './source';

/**
 * The site's addresses per language (issue: addresses per language): which locales a page or an
 * article exists in, at which address in each, and the sitemap that lists them.
 *
 * - A builder page is one record for every language (pages have no locale: one slug, the texts staff
 *   wrote, linked records read in the reader's language), so it is served and listed at the same
 *   slug under every locale. The exception is the pages staff make per language by convention, a
 *   club's page under each language's own folder (`kluby/<code>` in Polish, `clubs/<code>` in
 *   English): where both exist they are each other's translation.
 * - An article exists in a locale only when it has a translation published there now, at that
 *   translation's own slug.
 */
export interface PageIndexEntry {
  slug: string;
  updatedAt: string | null;
  /** Its title (an article's breadcrumb names the news page by it). */
  title?: string;
  /** The kind of record its type is a template for (shown at the records' addresses, not its slug). */
  template?: TemplateKind;
}

/** Where each language keeps its clubs' hand-made pages. */
export const CLUB_FOLDERS: Record<string, string> = { pl: 'kluby', en: 'clubs' };

/** A club's hand-made page per locale, by the slugs that exist: `{ pl: 'kluby/rcz' }`. */
export function clubPages(code: string, slugs: ReadonlySet<string>, locales: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const c = code.toLowerCase();
  if (!c) return out;
  for (const l of locales) {
    const folder = CLUB_FOLDERS[l];
    if (folder && slugs.has(`${folder}/${c}`)) out[l] = `${folder}/${c}`;
  }
  return out;
}

/**
 * The slug of a page in each locale: the same page everywhere, except a club's page, whose
 * translation is the other language's club page when staff made one.
 */
export function pageAlternates(slug: string, slugs: ReadonlySet<string>, locales: readonly string[]): Record<string, string> {
  const out: Record<string, string> = Object.fromEntries(locales.map((l) => [l, slug]));
  const m = /^([a-z0-9-]+)\/([a-z0-9-]+)$/.exec(slug);
  if (m && Object.values(CLUB_FOLDERS).includes(m[1])) Object.assign(out, clubPages(m[2], slugs, locales));
  return out;
}

export interface ArticleIndexEntry {
  id: string;
  /** Its slug (else its id) in each locale it is published in now. */
  slugs: Record<string, string>;
  lastmod: Record<string, string | null>;
}

/** Every article published now, with its slug and last change per locale (the delivery API's lists, page by page). */
export async function articleIndex(source: DeliverySource, locales: readonly string[], maxPages = 500): Promise<ArticleIndexEntry[]> {
  const byId = new Map<string, ArticleIndexEntry>();
  for (const locale of locales)
    for (let n = 1; n <= maxPages; n++) {
      const answer = await source.get(`/articles?locale=${locale}&page[size]=100&page[number]=${n}`);
      if (answer.status !== 200) throw new Error(`the delivery API answered ${answer.status} for the articles`);
      const doc = answer.body as JsonApiDocument;
      const records = primaryRecords(doc);
      for (const a of records) {
        const entry = byId.get(a.id) ?? { id: a.id, slugs: {}, lastmod: {} };
        const attrs = a.attributes ?? {};
        entry.slugs[locale] = typeof attrs.slug === 'string' && attrs.slug ? attrs.slug : a.id;
        const changed = [attrs.updated_at, attrs.publish_from].find((v): v is string => typeof v === 'string' && v !== '');
        entry.lastmod[locale] = changed ?? null;
        byId.set(a.id, entry);
      }
      const meta = doc.meta as { total?: number; size?: number } | undefined;
      if (!records.length || n * Number(meta?.size ?? 100) >= Number(meta?.total ?? 0)) break;
    }
  return [...byId.values()];
}

export interface SitemapUrl {
  loc: string;
  lastmod: string | null;
  /** The same content in every language it exists in (itself included), locale → absolute address. */
  alternates: Record<string, string>;
}

/** The most URLs one sitemap file may hold (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function urlset(urls: SitemapUrl[]): string {
  const body = urls
    .map((u) => {
      const links = Object.entries(u.alternates)
        .map(([l, href]) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(href)}"/>`)
        .join('');
      return `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${escapeXml(u.lastmod)}</lastmod>` : ''}${links}</url>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${body}</urlset>\n`;
}

export function sitemapIndex(sitemaps: { loc: string; lastmod: string | null }[]): string {
  const body = sitemaps.map((s) => `<sitemap><loc>${escapeXml(s.loc)}</loc>${s.lastmod ? `<lastmod>${escapeXml(s.lastmod)}</lastmod>` : ''}</sitemap>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</sitemapindex>\n`;
}

/** The latest of the dates given (ISO strings), for a sitemap's own `lastmod`. */
export const latest = (dates: (string | null)[]) => dates.filter((d): d is string => !!d).sort().at(-1) ?? null;
