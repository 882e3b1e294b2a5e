// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResourceObject } from '@umpire/render';
import { createApi } from './api';
import { readConfig } from './config';
import { createScoreboard, MATCH_CHANNEL, planSubscriptions, ROUND_CHANNEL, startLiveScores, type ConsumerLike } from './live-scores';
import { createMatchCentre } from './match-centre';
import { component, fakeApi, football, match, ref, renderPage, settle, words } from './test/page';

/**
 * A match centre kept current from the public channel: its timeline, counts, minute, half-time
 * score and the note of an abandoned match, drawn as the server draws them.
 */
const players: ResourceObject[] = [
  { type: 'players', id: '201', attributes: { first_name: 'Jan', last_name: 'Kowal' } },
  { type: 'players', id: '202', attributes: { first_name: 'Adam', last_name: 'Nowak' } },
  { type: 'players', id: '301', attributes: { first_name: 'Tomasz', last_name: 'Zieliński' } },
];
const lineups: ResourceObject[] = [
  { type: 'lineups', id: '1', attributes: { is_starting: true, shirt_number: 9 }, relationships: { match: ref('matches', '101'), squad: ref('squads', '11'), player: ref('players', '201') } },
  { type: 'lineups', id: '2', attributes: { is_starting: true, shirt_number: 8 }, relationships: { match: ref('matches', '101'), squad: ref('squads', '11'), player: ref('players', '202') } },
  { type: 'lineups', id: '3', attributes: { is_starting: true, shirt_number: 4 }, relationships: { match: ref('matches', '101'), squad: ref('squads', '12'), player: ref('players', '301') } },
];

function incident(id: string, type: string, half: number, minute: number, squad: '11' | '12' | null, player?: string, related?: string) {
  return {
    type: 'incidents',
    id,
    attributes: { incident_type: type, occurrence_half: half, occurrence_minute: minute, stoppage_minute: null, home_squad: squad === null ? null : squad === '11', sort_key: half * 100 + minute },
    relationships: {
      match: ref('matches', '101'),
      squad: { data: squad ? { type: 'squads', id: squad } : null },
      player: { data: player ? { type: 'players', id: player } : null },
      related_player: { data: related ? { type: 'players', id: related } : null },
    },
  };
}

const kickOff = incident('1', 'kick_off', 1, 0, null);
const goal = incident('2', 'goal', 1, 12, '11', '201', '202');
const live = (status: string, home: number, away: number, extra: Record<string, unknown> = {}) => {
  const m = match('101', '7', status, home, away);
  return { ...m, attributes: { ...m.attributes, ...extra } };
};

/** A page with the match centre of match 101 (first half, 1:0), its goal and line-ups drawn by the server. */
function centrePage(locale: 'pl' | 'en' = 'pl') {
  const included = football.map((r) => (r.type === 'matches' && r.id === '101' ? live('first_half', 1, 0) : r));
  renderPage({
    locale,
    components: [component('c1', 'match', { match: ref('matches', '101') })],
    included: [...included, ...players, ...lineups, kickOff, goal],
    hrefs: { player: (p) => `/${locale}/zawodnicy/${p.id}` },
  });
  return document.querySelector<HTMLElement>('[data-match-centre]')!;
}

const items = (card: HTMLElement) => [...card.querySelectorAll<HTMLElement>('[data-timeline-list] > li')];
const lineWords = (card: HTMLElement) => items(card).map((li) => `${li.dataset.side ?? '-'} ${words(li)}`);
const count = (card: HTMLElement, stat: string) => [...card.querySelectorAll(`[data-stat="${stat}"] td`)].map(words).join(':');

describe('a match centre on the live channel', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('takes the snapshot without redrawing what the server drew, then adds, changes and removes incidents in order', async () => {
    const card = centrePage();
    const api = fakeApi({});
    const centre = createMatchCentre(card, 'pl', createApi(readConfig(), api.fetch));
    const drawn = items(card);
    expect(lineWords(card)).toEqual(['- 0′ Początek meczu', 'home 12′ Gol 1:0 Legia Warszawa Jan Kowal (asysta: Adam Nowak)']);
    // An incident before the first snapshot is in it: nothing to do yet.
    centre.receive({ action: 'created', incident: incident('3', 'yellow_card', 1, 20, '12', '301'), id: '3', match_id: '101' });
    expect(items(card)).toHaveLength(2);

    centre.receive({ action: 'snapshot', match: live('first_half', 1, 0), incidents: [goal, kickOff] });
    // The same nodes: the browser draws a line exactly as the server did.
    expect(items(card)).toEqual(drawn);
    expect(items(card).every((li, i) => li === drawn[i])).toBe(true);
    expect(words(card.querySelector('[data-match-minute]'))).toBe('ostatnie zdarzenie: 12′');

    // A card for the away side, its player named with the link the line-ups hold.
    centre.receive({ action: 'created', incident: incident('3', 'yellow_card', 1, 20, '12', '301'), id: '3', match_id: '101' });
    expect(lineWords(card)[2]).toBe('away 20′ Żółta kartka Lech Poznań Tomasz Zieliński');
    expect(items(card)[2].querySelector('a')!.getAttribute('href')).toBe('/pl/zawodnicy/301');
    expect(items(card).slice(0, 2).every((li, i) => li === drawn[i])).toBe(true);
    expect(count(card, 'yellow_cards')).toBe('0:1');
    expect(words(card.querySelector('[data-match-minute]'))).toBe('ostatnie zdarzenie: 20′');

    // One entered late, earlier in the match, goes to its place; the score after each goal follows.
    centre.receive({ action: 'created', incident: incident('4', 'goal', 1, 5, '12', '301'), id: '4', match_id: '101' });
    expect(lineWords(card).map((l) => l.split(' ').slice(0, 4).join(' '))).toEqual(['- 0′ Początek meczu', 'away 5′ Gol 0:1', 'home 12′ Gol 1:1', 'away 20′ Żółta kartka']);
    expect(count(card, 'goals')).toBe('1:1');
    expect(words(card.querySelector('[data-match-minute]'))).toBe('ostatnie zdarzenie: 20′');

    // Corrected (another minute), then deleted.
    centre.receive({ action: 'updated', incident: incident('4', 'goal', 1, 25, '12', '301'), id: '4', match_id: '101' });
    expect(lineWords(card)[3]).toMatch(/^away 25′ Gol 1:1 /);
    centre.receive({ action: 'deleted', incident: { type: 'incidents', id: '4' }, id: '4', match_id: '101' });
    expect(lineWords(card)).toHaveLength(3);
    expect(count(card, 'goals')).toBe('1:0');
    // Another match's incident (a round's channel carries them) changes nothing.
    centre.receive({ action: 'created', incident: { ...incident('9', 'goal', 1, 30, '11', '201') }, id: '9', match_id: '102' });
    expect(lineWords(card)).toHaveLength(3);
    expect(api.calls).toHaveLength(0);
  });

  it('names a player the page does not show from the delivery API, once', async () => {
    const card = centrePage('en');
    const api = fakeApi({
      'GET /players': (call) => [200, { data: call.url.searchParams.get('filter[id]') === '401' ? [{ type: 'players', id: '401', attributes: { first_name: 'Ola', last_name: 'Nowa', nickname: null } }] : [] }],
    });
    const centre = createMatchCentre(card, 'en', createApi(readConfig(), api.fetch));
    centre.receive({ action: 'snapshot', match: live('second_half', 1, 0), incidents: [kickOff, goal] });
    centre.receive({ action: 'created', incident: incident('5', 'substitution', 2, 60, '11', '202', '401'), id: '5', match_id: '101' });
    expect(lineWords(card)[2]).toBe('home 60′ Substitution Legia Warszawa off Adam Nowak');
    await settle();
    expect(lineWords(card)[2]).toBe('home 60′ Substitution Legia Warszawa on Ola Nowa off Adam Nowak');
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0].url.searchParams.get('fields[players]')).toBe('first_name,last_name,nickname');
    centre.receive({ action: 'updated', incident: incident('5', 'substitution', 2, 61, '11', '202', '401'), id: '5', match_id: '101' });
    await settle();
    expect(api.calls).toHaveLength(1);
    expect(words(card.querySelector('[data-match-minute]'))).toBe('latest event: 61′');
    expect(count(card, 'substitutions')).toBe('1:0');
  });

  it('follows the match’s state: no minute at half time, its half-time score, and an abandoned match’s score said as such', () => {
    const card = centrePage();
    const board = createScoreboard(document, 'pl', () => undefined);
    const centre = createMatchCentre(card, 'pl');
    const both = (message: unknown) => {
      board.receive(message);
      centre.receive(message);
    };
    both({ action: 'snapshot', match: live('first_half', 1, 0), incidents: [kickOff, goal] });
    expect(card.querySelector<HTMLElement>('[data-half-time]')!.hidden).toBe(true);
    both({ action: 'updated', match: live('half_time', 1, 0, { home_half_time_score: 1, away_half_time_score: 0 }), match_id: '101' });
    expect(card.querySelector<HTMLElement>('[data-match-minute]')!.hidden).toBe(true);
    expect(words(card.querySelector('[data-half-time]'))).toBe('Do przerwy: 1:0');
    expect(card.querySelector<HTMLElement>('[data-half-time]')!.hidden).toBe(false);
    expect(words(card.querySelector('[data-status-text="full"]'))).toBe('Na żywo Przerwa');

    both({ action: 'updated', match: live('abandoned', 1, 0, { home_half_time_score: 1, away_half_time_score: 0 }), match_id: '101' });
    expect(card.querySelector('[data-score-box]')!.getAttribute('aria-label')).toBe('Wynik w chwili przerwania meczu: 1:0');
    expect(card.querySelector<HTMLElement>('[data-score-note]')!.hidden).toBe(false);
    expect(words(card.querySelector('[data-status-text="full"]'))).toBe('Przerwany');
    expect(card.dataset.live).toBeUndefined();
  });

  it('shows the first incidents of a match that kicks off while the page is open', () => {
    const included = football.map((r) => (r.type === 'matches' && r.id === '101' ? live('not_started', 0, 0) : r));
    renderPage({ components: [component('c1', 'match', { match: ref('matches', '101') })], included: [...included, ...players, ...lineups] });
    const card = document.querySelector<HTMLElement>('[data-match-centre]')!;
    const centre = createMatchCentre(card, 'pl');
    expect(card.querySelector<HTMLElement>('[data-timeline-empty]')!.hidden).toBe(false);
    expect(card.querySelector<HTMLElement>('[data-match-stats]')!.hidden).toBe(true);
    centre.receive({ action: 'snapshot', match: live('not_started', null as never, null as never), incidents: [] });
    centre.receive({ action: 'updated', match: live('first_half', 1, 0), match_id: '101' });
    centre.receive({ action: 'created', incident: kickOff, id: '1', match_id: '101' });
    centre.receive({ action: 'created', incident: goal, id: '2', match_id: '101' });
    expect(card.querySelector<HTMLElement>('[data-timeline-empty]')!.hidden).toBe(true);
    expect(card.querySelector<HTMLElement>('[data-match-stats]')!.hidden).toBe(false);
    expect(lineWords(card)[1]).toBe('home 12′ Gol 1:0 Legia Warszawa Jan Kowal (asysta: Adam Nowak)');
    expect(count(card, 'goals')).toBe('1:0');
  });
});

describe('live scores with a match centre', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('follows a match centre on its own channel even when its round is followed too, and feeds it the messages', async () => {
    // The centre of match 101 and, below it, its round (101 and 102 under way or to come).
    const round = component('c2', 'round', { round: ref('rounds', '7') });
    // The round list's matches are fed beside the page.
    renderPage({
      components: [component('c1', 'match', { match: ref('matches', '101') }), round],
      included: [...football.map((r) => (r.type === 'matches' && r.id === '101' ? live('first_half', 1, 0) : r)), ...players, ...lineups, kickOff, goal],
      feeds: { c2: { data: football.filter((r) => r.type === 'matches' && ['101', '102'].includes(r.id)), included: football } },
    });
    expect(planSubscriptions(document)).toEqual({ rounds: ['7'], matches: ['101'] });
    const mixins: { params: Record<string, unknown>; mixin: { received(d: unknown): void } }[] = [];
    const consumer: ConsumerLike = { subscriptions: { create: (params, mixin) => mixins.push({ params, mixin }) }, connect: vi.fn(), disconnect: vi.fn() };
    await startLiveScores(readConfig(), document, async () => consumer);
    expect(mixins.map((m) => m.params)).toEqual([
      { channel: ROUND_CHANNEL, round_id: 7 },
      { channel: MATCH_CHANNEL, match_id: 101 },
    ]);
    const centre = document.querySelector<HTMLElement>('[data-match-centre]')!;
    mixins[1].mixin.received({ action: 'snapshot', match: live('first_half', 1, 0), incidents: [kickOff, goal] });
    // The same incident on both channels is one line.
    for (const m of mixins) m.mixin.received({ action: 'created', incident: incident('3', 'red_card', 1, 33, '12', '301'), id: '3', match_id: '101' });
    expect(lineWords(centre)).toHaveLength(3);
    expect(count(centre, 'red_cards')).toBe('0:1');
  });

  it('writes no time for a match postponed meanwhile, and its time again when it is back on (issue 26)', () => {
    const included = football.map((r) => (r.type === 'matches' && r.id === '101' ? live('not_started', null as never, null as never) : r));
    renderPage({ components: [component('c1', 'match', { match: ref('matches', '101') })], included });
    const board = createScoreboard(document, 'pl', () => undefined);
    const box = document.querySelector<HTMLElement>('[data-match-centre] [data-score-box]')!;
    expect(words(box)).toBe('15:00');
    board.receive({ action: 'updated', match: live('postponed', null as never, null as never), match_id: '101' });
    expect(words(box)).toBe('–');
    expect(box.firstElementChild!.getAttribute('aria-hidden')).toBe('true');
    expect(words(document.querySelector('[data-status-text="full"]'))).toBe('Przełożony');
    board.receive({ action: 'updated', match: live('not_started', null as never, null as never, { kickoff_at: '2026-12-05T19:30:00Z' }), match_id: '101' });
    expect(words(box)).toBe('20:30');
  });
});
