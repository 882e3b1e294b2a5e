import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { markSavedCopy, notificationOf, readPayload, windowFor } from './sw-notifications';

/**
 * The website's service worker (issue 41): served at `{base}/sw.js`, its scope the whole site.
 *
 * - The shell (site.js, its feature chunks but video's, site.css) is precached by the build's list,
 *   so a page opened before is whole offline, live scores and all.
 * - Pages a fan opens are kept: from the network first (a match page or the news must be today's),
 *   from the cache when there is none; a page never opened says so in both languages.
 * - Pictures, the manifest and the icons: from the cache, refreshed behind (stale-while-revalidate).
 * - A new version waits until no tab runs the old one (no skipWaiting): an open page keeps the
 *   chunks its site.js asks for, and the precache drops the old ones only once nothing needs them.
 * - Push: the match alerts and staff's notifications, under their tag; a click opens where they lead.
 */

/** The parts of the worker's scope this file uses (the DOM's types are what the site compiles against). */
interface WorkerScope {
  registration: { scope: string; showNotification(title: string, options?: NotificationOptions): Promise<void> };
  clients: {
    claim(): Promise<void>;
    matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  location: Location;
  addEventListener(type: 'push', listener: (event: ExtendableEventLike & { data: { json(): unknown } | null }) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: ExtendableEventLike & { notification: Notification }) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEventLike) => void): void;
}
interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

declare const self: WorkerScope;
/** The build's list of the shell's files (build-client.mjs), relative to this script. */
declare const __PRECACHE__: { url: string; revision: string | null }[];

const scope = new URL(self.registration.scope);
const basePath = scope.pathname.replace(/\/$/, '');
const under = (path: string) => path === basePath || path.startsWith(`${basePath}/`);

precacheAndRoute(__PRECACHE__);
cleanupOutdatedCaches();
// The first visit's page is controlled at once (and kept, below), so that it too reads offline.
clientsClaim();

const PAGES = 'umpire-pages';
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === scope.origin && under(url.pathname),
  new NetworkFirst({
    cacheName: PAGES,
    // A phone with one bar of signal reads the kept page rather than wait for ever.
    networkTimeoutSeconds: 5,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600 }),
      // Asks the server (a 304 most often), not the HTTP cache's stale-while-revalidate copy: the
      // kept copy is the offline answer, and it says so; a stale one from the HTTP cache would not.
      {
        requestWillFetch: async ({ request }) =>
          new Request(request.url, { method: 'GET', headers: request.headers, credentials: 'same-origin', cache: 'no-cache', redirect: 'manual', referrer: request.referrer }),
      },
      // Used only when the network failed: the page is told it is the saved copy.
      {
        cachedResponseWillBeUsed: async ({ cachedResponse }) => {
          if (!cachedResponse) return null;
          const headers = new Headers(cachedResponse.headers);
          headers.delete('content-length');
          return new Response(markSavedCopy(await cachedResponse.text()), { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
        },
      },
    ],
  }),
);
registerRoute(
  ({ url }) => url.origin === scope.origin && (url.pathname.startsWith('/img/') || /\/(icon-\d+\.png|manifest\.webmanifest)$/.test(url.pathname)),
  new StaleWhileRevalidate({ cacheName: 'umpire-images', plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })] }),
);
// Chunks outside the precache (video's) and the stylesheet's fonts: kept as they are read.
registerRoute(
  ({ url }) => url.origin === scope.origin && url.pathname.startsWith(`${basePath}/assets/`),
  new StaleWhileRevalidate({ cacheName: 'umpire-assets', plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 60 })] }),
);

const OFFLINE_PAGE = `<!doctype html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline</title>
<style>body{font:1.1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#111}</style></head><body><main>
<h1>Jesteś offline</h1><p>Tej strony nie otwierałeś jeszcze na tym urządzeniu, więc nie ma jej zapisanej. Strony, które już odwiedziłeś, terminarz i tabele możesz czytać bez internetu.</p>
<h2 lang="en">You are offline</h2><p lang="en">This page has not been opened on this device before, so it is not saved. Pages you have visited, the fixtures and the tables can be read without the internet.</p>
<p><a href="${basePath}/pl/">Strona główna</a> · <a lang="en" href="${basePath}/en/">Home</a></p></main></body></html>`;

setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') return new Response(OFFLINE_PAGE, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
  return Response.error();
});

// The page that brought the worker (controlled only now) is kept too: a fan's first page reads offline.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const cache = await caches.open(PAGES);
      await Promise.all(
        windows
          .map((w) => new URL(w.url))
          .filter((u) => u.origin === scope.origin && under(u.pathname))
          .map((u) => cache.add(new Request(u.href, { credentials: 'same-origin' })).catch(() => undefined)),
      );
    })(),
  );
});

/** The league's icon (its manifest's 192 px one), read once per worker's life: the kept manifest first (a push may come offline). */
let icon: Promise<string | undefined> | null = null;
const MANIFEST = `${basePath}/pl/manifest.webmanifest`;
const iconOf = () =>
  (icon ??= caches
    .match(MANIFEST)
    .then((kept) => kept ?? fetch(MANIFEST))
    .then((r) => r.json() as Promise<{ icons?: { src: string; sizes: string; purpose?: string }[] }>)
    .then((m) => m.icons?.find((i) => i.sizes === '192x192' && i.purpose !== 'maskable')?.src)
    .catch(() => undefined));

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  if (!payload) return;
  event.waitUntil(
    (async () => {
      const { title, options } = notificationOf(payload, { basePath, icon: await iconOf() });
      await self.registration.showNotification(title, options);
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? `${basePath}/`, scope.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const found = windowFor(windows, url, scope.origin, basePath);
      if (!found) return self.clients.openWindow(url);
      if (found.navigate) await found.client.navigate(url).catch(() => undefined);
      return found.client.focus();
    })(),
  );
});
