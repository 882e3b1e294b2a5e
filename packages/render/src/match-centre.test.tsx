// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRenderContext, type RenderOptions } from './context';
import type { JsonApiDocument, ResourceObject } from './document';
import { latestMinute, sheetCounts, sheetLines } from './match-sheet';
import { ComponentView } from './page';

/**
 * The match centre (the `match` kind) for a match in each of its states: what a fan reads without
 * JavaScript, and the hooks the website's browser half writes into.
 */
const ref = (type: string, id: string) => ({ data: { type, id } });

const sides: ResourceObject[] = [
  { type: 'clubs', id: '1', attributes: { name: 'Legia Warszawa', short_name: 'Legia', code: 'LEG' }, relationships: { image: ref('images', '1') } },
  { type: 'clubs', id: '2', attributes: { name: 'Lech Poznań', short_name: 'Lech', code: 'LPO' } },
  { type: 'images', id: '1', attributes: { path: 'crests/legia.png', width: 200, height: 200 } },
  { type: 'teams', id: '1', attributes: { name: 'Legia Warszawa', short_name: 'Legia' }, relationships: { club: ref('clubs', '1') } },
  { type: 'teams', id: '2', attributes: { name: 'Lech Poznań', short_name: 'Lech' }, relationships: { club: ref('clubs', '2') } },
  { type: 'squads', id: '11', attributes: { name: 'Legia 2026' }, relationships: { team: ref('teams', '1') } },
  { type: 'squads', id: '12', attributes: { name: 'Lech 2026' }, relationships: { team: ref('teams', '2') } },
  { type: 'players', id: '201', attributes: { first_name: 'Jan', last_name: 'Kowal' } },
  { type: 'players', id: '202', attributes: { first_name: 'Adam', last_name: 'Nowak' } },
  { type: 'players', id: '203', attributes: { first_name: 'Piotr', last_name: 'Wiśniewski' } },
  { type: 'players', id: '301', attributes: { first_name: 'Tomasz', last_name: 'Zieliński' } },
  { type: 'players', id: '302', attributes: { first_name: 'Marek', last_name: 'Lis', nickname: 'Lisek' } },
];

let incidentId = 0;
function incident(type: string, half: number, minute: number, squad: '11' | '12' | null, player?: string, related?: string, stoppage?: number): ResourceObject {
  const sortKey = type === 'half_time' ? 98 + 100 * half : type === 'second_half_started' ? 100 * half - 1 : type === 'match_ended' ? 100 * half + 99 : half * 100 + minute;
  return {
    type: 'incidents',
    id: String(++incidentId),
    attributes: { incident_type: type, occurrence_half: half, occurrence_minute: minute, stoppage_minute: stoppage ?? null, home_squad: squad === null ? null : squad === '11', sort_key: sortKey },
    relationships: { match: ref('matches', '9'), squad: { data: squad ? { type: 'squads', id: squad } : null }, player: { data: player ? { type: 'players', id: player } : null }, related_player: { data: related ? { type: 'players', id: related } : null } },
  };
}

const lineup = (id: string, squad: string, player: string, shirt: number, starting: boolean, place?: number, captain = false): ResourceObject => ({
  type: 'lineups',
  id,
  attributes: { is_starting: starting, shirt_number: shirt, formation_place: place ?? null, is_captain: captain, position: starting && place === 1 ? 'GK' : null },
  relationships: { match: ref('matches', '9'), squad: ref('squads', squad), player: ref('players', player) },
});

function matchRecord(status: string, score: [number | null, number | null], extra: Record<string, unknown> = {}): ResourceObject {
  return {
    type: 'matches',
    id: '9',
    attributes: { status, kickoff_at: '2026-11-28T14:00:00Z', home_score: score[0], away_score: score[1], referee: 'Szymon Marciniak', ...extra },
    relationships: { round: ref('rounds', '7'), venue: ref('venues', '5'), home_squad: ref('squads', '11'), away_squad: ref('squads', '12') },
  };
}

/** What the site fetches beside the page for the component: the match with its venue, round (with its season) and broadcasters. */
const fedMatch = (match: ResourceObject): JsonApiDocument => ({
  data: { ...match, relationships: { ...match.relationships, transmission_providers: { data: [{ type: 'transmission_providers', id: '4' }] } } },
  included: [
    { type: 'venues', id: '5', attributes: { name: 'Stadion Wojska Polskiego', city: 'Warszawa' } },
    { type: 'rounds', id: '7', attributes: { name: null, number: 7 }, relationships: { stage: ref('stages', '2') } },
    { type: 'stages', id: '2', attributes: { name: 'Sezon zasadniczy' }, relationships: { competition_season: ref('competition_seasons', '1') } },
    { type: 'competition_seasons', id: '1', attributes: { name: 'Ekstraklasa 2026/27' } },
    { type: 'transmission_providers', id: '4', attributes: { name: 'Canal+ Sport', kind: 'tv', website: 'https://canalplus.example' }, relationships: { image: ref('images', '40') } },
    { type: 'images', id: '40', attributes: { path: 'logos/canal.png', width: 300, height: 100 } },
  ],
});

const comments: JsonApiDocument = {
  data: [
    { type: 'comments', id: '71', attributes: { body: 'Brawo!\nWielki mecz.', author_name: 'Kibic z Łazienkowskiej', created_at: '2026-11-28T16:10:00Z' }, relationships: { match: ref('matches', '9'), article: { data: null } } },
    { type: 'comments', id: '72', attributes: { body: '<b>nie HTML</b>', author_name: null, created_at: '2026-11-28T16:20:00Z' }, relationships: { match: ref('matches', '9'), article: { data: null } } },
  ],
};

const component: ResourceObject = { type: 'components', id: 'c1', attributes: { kind: 'match', settings: {} }, relationships: { match: ref('matches', '9') } };

interface Drawn {
  html: string;
  text: string;
  doc: Document;
}

function draw(match: ResourceObject, incidents: ResourceObject[] = [], lineups: ResourceObject[] = [], options: Partial<RenderOptions> & { fed?: boolean } = {}): Drawn {
  const page: JsonApiDocument = { data: { type: 'pages', id: '1', attributes: { title: 'Mecz' } }, included: [component, match, ...sides, ...incidents, ...lineups] };
  const feeds = options.fed === false ? undefined : { c1: fedMatch(match), 'c1:comments': comments };
  const ctx = createRenderContext({ locale: 'pl', imageBase: 'https://cdn.test/img', feeds, hrefs: { player: (p) => `/pl/zawodnicy/${p.id}`, table: (s) => `/pl/tabele/${s.id}` }, ...options }, page);
  const html = renderToStaticMarkup(<ComponentView component={component} ctx={ctx} />);
  const doc = new DOMParser().parseFromString(`<main>${html}</main>`, 'text/html');
  return { html, text: words(doc.body), doc };
}

const words = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
/** The facts under the score, `term: value`. */
const facts = (card: Element) => [...card.querySelectorAll('.u-facts > div')].map((d) => `${words(d.querySelector('dt'))}: ${words(d.querySelector('dd'))}`);
/** A table row's cells, one by one. */
const cells = (row: Element | null) => [...(row?.children ?? [])].map(words).join(' ');
const shown = (el: Element | null | undefined) => !!el && !el.closest('[hidden]');
const headings = (doc: Document) => [...doc.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => `${h.tagName.toLowerCase()} ${words(h)}`);

/** A played match: two goals (one an own goal), cards, a substitution, stoppage time, half time and full time. */
function playedIncidents() {
  incidentId = 0;
  return [
    incident('kick_off', 1, 0, null),
    incident('goal', 1, 12, '11', '201', '202'),
    incident('yellow_card', 1, 30, '12', '301'),
    incident('own_goal', 1, 45, '12', '302', undefined, 2),
    incident('half_time', 1, 45, null),
    incident('second_half_started', 2, 45, null),
    incident('substitution', 2, 60, '11', '202', '203'),
    incident('second_yellow_card', 2, 77, '12', '301'),
    incident('penalty', 2, 88, '12', '302'),
    incident('match_ended', 2, 90, null, undefined, undefined, 4),
  ];
}

const lineups = () => [
  lineup('1', '11', '201', 9, true, 10, true),
  lineup('2', '11', '202', 8, true, 6),
  lineup('3', '11', '203', 14, false),
  lineup('4', '12', '301', 4, true, 3),
  lineup('5', '12', '302', 1, true, 1),
];

describe('the match centre', () => {
  it('shows a finished match: score, state, competition and round, facts, timeline by side, counts, line-ups, broadcaster and comments', () => {
    const { doc, html } = draw(matchRecord('finished', [2, 1], { home_half_time_score: 2, away_half_time_score: 0, attendance: 25123, home_formation: '4-3-3' }), playedIncidents(), lineups());
    const card = doc.querySelector<HTMLElement>('[data-match-centre]')!;
    // The hooks of live scores.
    expect(card.dataset.matchId).toBe('9');
    expect(card.dataset.roundId).toBe('7');
    expect(card.dataset.status).toBe('finished');
    expect(card.dataset.live).toBeUndefined();
    expect(card.querySelector('[data-score-box]')!.getAttribute('aria-label')).toBe('Wynik: 2:1');
    expect(words(card.querySelector('[data-status-text="full"]'))).toBe('Koniec meczu');
    expect(shown(card.querySelector('[data-match-minute]'))).toBe(false);
    expect(shown(card.querySelector('[data-score-note]'))).toBe(false);
    expect(words(card.querySelector('[data-half-time]'))).toBe('Do przerwy: 2:0');
    // Clubs linked to their pages, the crest decorative beside the name.
    expect(html).toContain('<a href="/clubs/leg"><span class="u-side-name">Legia Warszawa</span></a>');
    expect(html).toMatch(/<img class="u-crest" src="https:\/\/cdn\.test\/img\/fit-in\/80x80\/[^"]*crests\/legia\.png"[^>]*alt=""/);
    // Competition (linked to its table) and round; venue, referee, attendance.
    expect(words(card.querySelector('.u-match-competition'))).toBe('Ekstraklasa 2026/27 · 7. kolejka');
    expect(card.querySelector('.u-match-competition a')!.getAttribute('href')).toBe('/pl/tabele/1');
    expect(facts(card)).toEqual([
      'Początek: sobota, 28 listopada 2026, 15:00',
      'Stadion: Stadion Wojska Polskiego, Warszawa',
      'Sędzia: Szymon Marciniak',
      `Widzów: ${new Intl.NumberFormat('pl-PL').format(25123).replace(/\s/g, ' ')}`,
    ]);

    // The timeline in order, each event on its side; an own goal counts for the other side.
    const items = [...card.querySelectorAll<HTMLElement>('[data-timeline-list] > li')];
    expect(items.map((li) => [li.dataset.incident, li.dataset.side ?? '-', words(li)])).toEqual([
      ['kick_off', '-', '0′ Początek meczu'],
      ['goal', 'home', '12′ Gol 1:0 Legia Jan Kowal (asysta: Adam Nowak)'],
      ['yellow_card', 'away', '30′ Żółta kartka Lech Tomasz Zieliński'],
      ['own_goal', 'home', '45+2′ Gol samobójczy 2:0 Legia Lisek'],
      ['half_time', '-', '45′ Przerwa'],
      ['second_half_started', '-', '45′ Początek drugiej połowy'],
      ['substitution', 'home', '60′ Zmiana Legia wchodzi Piotr Wiśniewski schodzi Adam Nowak'],
      ['second_yellow_card', 'away', '77′ Druga żółta kartka Lech Tomasz Zieliński'],
      ['penalty', 'away', '88′ Gol z rzutu karnego 2:1 Lech Lisek'],
      ['match_ended', '-', '90+4′ Koniec meczu'],
    ]);
    expect(shown(card.querySelector('[data-timeline-empty]'))).toBe(false);
    // Players linked to their pages, marked for the browser to name them again.
    expect(html).toContain('<a href="/pl/zawodnicy/201" data-player-id="201">Jan Kowal</a>');

    // Counts per side from the sheet, in a table with headers.
    const stats = card.querySelector('[data-match-stats]')!;
    expect(shown(stats)).toBe(true);
    expect([...stats.querySelectorAll('thead th')].map(words)).toEqual(['Legia Warszawa', 'Statystyka', 'Lech Poznań']);
    expect([...stats.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => `${c.tagName.toLowerCase()}:${words(c)}`))).toEqual([
      ['td:2', 'th:Bramki', 'td:1'],
      ['td:0', 'th:Żółte kartki', 'td:2'],
      ['td:0', 'th:Czerwone kartki', 'td:1'],
      ['td:1', 'th:Zmiany', 'td:0'],
    ]);
    expect(stats.querySelector('tbody th')!.getAttribute('scope')).toBe('row');
    expect(words(stats.querySelector('caption'))).toBe('Statystyki meczu: Legia Warszawa – Lech Poznań');

    // Line-ups: starting eleven in formation order, the bench, shirt numbers, captain, formation.
    const home = card.querySelector('.u-lineups section[data-side="home"]')!;
    expect(words(home.querySelector('h4'))).toBe('Legia Warszawa');
    expect(words(home.querySelector('.u-meta'))).toBe('Ustawienie: 4-3-3');
    expect([...home.querySelectorAll('ol.u-lineup li')].map(words)).toEqual(['Numer 8 Adam Nowak', 'Numer 9 Jan Kowal (kapitan)']);
    expect([...home.querySelectorAll('ul.u-lineup li')].map(words)).toEqual(['Numer 14 Piotr Wiśniewski']);
    const away = card.querySelector('.u-lineups section[data-side="away"]')!;
    expect([...away.querySelectorAll('ol.u-lineup li')].map(words)).toEqual(['Numer 1 Lisek GK', 'Numer 4 Tomasz Zieliński']);
    expect(away.querySelector('h5 + ul')).toBeNull();

    // The broadcaster, its logo decorative beside its name.
    expect(words(card.querySelector('.u-broadcast li'))).toBe('Canal+ Sport Telewizja');
    expect(card.querySelector('.u-broadcast img')!.getAttribute('alt')).toBe('');
    expect(html).toContain('<a href="https://canalplus.example" rel="noopener">Canal+ Sport</a>');

    // Comments newest first, as text (never HTML), the author's name or "Kibic".
    const list = card.querySelector('[data-hydrate="comments"]')!;
    expect(list.getAttribute('data-comments-match')).toBe('9');
    expect([...list.querySelectorAll('li')].map((li) => li.getAttribute('data-comment-id'))).toEqual(['72', '71']);
    expect(words(list.querySelector('li .u-comment-author'))).toBe('Kibic');
    expect(html).toContain('&lt;b&gt;nie HTML&lt;/b&gt;');
    // The predictor's place, filled by the browser or left hidden.
    expect(card.querySelector('[data-hydrate="match-predictor"]')!.getAttribute('data-predict-match')).toBe('9');
    expect(card.querySelector('[data-hydrate="match-predictor"]')!.hasAttribute('hidden')).toBe(true);

    // Headings in order under the page's h1: the match, its sections, the sides, the parts of a line-up.
    expect(headings(doc)).toEqual([
      'h2 Legia Warszawa – Lech Poznań',
      'h3 Transmisja',
      'h3 Przebieg meczu',
      'h3 Statystyki meczu',
      'h3 Składy',
      'h4 Legia Warszawa',
      'h5 Wyjściowa jedenastka',
      'h5 Rezerwowi',
      'h4 Lech Poznań',
      'h5 Wyjściowa jedenastka',
      'h3 Komentarze kibiców',
    ]);
  });

  it('shows a live match with its state, the minute of its latest event, the timeline so far, in English too', () => {
    const incidents = playedIncidents().slice(0, 7);
    const { doc } = draw(matchRecord('second_half', [2, 0], { home_half_time_score: 2, away_half_time_score: 0 }), incidents, [], { locale: 'en' });
    const card = doc.querySelector<HTMLElement>('[data-match-centre]')!;
    expect(card.dataset.live).toBe('true');
    expect(words(card.querySelector('[data-status-text="full"]'))).toBe('Live Second half');
    expect(words(card.querySelector('[data-match-minute]'))).toBe('latest event: 60′');
    expect(shown(card.querySelector('[data-match-minute]'))).toBe(true);
    expect(card.querySelector('[data-score-box]')!.getAttribute('aria-label')).toBe('Score: 2:0');
    expect(words(card.querySelector('[data-half-time]'))).toBe('Half time: 2:0');
    expect(words(card.querySelector('[data-timeline-list] li[data-incident="substitution"]'))).toBe('60′ Substitution Legia on Piotr Wiśniewski off Adam Nowak');
    expect(words(card.querySelector('[data-timeline-list] li[data-incident="own_goal"]'))).toBe('45+2′ Own goal 2:0 Legia Lisek');
    expect(words(card.querySelector('.u-match-competition'))).toBe('Ekstraklasa 2026/27 · Round 7');
    expect(cells(card.querySelector('[data-match-stats] tbody tr'))).toBe('2 Goals 0');
  });

  it('shows a match to come with its kick-off time and an empty timeline and counts ready for the live channel', () => {
    const { doc } = draw(matchRecord('not_started', [null, null]));
    const card = doc.querySelector<HTMLElement>('[data-match-centre]')!;
    expect(words(card.querySelector('[data-score-box]'))).toBe('15:00');
    expect(card.querySelector('[data-score-box]')!.classList.contains('u-score--time')).toBe(true);
    expect(words(card.querySelector('[data-status-text="full"]'))).toBe('Przed meczem');
    expect(shown(card.querySelector('[data-timeline-empty]'))).toBe(true);
    expect(card.querySelector('[data-timeline-list]')!.children).toHaveLength(0);
    expect(card.querySelector('[data-match-stats]')!.hasAttribute('hidden')).toBe(true);
    expect(shown(card.querySelector('[data-half-time]'))).toBe(false);
    // Nothing hidden is announced as a heading of the page.
    expect(headings(doc).filter((h) => h.startsWith('h3'))).toContain('h3 Przebieg meczu');
  });

  it('shows a postponed match as postponed: no score, no time, the original date named as such', () => {
    const { doc } = draw(matchRecord('postponed', [null, null]));
    const card = doc.querySelector<HTMLElement>('[data-match-centre]')!;
    expect(card.dataset.status).toBe('postponed');
    expect(card.querySelector('[data-score]')).toBeNull();
    expect(words(card.querySelector('[data-score-box]'))).toBe('–');
    expect(card.querySelector('[data-score-box] [aria-hidden="true"]')).not.toBeNull();
    expect(words(card.querySelector('[data-status-text="full"]'))).toBe('Przełożony');
    expect(facts(card)[0]).toBe('Pierwotny termin: sobota, 28 listopada 2026, 15:00 Nowy termin nie jest jeszcze znany.');
    expect(words(card.querySelector('.u-scoreboard'))).not.toContain('15:00');
    // No timeline or counts for a match not played.
    expect(card.querySelector('.u-timeline')).toBeNull();
    expect(card.querySelector('[data-match-stats]')).toBeNull();
  });

  it('shows a cancelled match as cancelled, without a score', () => {
    const { doc } = draw(matchRecord('cancelled', [0, 0]));
    const card = doc.querySelector<HTMLElement>('[data-match-centre]')!;
    expect(card.querySelector('[data-score]')).toBeNull();
    expect(words(card.querySelector('[data-status-text="full"]'))).toBe('Odwołany');
    expect(words(card.querySelector('.u-facts'))).toContain('Pierwotny termin');
  });

  it('shows an abandoned match’s score as the score when it was abandoned, never as a final one', () => {
    const incidents = playedIncidents().slice(0, 4);
    const { doc } = draw(matchRecord('abandoned', [2, 0]), incidents);
    const card = doc.querySelector<HTMLElement>('[data-match-centre]')!;
    expect(card.dataset.live).toBeUndefined();
    expect(card.querySelector('[data-score-box]')!.getAttribute('aria-label')).toBe('Wynik w chwili przerwania meczu: 2:0');
    expect(words(card.querySelector('[data-status-text="full"]'))).toBe('Przerwany');
    expect(shown(card.querySelector('[data-score-note]'))).toBe(true);
    expect(words(card.querySelector('[data-score-note]'))).toBe('Wynik w chwili przerwania meczu');
    expect(card.textContent).not.toContain('Koniec meczu');
    expect(shown(card.querySelector('[data-match-minute]'))).toBe(false);
    // What happened until then stays on the sheet.
    expect(card.querySelectorAll('[data-timeline-list] li')).toHaveLength(4);
  });

  it('shows the penalty shoot-out apart from the score', () => {
    incidentId = 100;
    const incidents = [incident('goal', 1, 10, '11', '201'), incident('goal', 2, 80, '12', '301'), incident('penalty', 5, 120, '11', '201'), incident('missed_penalty', 5, 120, '12', '301'), incident('penalty', 5, 120, '11', '202')];
    const { doc } = draw(matchRecord('finished', [1, 1]), incidents);
    const card = doc.querySelector<HTMLElement>('[data-match-centre]')!;
    expect(words(card.querySelector('[data-shootout]'))).toBe('Rzuty karne: 2:0');
    expect(card.querySelector('[data-score-box]')!.getAttribute('aria-label')).toBe('Wynik: 1:1');
    const kicks = [...card.querySelectorAll('[data-timeline-list] li')].slice(2).map(words);
    expect(kicks).toEqual(['Rzut karny w serii: trafiony Legia Jan Kowal', 'Rzut karny w serii: nietrafiony Lech Tomasz Zieliński', 'Rzut karny w serii: trafiony Legia Adam Nowak']);
    expect(cells(card.querySelector('[data-match-stats] tbody tr'))).toBe('1 Bramki 1');
  });

  it('draws from the page alone (the builder’s preview): no broadcaster or comments it was not given, names without links', () => {
    const { doc, html } = draw(matchRecord('finished', [2, 1]), playedIncidents(), lineups(), { fed: false, hrefs: {} });
    expect(doc.querySelector('.u-broadcast')).toBeNull();
    expect(doc.querySelector('[data-hydrate="comments"]')).toBeNull();
    expect(doc.querySelector('.u-match-competition')).toBeNull();
    expect(html).toContain('<span data-player-id="201">Jan Kowal</span>');
    // Without the venue record there is no venue to name.
    expect(doc.body.textContent).not.toContain('Stadion');
  });

  it('shows the match’s own broadcasts as the events component’s cards, for the website’s player to hydrate, and only this match’s', () => {
    const event = (id: string, attributes: Record<string, unknown>, match = '9'): ResourceObject => ({
      type: 'ott_events',
      id,
      attributes: { starts_at: '2026-11-28T13:30:00Z', locale: 'pl', ...attributes },
      relationships: { match: ref('matches', match), image: ref('images', '60') },
    });
    const events: JsonApiDocument = {
      data: [
        event('31', { title: 'Legia – Lech na żywo', status: 'live', access: 'free', description: 'Ze studiem przedmeczowym.' }),
        event('32', { title: 'Legia – Lech: cały mecz', status: 'pending', access: 'pay_per_view' }),
        // Another match's event (a list read before a link changed): not this match centre's.
        event('33', { title: 'Inny mecz', status: 'live', access: 'free' }, '10'),
      ],
      included: [{ type: 'images', id: '60', attributes: { path: 'ott/studio.jpg', width: 1280, height: 720 } }],
    };
    const page: JsonApiDocument = { data: { type: 'pages', id: '1', attributes: { title: 'Mecz' } }, included: [component, matchRecord('first_half', [0, 0]), ...sides] };
    const drawIn = (locale: 'pl' | 'en') => {
      const ctx = createRenderContext({ locale, imageBase: 'https://cdn.test/img', feeds: { c1: fedMatch(matchRecord('first_half', [0, 0])), 'c1:events': events, 'c1:comments': comments } }, page);
      return new DOMParser().parseFromString(`<main>${renderToStaticMarkup(<ComponentView component={component} ctx={ctx} />)}</main>`, 'text/html');
    };
    const doc = drawIn('pl');
    const section = doc.querySelector('.u-match-events')!;
    // The hooks of the site's player (ott-playback.ts): the card's type, id, status and access.
    const cards = [...section.querySelectorAll<HTMLElement>('[data-ott-type="ott_events"][data-ott-id]')];
    expect(cards.map((c) => [c.dataset.ottId, c.dataset.status, c.dataset.access, c.dataset.live])).toEqual([
      ['31', 'live', 'free', 'true'],
      ['32', 'pending', 'pay_per_view', undefined],
    ]);
    expect(doc.querySelectorAll('[data-ott-type]')).toHaveLength(2);
    expect(cards.map((c) => words(c.querySelector('.u-kicker')))).toEqual(['Na żywo · Bezpłatnie', 'Wkrótce · Płatny dostęp']);
    expect(words(cards[0].querySelector('.u-card-lead'))).toBe('Ze studiem przedmeczowym.');
    expect(cards[0].querySelector('time')!.getAttribute('datetime')).toBe('2026-11-28T13:30:00Z');
    expect(cards[0].querySelector('img')!.getAttribute('src')).toContain('ott/studio.jpg');
    // Nothing of a video is drawn: the player asks the playback when a fan presses Watch.
    expect(section.querySelector('video, a[href*="/ott/hls/"]')).toBeNull();
    // Its section before the other broadcasters, each event a heading under it.
    expect(headings(doc).slice(0, 5)).toEqual(['h2 Legia Warszawa – Lech Poznań', 'h3 Obejrzyj mecz', 'h4 Legia – Lech na żywo', 'h4 Legia – Lech: cały mecz', 'h3 Transmisja']);
    // In English: the section's and the cards' words (the events' own titles as the API gave them).
    const en = drawIn('en');
    expect(words(en.querySelector('.u-match-events h3'))).toBe('Watch the match');
    expect([...en.querySelectorAll('.u-match-events .u-kicker')].map(words)).toEqual(['Live · Free', 'Coming up · Pay-per-view']);
    expect(en.querySelector('.u-match-events [data-ott-id="31"]')!.getAttribute('lang')).toBe('pl');
  });

  it('shows no broadcasts section when the match has no events, or in the builder’s preview', () => {
    expect(draw(matchRecord('finished', [2, 1])).doc.querySelector('.u-match-events')).toBeNull();
    expect(draw(matchRecord('finished', [2, 1]), [], [], { fed: false }).doc.querySelector('.u-match-events')).toBeNull();
  });

  it('says there are no comments yet when the site fetched none', () => {
    const page: JsonApiDocument = { data: { type: 'pages', id: '1' }, included: [component, matchRecord('not_started', [null, null]), ...sides] };
    const ctx = createRenderContext({ locale: 'en', feeds: { 'c1:comments': { data: [] } } }, page);
    const html = renderToStaticMarkup(<ComponentView component={component} ctx={ctx} />);
    expect(html).toContain('<h3>Fans’ comments</h3><p class="u-empty">No comments yet.</p>');
  });
});

describe('the match sheet', () => {
  it('counts only what counts: goals in halves 1–4, cards and substitutions per side; the minute only while a half is played', () => {
    const lines = sheetLines(playedIncidents());
    expect(sheetCounts(lines).counts).toEqual({ goals: [2, 1], yellow_cards: [0, 2], red_cards: [0, 1], substitutions: [1, 0] });
    expect(latestMinute(lines, 'finished')).toBe('');
    expect(latestMinute(lines.slice(0, 3), 'first_half')).toBe('30′');
    expect(latestMinute(lines.slice(0, 5), 'half_time')).toBe('');
    // Sides from the squad when the incident does not say.
    const bare = playedIncidents().map((i) => ({ ...i, attributes: { ...i.attributes, home_squad: undefined } }));
    expect(sheetLines(bare, '11').map((l) => l.side)).toEqual(lines.map((l) => l.side));
    expect(sheetLines([{ id: 'x', attributes: { incident_type: 'component' } }, { id: 'y', attributes: null as never }])).toEqual([]);
  });
});
