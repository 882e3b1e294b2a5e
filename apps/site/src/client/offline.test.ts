// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, watchConnection } from './offline';

/** What every page does for the fans' app (issue 41, points 1 and 4). */
beforeEach(() => {
  document.documentElement.lang = 'pl';
  document.documentElement.dataset.siteBase = '/site';
  delete document.documentElement.dataset.savedCopy;
  delete document.documentElement.dataset.offline;
  document.body.innerHTML = '<main id="u-main"><div class="u-wrap"><h1>Terminarz</h1><div data-match-id="1"><strong class="u-live">Na żywo</strong></div></div></main>';
});

function fakeWindow(onLine: boolean) {
  const target = new EventTarget();
  return Object.assign(target, { navigator: { onLine } }) as unknown as Window & { navigator: { onLine: boolean } };
}

describe('the offline notice', () => {
  it('says the page is the saved copy, and each live badge that it is not live', () => {
    document.documentElement.dataset.savedCopy = '';
    watchConnection(document, fakeWindow(true));
    const notice = document.getElementById('u-offline')!;
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toBe('Jesteś offline. Widzisz stronę zapisaną podczas ostatniej wizyty.');
    expect(document.querySelector('#u-main')!.firstElementChild).toBe(notice);
    expect(document.querySelector('.u-live')!.textContent).toBe('Na żywo (nie na żywo: brak połączenia)');
    expect(document.documentElement.dataset.offline).toBe('true');
  });

  it('comes and goes with the network, in English too', () => {
    document.documentElement.lang = 'en';
    const win = fakeWindow(true);
    watchConnection(document, win);
    expect(document.getElementById('u-offline')).toBeNull();
    win.navigator.onLine = false;
    win.dispatchEvent(new Event('offline'));
    expect(document.getElementById('u-offline')!.textContent).toBe('You are offline. You are seeing this page as it was saved on your last visit.');
    win.dispatchEvent(new Event('offline'));
    expect(document.querySelectorAll('#u-offline, .u-not-live')).toHaveLength(2);
    win.navigator.onLine = true;
    win.dispatchEvent(new Event('online'));
    expect(document.querySelectorAll('#u-offline, .u-not-live')).toHaveLength(0);
    expect(document.documentElement.dataset.offline).toBeUndefined();
  });
});

describe('the service worker', () => {
  it('is registered at the site base with the whole site as its scope, once the page has loaded', async () => {
    const register = vi.fn(async () => ({}));
    registerServiceWorker(document, { serviceWorker: { register } } as unknown as Navigator);
    // jsdom's document has loaded: it registers at once.
    expect(register).toHaveBeenCalledWith('/site/sw.js', { scope: '/site/' });
  });

  it('is not registered where the browser has none, or on a page that is not the site’s', () => {
    const register = vi.fn(async () => ({}));
    registerServiceWorker(document, {} as Navigator);
    delete document.documentElement.dataset.siteBase;
    registerServiceWorker(document, { serviceWorker: { register } } as unknown as Navigator);
    expect(register).not.toHaveBeenCalled();
  });
});
