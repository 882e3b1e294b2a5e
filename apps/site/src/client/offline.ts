import { OFFLINE_WORDS } from './i18n';

/**
 * What every page does for the fans' app (issue 41), in site.js itself since a chunk cannot be
 * loaded without the network: registers the service worker (`{base}/sw.js`, scope the site), and
 * when the page is the service worker's saved copy, or the browser is offline, says so at the top
 * of the page and marks what would be live as not live (`<html data-offline>`; the live scores'
 * badges say "not live").
 */
export function registerServiceWorker(doc: Document = document, nav: Navigator = navigator): void {
  const base = doc.documentElement.dataset.siteBase;
  if (base === undefined || !('serviceWorker' in nav)) return;
  // After the page has loaded, so the worker's precache does not compete with the page's own reads.
  const register = () =>
    nav.serviceWorker.register(`${base}/sw.js`, { scope: `${base}/` }).catch((error: unknown) => console.warn('umpire/site: no service worker', error));
  if (doc.readyState === 'complete') void register();
  else doc.defaultView?.addEventListener('load', () => void register(), { once: true });
}

export function watchConnection(doc: Document = document, win: Window = window): void {
  const html = doc.documentElement;
  const words = OFFLINE_WORDS[html.lang === 'en' ? 'en' : 'pl'];
  const apply = () => {
    // The service worker's saved copy (sw.ts marks it), or a browser that knows it has no network.
    const offline = html.dataset.savedCopy !== undefined || !win.navigator.onLine;
    let banner = doc.getElementById('u-offline');
    if (offline) {
      html.dataset.offline = 'true';
      if (!banner) {
        banner = doc.createElement('p');
        banner.id = 'u-offline';
        banner.className = 'u-offline';
        banner.setAttribute('role', 'status');
        banner.textContent = words.offline;
        (doc.getElementById('u-main') ?? doc.body).prepend(banner);
      }
      // Each live badge: the score beside it is the one saved, not today's.
      for (const badge of doc.querySelectorAll<HTMLElement>('.u-live')) {
        if (badge.querySelector('.u-not-live')) continue;
        const note = doc.createElement('span');
        note.className = 'u-not-live';
        note.textContent = ` (${words.notLive})`;
        badge.append(note);
      }
    } else {
      delete html.dataset.offline;
      banner?.remove();
      for (const note of doc.querySelectorAll('.u-not-live')) note.remove();
    }
  };
  win.addEventListener('offline', apply);
  win.addEventListener('online', apply);
  apply();
}
