import type { SiteLocale } from '@umpire/render/texts';

/**
 * What the server-rendered page tells the browser half on `<html>`: the page's language (`lang`),
 * the league (`data-client`, its slug), where the delivery and fan API lives (`data-api`, absolute
 * or root-relative, default `/public/v1`) and the realtime endpoint (`data-cable`, default `/cable`).
 */
export interface SiteConfig {
  locale: SiteLocale;
  client: string;
  /** The API's base address, absolute (resolved against the page). */
  api: string;
  /** The realtime endpoint's address for this league (`…/cable?client=<slug>`), absolute http(s); ActionCable makes it ws(s). */
  cable: string;
}

export function readConfig(doc: Document = document): SiteConfig {
  const html = doc.documentElement;
  const base = doc.baseURI || doc.location?.href || 'http://localhost/';
  const client = html.dataset.client ?? '';
  const api = new URL(html.dataset.api || '/public/v1', base).href.replace(/\/+$/, '');
  const cable = new URL(html.dataset.cable || '/cable', base);
  if (client) cable.searchParams.set('client', client);
  // Polish or English, as the renderers choose (kept here so the entry does not carry their words).
  const locale: SiteLocale = (html.lang || '').toLowerCase().split(/[-_]/)[0] === 'pl' ? 'pl' : 'en';
  return { locale, client, api, cable: cable.href };
}
