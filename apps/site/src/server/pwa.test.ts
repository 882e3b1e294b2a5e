import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brandColours, type JsonApiDocument } from '@umpire/render';
import { brandingOf, iconPng, manifestFor, shortNameOf } from './pwa';
import { createSite } from './site';
import type { DeliveryAnswer, DeliverySource } from './source';

/**
 * The fans' app on the website (issue 41): the manifest per language from the branding, the icons,
 * the "My alerts" page, the Follow hooks of the record pages, and pages by id (where notifications lead).
 */
const elements = (branding: Record<string, unknown> | null, image = true): JsonApiDocument => ({
  data: branding
    ? [{ type: 'global_page_elements', id: '1', attributes: { area: 'branding' }, relationships: { components: { data: [{ type: 'components', id: '30' }] } } }]
    : [],
  included: branding
    ? [
        { type: 'components', id: '30', attributes: { kind: 'branding', index: 0, settings: branding }, relationships: image ? { image: { data: { type: 'images', id: '5' } } } : {} },
        { type: 'images', id: '5', attributes: { path: '2026/11/logo.png' } },
      ]
    : [],
});

function fakeSource(branding: Record<string, unknown> | null = { name: 'PKO BP Ekstraklasa', primary_color: '#0B2340' }, image = true): DeliverySource & { asked: string[] } {
  const ok = (body: DeliveryAnswer['body']): DeliveryAnswer => ({ status: 200, body });
  const missing: DeliveryAnswer = { status: 404, body: { errors: [{ status: '404' }] } };
  const asked: string[] = [];
  const templatePage = (kind: string, included: unknown[]) =>
    ok({ data: { type: 'pages', id: kind, attributes: { title: kind, slug: `szablon-${kind}` }, relationships: { components: { data: [] } } }, included });
  return {
    asked,
    async get(path) {
      asked.push(path);
      const url = new URL(path, 'http://api.test');
      if (url.pathname === '/pages')
        return ok({
          data: [
            { type: 'pages', id: '1', attributes: { slug: 'strona-glowna', updated_at: null } },
            { type: 'pages', id: '2', attributes: { slug: 'o-lidze', updated_at: null } },
            ...['club', 'match', 'competition_season', 'player'].map((kind, i) => ({ type: 'pages', id: String(10 + i), attributes: { slug: `szablon-${kind}` }, relationships: { page_type: { data: { type: 'page_types', id: kind } } } })),
          ],
          included: ['club', 'match', 'competition_season', 'player'].map((kind) => ({ type: 'page_types', id: kind, attributes: { template_kind: kind } })),
          meta: { pages: 1 },
        });
      if (url.pathname === '/pages/2') return ok({ data: { type: 'pages', id: '2', attributes: { slug: 'o-lidze' } } });
      if (url.pathname === '/current_page_elements') return ok(elements(branding, image));
      if (url.pathname === '/current_page') {
        const template = url.searchParams.get('template');
        const record = url.searchParams.get('record');
        if (template === 'club' && record === '7') return templatePage('club', [{ type: 'clubs', id: '7', attributes: { name: 'Raków Częstochowa', code: 'RCZ' } }]);
        if (template === 'player' && record === '8') return templatePage('player', [{ type: 'players', id: '8', attributes: { first_name: 'Jan', last_name: 'Nowak' } }]);
        if (template === 'competition_season' && record === '4')
          return templatePage('competition_season', [
            { type: 'competition_seasons', id: '4', attributes: { name: '2025/26' }, relationships: { competition: { data: { type: 'competitions', id: '3' } } } },
            { type: 'competitions', id: '3', attributes: { name: 'Ekstraklasa' } },
          ]);
        if (template === 'match' && record === '155')
          return templatePage('match', [
            { type: 'matches', id: '155', attributes: { status: 'not_started' }, relationships: { home_squad: { data: { type: 'squads', id: '1' } }, away_squad: { data: { type: 'squads', id: '2' } } } },
            { type: 'squads', id: '1', attributes: { name: 'Legia' } },
            { type: 'squads', id: '2', attributes: { name: 'Lech' } },
          ]);
        return missing;
      }
      return missing;
    },
  };
}

const origin = 'https://liga.example';
function site(source: DeliverySource = fakeSource()) {
  const s = createSite({ source, basePath: '/site', client: 'demo', apiBase: '/public/v1', cablePath: '/cable', imageBase: '/img', cacheMs: 0, hasClientScript: () => true });
  return async (path: string) => {
    const res = await s.handle(path, origin);
    return { ...res, text: res.body.toString('utf8') };
  };
}

describe('the manifest', () => {
  it('is the league’s app in each language: its name, colour, start at that language’s home, the icons from the branding image', async () => {
    const get = site();
    const pl = await get('/pl/manifest.webmanifest');
    expect(pl.status).toBe(200);
    expect(pl.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = JSON.parse(pl.text);
    expect(manifest).toMatchObject({ id: '/site/', name: 'PKO BP Ekstraklasa', lang: 'pl', start_url: '/site/pl/', scope: '/site/', display: 'standalone', theme_color: '#0b2340' });
    expect(manifest.icons).toContainEqual({ src: '/img/192x192/smart/filters:format(png)/2026/11/logo.png', sizes: '192x192', type: 'image/png', purpose: 'any' });
    expect(manifest.icons).toContainEqual({ src: '/img/512x512/smart/filters:format(png)/2026/11/logo.png', sizes: '512x512', type: 'image/png', purpose: 'any' });
    expect(manifest.icons).toContainEqual({ src: '/img/512x512/smart/filters:format(png)/2026/11/logo.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' });
    const en = JSON.parse((await get('/en/manifest.webmanifest')).text);
    expect(en).toMatchObject({ id: '/site/', lang: 'en', start_url: '/site/en/' });
    expect((await get('/de/manifest.webmanifest')).status).toBe(404);
  });

  it('is linked from every page in its language, with the favicon', async () => {
    const page = (await site()('/en/o-lidze')).text;
    expect(page).toContain('<link rel="manifest" href="/site/en/manifest.webmanifest">');
    expect(page).toContain('<link rel="icon" type="image/png" href="/site/icon-96.png">');
  });

  it('without a branding image has the site’s own plain icons, real PNGs in the league’s colour', async () => {
    const get = site(fakeSource({ name: 'Liga Okręgowa', primary_color: '#1E7A34' }, false));
    const manifest = JSON.parse((await get('/pl/manifest.webmanifest')).text);
    expect(manifest.icons.map((i: { src: string }) => i.src)).toContain('/site/icon-512.png');
    const icon = await get('/icon-512.png');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    const png = icon.body;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
    // The first pixel of the first row (after its filter byte) is the colour the pages use.
    const dataAt = png.indexOf('IDAT') + 4;
    const raw = inflateSync(png.subarray(dataAt, dataAt + png.readUInt32BE(dataAt - 8)));
    const drawn = brandColours({ primary_color: '#1E7A34' })['--u-primary'];
    expect([...raw.subarray(1, 4)]).toEqual([1, 3, 5].map((i) => parseInt(drawn.slice(i, i + 2), 16)));
    expect((await get('/icon-100.png')).status).toBe(404);
    // With a branding image, the favicon is that image's icon.
    const branded = await site()('/icon-96.png');
    expect(branded.status).toBe(302);
    expect(branded.headers.location).toBe('/img/96x96/smart/filters:format(png)/2026/11/logo.png');
  });

  it('names the league even without branding, and shortens a long name by whole words', () => {
    expect(manifestFor(brandingOf(elements(null)), { locale: 'en', basePath: '', imageBase: '/img' })).toMatchObject({ name: 'League', short_name: 'League', start_url: '/en/', scope: '/', theme_color: '#0b2340' });
    expect(shortNameOf('PKO BP Ekstraklasa')).toBe('PKO BP');
    expect(shortNameOf('Ekstraklasa')).toBe('Ekstraklasa');
    expect(shortNameOf('Superkalifragilistyczna')).toBe('Superkalifra');
    expect(iconPng(16, '#ffffff').length).toBeLessThan(200);
  });
});

describe('following on the record pages', () => {
  it('a club’s, a match’s and a table’s page carry what to follow (a table: its competition); a player’s none', async () => {
    const get = site();
    const club = await get('/pl/kluby/7-rakow-czestochowa');
    expect(club.status).toBe(200);
    expect(club.text).toContain('<div class="u-follow" data-follow="club:7" data-follow-name="Raków Częstochowa"></div>');
    const match = await get('/en/matches/155-legia-lech');
    expect(match.text).toContain('data-follow="match:155" data-follow-name="Legia – Lech"');
    const table = await get('/pl/tabele/4-ekstraklasa-2025-26');
    expect(table.status).toBe(200);
    expect(table.text).toContain('data-follow="competition:3" data-follow-name="Ekstraklasa"');
    const player = await get('/pl/zawodnicy/8-jan-nowak');
    expect(player.status).toBe(200);
    expect(player.text).not.toContain('data-follow');
  });

  it('a match by its id alone (where a notification leads) answers 301 to its address', async () => {
    const res = await site()('/pl/mecze/155');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/site/pl/mecze/155-legia-lech');
  });

  it('a page by its id answers 301 to its address in the language asked, and 404 for one not published', async () => {
    const get = site();
    expect((await get('/en/pages/2')).headers.location).toBe('/site/en/o-lidze');
    expect((await get('/en/pages/99')).status).toBe(404);
  });
});

describe('My alerts', () => {
  it('is a page of its own in each language’s words, a frame the browser fills, never indexed', async () => {
    const get = site();
    const pl = await get('/pl/moje-alerty');
    expect(pl.status).toBe(200);
    expect(pl.headers['x-robots-tag']).toBe('noindex');
    expect(pl.text).toContain('<title>Moje alerty</title>');
    expect(pl.text).toContain('<div class="u-my-alerts" data-hydrate="my-alerts"><p class="u-empty">Alerty działają w przeglądarce z włączonym JavaScriptem');
    expect(pl.text).toContain(`<link rel="alternate" hreflang="en" href="${origin}/site/en/my-alerts">`);
    const en = await get('/en/my-alerts');
    expect(en.text).toContain('<h1 class="u-page-title">My alerts</h1>');
    // Another language's word for it leads to this language's page.
    const moved = await get('/en/moje-alerty');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/site/en/my-alerts');
  });
});
