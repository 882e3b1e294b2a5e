/**
 * Saves the fixtures the renderer tests draw: the demo data's real `/current_page` answers (every
 * demo page with the include sets its page kind offers), its global page elements, and one preview
 * document of the kinds no demo page holds (posted as drafts to the home page's preview, so their
 * linked records are the demo's own). Run against a server started on the demo data:
 *
 *   npx tsx packages/render/test/capture-fixtures.ts http://127.0.0.1:8080
 *
 * Addresses in the documents are rewritten to http://localhost:8080, so a capture from another
 * port changes nothing but the data. A second argument saves them in another folder (to compare a
 * capture with the fixtures kept).
 *
 * Beside them, `feed-player.json`: what the website fetches for a player's profile (apps/site's
 * feeds.ts: the player with its squads and earlier clubs, and its statistics per competition
 * season), read from the delivery API for a player who has all of it.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PAGE_KIND_INCLUDE_SETS, sameJson, type PageKind } from '@umpire/schema';

const base = (process.argv[2] ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const out = process.argv[3] ? `${process.argv[3].replace(/\/+$/, '')}/` : fileURLToPath(new URL('./fixtures/', import.meta.url));
type Doc = { data: any; included?: any[]; meta?: any; errors?: unknown };

async function call(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<Doc> {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/vnd.api+json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const doc = (await res.json()) as Doc;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(doc.errors)}`);
  return doc;
}

function save(name: string, doc: Doc) {
  const text = JSON.stringify(doc, null, 1).replaceAll(base, 'http://localhost:8080').replace(/http:\/\/(127\.0\.0\.1|localhost):\d+/g, 'http://localhost:8080');
  writeFileSync(`${out}${name}.json`, `${text}\n`);
  console.log(`saved ${name}.json`);
}

const token = (await call('/auth/v1/sign_in', { method: 'POST', body: { data: { type: 'sign_in', attributes: { username: 'admin', password: 'umpire-demo' } } } })).data.attributes.token as string;

const pages = await call('/api/v3/pages?page%5Bsize%5D=100&include=page_type&sort=id', { token });
const kindOf = new Map((pages.included ?? []).filter((r) => r.type === 'page_types').map((r) => [r.id, r.attributes.kind as PageKind]));
const docs = new Map<string, Doc>();
for (const page of pages.data) {
  const slug = String(page.attributes.slug);
  const kind = kindOf.get(page.relationships.page_type.data.id)!;
  const include = PAGE_KIND_INCLUDE_SETS[kind].join(',');
  for (const locale of ['pl', 'en']) {
    const doc = await call(`/api/v3/current_page?slug=${encodeURIComponent(slug)}&include=${include}&locale=${locale}&preview=true`, { token });
    docs.set(`${slug}:${locale}`, doc);
    // The English answer differs only where linked records are translated (OTT formats, playlists, events).
    const same = locale !== 'pl' && sameJson(doc.included, docs.get(`${slug}:pl`)?.included);
    if (!same) save(`page-${slug.replaceAll('/', '-')}.${locale}`, doc);
  }
}

const elements = await call('/api/v3/global_page_elements?sort=id&page%5Bsize%5D=100', { token });
for (const element of elements.data) save(`global-${element.attributes.slug}`, await call(`/api/v3/global_page_elements/${element.id}/preview`, { token }));

// The kinds no demo page holds, as drafts on the home page, linked to the demo's own records.
const home = pages.data.find((p: any) => kindOf.get(p.relationships.page_type.data.id) === 'standard');
const homeDoc = docs.get(`${home.attributes.slug}:pl`)!;
const video = [...docs.values()].flatMap((d) => d.included ?? []);
const first = (type: string, where: (r: any) => boolean = () => true) => video.find((r) => r.type === type && where(r))?.id as string | undefined;
const season = first('competition_seasons', (r) => r.attributes.is_current && /Ekstraklasa/.test(r.attributes.name)) ?? first('competition_seasons')!;
const quizzes = await call('/api/v3/quizzes?sort=id', { token });
const surveys = await call('/api/v3/surveys?sort=id', { token });
const rounds = await call(`/api/v3/rounds?sort=number&page%5Bsize%5D=1`, { token });
const images = await call('/api/v3/images?sort=id&page%5Bsize%5D=6', { token });
const one = (type: string, id: string | undefined) => ({ data: id ? { type, id } : null });
// A player with all a profile shows, read as fans read it: the league's leading scorer among those
// who were once loaned out (a squad, earlier clubs, one of them a loan, and statistics).
const client = (await call('/api/v3/client', { token })).data.attributes.slug as string;
const pub = (path: string) => call(`/public/v1${path}${path.includes('?') ? '&' : '?'}client=${encodeURIComponent(client)}`);
const loaned = new Set<string>();
for (let number = 1, pages = 1; number <= pages; number++) {
  const list = await call(`/api/v3/career_clubs?filter%5Bis_loan%5D=true&sort=id&page%5Bsize%5D=100&page%5Bnumber%5D=${number}`, { token });
  for (const c of list.data) loaned.add(c.relationships.player.data.id as string);
  pages = Number(list.meta?.pages ?? 1);
}
const scorers = (await pub('/statistics?sort=-goals,-assists&page%5Bsize%5D=100')).data.map((r: any) => r.relationships.player.data.id as string);
const scorer = scorers.find((id: string) => loaned.has(id)) ?? scorers[0];
const drafts = [
  { kind: 'hero_thematic', settings: { title: 'Zapowiedzi kolejki', subtitle: 'Przed weekendem', list_mode: 'latest', limit: 4 }, relationships: { publication_category: one('publication_categories', first('publication_categories')), background_photo: one('images', images.data[0].id) } },
  { kind: 'round', settings: { title: 'Kolejka', data_source: 'opta' }, relationships: { competition_season: one('competition_seasons', season), round: one('rounds', rounds.data[0].id) } },
  { kind: 'schedule', settings: { title: 'Terminarz', match_list: 'upcoming', limit: 10 }, relationships: { competition_season: one('competition_seasons', season) } },
  { kind: 'competition_season_statistics', settings: { title: 'Najlepsi strzelcy', data_source: 'opta', level: 'competition_season', limit: 10 }, relationships: { competition_season: one('competition_seasons', season) } },
  { kind: 'gallery', settings: { title: 'Herby klubów', layout: 'default', show_captions: true }, relationships: { images: { data: images.data.slice(0, 6).map((i: any) => ({ type: 'images', id: i.id })) } } },
  { kind: 'quiz', settings: { title: 'Sprawdź się', platforms: ['web', 'mobile'] }, relationships: { quiz: one('quizzes', quizzes.data.find((q: any) => q.attributes.is_published)?.id), image: one('images', images.data[0].id) } },
  { kind: 'survey', settings: { title: 'Twoje zdanie', platforms: ['web'] }, relationships: { survey: one('surveys', surveys.data.find((s: any) => s.attributes.status === 'published')?.id) } },
  { kind: 'iframe', settings: { title: 'Mapa stadionu', url: 'https://www.openstreetmap.org/export/embed.html', height: 360, allow_fullscreen: false }, relationships: {} },
  { kind: 'ott_format', settings: { title: 'Studio', layout: 'horizontal' }, relationships: { format: one('formats', first('formats')) } },
  { kind: 'ott_hero_main', settings: { title: 'Liga na żywo', subtitle: 'Każdy mecz w jednym miejscu', link_type: 'custom_link', link_label: 'Oglądaj', link_url: 'https://tv.example.org/' }, relationships: { format: one('formats', first('formats')), playlist: one('playlists', first('playlists')), background_photo: one('images', images.data[0].id) } },
  { kind: 'ott_external_content', settings: { title: 'Archiwum meczów', url: 'https://archiwum.example.org/', data_source: 'external_data_provider' }, relationships: { image: one('images', images.data[1].id) } },
];
const preview = await call(`/api/v3/pages/${home.id}/preview?include=${PAGE_KIND_INCLUDE_SETS.standard.join(',')}&locale=pl`, {
  method: 'POST',
  token,
  body: { data: drafts.map((d, i) => ({ type: 'components', lid: `draft-${i + 1}`, attributes: { kind: d.kind, settings: d.settings }, relationships: d.relationships })) },
});
save('preview-more-kinds', preview);

// That player's profile, as the builder's preview draws it (the page's answer alone).
const profile = await call(`/api/v3/pages/${home.id}/preview?locale=pl`, {
  method: 'POST',
  token,
  body: { data: [{ type: 'components', lid: 'draft-player', attributes: { kind: 'player', settings: { layout: 'default' } }, relationships: { player: one('players', scorer) } }] },
});
save('preview-player', profile);

// The player profile's feed, as apps/site/src/server/feeds.ts reads it (the same include and statistics).
const playerDoc = await pub(
  `/players/${scorer}?include=image,squad_players.squad.team.club,squad_players.squad.season,squad_players.squad.competition_seasons,career_clubs.club`,
);
const seasonIds = [
  ...new Set(
    (playerDoc.included ?? []).filter((r) => r.type === 'squads').flatMap((r) => (r.relationships?.competition_seasons?.data ?? []).map((cs: { id: string }) => cs.id)),
  ),
];
const statistics = await Promise.all(seasonIds.map((id) => pub(`/statistics?filter%5Bcompetition_season%5D=${id}&filter%5Bplayer%5D=${scorer}`)));
save('feed-player', { data: [playerDoc.data], included: [...(playerDoc.included ?? []), ...statistics.flatMap((d) => [...d.data, ...(d.included ?? [])])] });
console.log(`home page ${homeDoc.data.attributes.slug}: ${homeDoc.data.relationships.components.data.length} components`);
