import { TEMPLATE_DEFS } from '@umpire/schema/content/templates';
import type { PushPayload } from '@umpire/schema/engagement/push/push';

/**
 * What the service worker shows for a push message and where its click leads (issue 41, point 3),
 * kept apart from the worker so it can be tested without one.
 */
export interface ShownNotification {
  title: string;
  options: NotificationOptions & { image?: string; renotify?: boolean; data: { url: string; kind: string | null } };
}

/** The payload the server encrypted (PushPayload), read defensively: a message is whatever arrived. */
export function readPayload(data: { json(): unknown } | null | undefined): Partial<PushPayload> | null {
  if (!data) return null;
  try {
    const value = data.json();
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

const LOCALES = ['pl', 'en'] as const;
const localeOf = (v: unknown): 'pl' | 'en' => (LOCALES.includes(v as 'pl') ? (v as 'pl' | 'en') : 'pl');
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The site's address a notification opens: a match's page by its id (the site answers the id-only
 * address with a 301 to its canonical one), an article's, a page's (by id, redirected to its slug),
 * else the home page in the notification's language.
 */
export function notificationUrl(payload: Partial<PushPayload>, basePath: string): string {
  const locale = localeOf(payload.locale);
  const link = payload.link;
  const id = link && typeof link.id === 'string' && ID.test(link.id) ? link.id : null;
  if (link && id) {
    if (link.type === 'matches') return `${basePath}/${locale}/${TEMPLATE_DEFS.match.segments[locale]}/${id}`;
    if (link.type === 'articles') return `${basePath}/${locale}/articles/${id}`;
    if (link.type === 'pages') return `${basePath}/${locale}/pages/${id}`;
  }
  return `${basePath}/${locale}/`;
}

/**
 * The notification of a payload. Under its tag, a later message (a correction: a goal disallowed,
 * another scorer) replaces the one shown; a correction does so quietly (renotify false), a new
 * alert of a kind that repeats under one tag rings again. Without a tag each message shows on its own.
 */
export function notificationOf(payload: Partial<PushPayload>, o: { basePath: string; icon?: string }): ShownNotification {
  const tag = typeof payload.tag === 'string' && payload.tag ? payload.tag : undefined;
  const kind = typeof payload.kind === 'string' ? payload.kind : null;
  const options: ShownNotification['options'] = {
    body: typeof payload.body === 'string' ? payload.body : '',
    lang: localeOf(payload.locale),
    ...(o.icon ? { icon: o.icon, badge: o.icon } : {}),
    ...(typeof payload.image === 'string' && payload.image ? { image: payload.image } : {}),
    ...(tag ? { tag, renotify: kind !== 'correction' } : {}),
    data: { url: notificationUrl(payload, o.basePath), kind },
  };
  return { title: typeof payload.title === 'string' && payload.title ? payload.title : '', options };
}

/** The window a click focuses: one already showing the address, else any of the site's (navigated there), else none (a new one opens). */
export function windowFor<C extends { url: string }>(clients: readonly C[], target: string, origin: string, basePath: string): { client: C; navigate: boolean } | null {
  const url = new URL(target, origin);
  const same = clients.find((c) => {
    const u = new URL(c.url);
    return u.origin === url.origin && u.pathname.replace(/\/$/, '') === url.pathname.replace(/\/$/, '');
  });
  if (same) return { client: same, navigate: false };
  const site = clients.find((c) => {
    const u = new URL(c.url);
    return u.origin === url.origin && (u.pathname === basePath || u.pathname.startsWith(`${basePath}/`));
  });
  return site ? { client: site, navigate: true } : null;
}

/**
 * A kept page as the service worker serves it when the network failed: `<html data-saved-copy>`,
 * so the page says it is the saved copy (navigator.onLine says nothing of a server out of reach).
 */
export function markSavedCopy(html: string): string {
  return html.replace(/<html(?=[\s>])/i, '<html data-saved-copy');
}
