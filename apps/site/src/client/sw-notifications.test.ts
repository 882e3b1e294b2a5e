import { describe, expect, it } from 'vitest';
import { markSavedCopy, notificationOf, notificationUrl, readPayload, windowFor } from './sw-notifications';

/** The service worker's push handling (issue 41, point 3), on the payloads the server sends (PushPayload). */
const alert = { notification_id: '9', locale: 'pl', title: 'GOL! Legia 1:0 Lech', body: "67' Nowak", image: null, link: { type: 'matches' as const, id: '155' }, tag: 'm155-i901', kind: 'goal' };

describe('a push message', () => {
  it('is shown under its tag, ringing again for a new alert but not for a correction, and leads to its match', () => {
    const shown = notificationOf(alert, { basePath: '/site', icon: '/img/192x192/smart/filters:format(png)/logo.png' });
    expect(shown).toEqual({
      title: 'GOL! Legia 1:0 Lech',
      options: {
        body: "67' Nowak",
        lang: 'pl',
        icon: '/img/192x192/smart/filters:format(png)/logo.png',
        badge: '/img/192x192/smart/filters:format(png)/logo.png',
        tag: 'm155-i901',
        renotify: true,
        data: { url: '/site/pl/mecze/155', kind: 'goal' },
      },
    });
    const correction = notificationOf({ ...alert, title: 'Korekta', kind: 'correction' }, { basePath: '/site' });
    expect(correction.options).toMatchObject({ tag: 'm155-i901', renotify: false });
    expect(correction.options).not.toHaveProperty('icon');
  });

  it('without a tag (staff’s notifications) stands on its own, with its picture', () => {
    const shown = notificationOf({ ...alert, tag: null, kind: null, image: '/img/fit-in/720x720/a.jpg', locale: 'en' }, { basePath: '' });
    expect(shown.options).not.toHaveProperty('tag');
    expect(shown.options).not.toHaveProperty('renotify');
    expect(shown.options).toMatchObject({ image: '/img/fit-in/720x720/a.jpg', lang: 'en', data: { url: '/en/matches/155', kind: null } });
  });

  it('leads to a match, an article or a page by id in its language, else home; never anywhere an id could name', () => {
    expect(notificationUrl({ locale: 'en', link: { type: 'matches', id: '155' } }, '/site')).toBe('/site/en/matches/155');
    expect(notificationUrl({ locale: 'pl', link: { type: 'articles', id: '31' } }, '/site')).toBe('/site/pl/articles/31');
    expect(notificationUrl({ locale: 'pl', link: { type: 'pages', id: '4' } }, '/site')).toBe('/site/pl/pages/4');
    expect(notificationUrl({ locale: 'de', link: null }, '/site')).toBe('/site/pl/');
    expect(notificationUrl({ locale: 'en', link: { type: 'matches', id: '../../evil' } }, '/site')).toBe('/site/en/');
  });

  it('is read as JSON, and anything else is no notification', () => {
    expect(readPayload({ json: () => alert })).toEqual(alert);
    expect(readPayload({ json: () => { throw new SyntaxError('not JSON'); } })).toBeNull();
    expect(readPayload({ json: () => 'text' })).toBeNull();
    expect(readPayload(null)).toBeNull();
  });
});

describe('a click on a notification', () => {
  const origin = 'https://liga.example.org';
  it('focuses a tab showing its page, else takes a tab of the site there, else opens one', () => {
    const match = { url: `${origin}/site/pl/mecze/155/` };
    const home = { url: `${origin}/site/pl/` };
    const elsewhere = { url: `${origin}/admin/` };
    expect(windowFor([home, match], `${origin}/site/pl/mecze/155`, origin, '/site')).toEqual({ client: match, navigate: false });
    expect(windowFor([elsewhere, home], `${origin}/site/pl/mecze/155`, origin, '/site')).toEqual({ client: home, navigate: true });
    expect(windowFor([elsewhere], `${origin}/site/pl/mecze/155`, origin, '/site')).toBeNull();
  });
});

describe('a kept page served offline', () => {
  it('says it is the saved copy on <html>, once, whatever its attributes', () => {
    expect(markSavedCopy('<!doctype html><html lang="pl"><head></head></html>')).toBe('<!doctype html><html data-saved-copy lang="pl"><head></head></html>');
    expect(markSavedCopy('<html><body><p>&lt;html&gt;</p><html-like></html-like></body></html>')).toBe('<html data-saved-copy><body><p>&lt;html&gt;</p><html-like></html-like></body></html>');
  });
});
