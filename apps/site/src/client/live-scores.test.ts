// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from './config';
import { createScoreboard, MATCH_CHANNEL, planSubscriptions, ROUND_CHANNEL, startLiveScores, type ConsumerLike } from './live-scores';
import { component, football, match, ref, renderPage, words } from './test/page';

/** A round of two matches (one under way, one to come) and, elsewhere, the card of a match of another round. */
function roundAndCard(locale: 'pl' | 'en' = 'pl', card = match('104', '8', 'not_started', null, null)) {
  const round = component('c1', 'round', { round: ref('rounds', '7') });
  const matchCard = component('c2', 'match', { match: ref('matches', card.id) });
  const included = football.map((r) => (r.type === 'matches' && r.id === card.id ? card : r));
  const feedMatches = included.filter((r) => r.type === 'matches' && ['101', '102'].includes(r.id));
  renderPage({ locale, components: [round, matchCard], included, feeds: { c1: { data: feedMatches, included } } });
}

const line = (id: string) => document.querySelector<HTMLElement>(`.u-match[data-match-id="${id}"]`)!;
const card = (id: string) => document.querySelector<HTMLElement>(`.u-match-card[data-match-id="${id}"]`)!;
const scoreOf = (el: HTMLElement) => [el.querySelector('[data-score="home"]')?.textContent, el.querySelector('[data-score="away"]')?.textContent];

describe('live scores', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('follows a round shown together on one subscription and any other unfinished match on its own, never a finished one', () => {
    roundAndCard();
    expect(planSubscriptions(document)).toEqual({ rounds: ['7'], matches: ['104'] });
    // A single match of a round is followed as a match; a finished one not at all.
    roundAndCard('pl', match('103', '8', 'finished', 2, 2));
    expect(planSubscriptions(document)).toEqual({ rounds: ['7'], matches: [] });
  });

  it('draws no score for a match postponed meanwhile and names its status (issue 26)', () => {
    roundAndCard();
    const board = createScoreboard(document, 'pl', () => undefined);
    board.receive({ action: 'updated', match: match('102', '7', 'postponed', 0, 0), match_id: '102' });
    expect(line('102').dataset.status).toBe('postponed');
    expect(scoreOf(line('102'))).toEqual([undefined, undefined]);
    expect(line('102').querySelector('[data-status-text]')?.textContent).toBe('Przełożony');
  });

  it('writes a new score and status in place and announces the goal in the page’s language', () => {
    roundAndCard();
    const said: string[] = [];
    const board = createScoreboard(document, 'pl', (t) => said.push(t));
    expect(scoreOf(line('101'))).toEqual(['1', '0']);
    board.receive({ action: 'updated', match: match('101', '7', 'first_half', 2, 0), match_id: '101' });
    expect(scoreOf(line('101'))).toEqual(['2', '0']);
    expect(said).toEqual(['Gol! Legia Warszawa 2:0 Lech Poznań']);
    expect(words(line('101').querySelector('[data-status-text]'))).toBe('Na żywo');

    // Full time: the live mark goes, the status says so, and so does the announcer.
    board.receive({ action: 'updated', match: match('101', '7', 'finished', 2, 0), match_id: '101' });
    expect(line('101').dataset.status).toBe('finished');
    expect(line('101').dataset.live).toBeUndefined();
    expect(words(line('101').querySelector('[data-status-text]'))).toBe('Koniec meczu');
    expect(said[1]).toBe('Koniec meczu: Legia Warszawa 2:0 Lech Poznań');
  });

  it('puts the score where the kick-off time was when a match starts, on its line and on its card, in English too', () => {
    roundAndCard('en');
    const said: string[] = [];
    const board = createScoreboard(document, 'en', (t) => said.push(t));
    expect(line('102').querySelector('[data-score-box]')!.classList.contains('u-score--time')).toBe(true);
    board.receive({ action: 'updated', match: match('102', '7', 'first_half', 0, 0) });
    const box = line('102').querySelector<HTMLElement>('[data-score-box]')!;
    expect(box.classList.contains('u-score--time')).toBe(false);
    expect(scoreOf(line('102'))).toEqual(['0', '0']);
    expect(words(box)).toBe('0: versus 0');
    expect(line('102').dataset.live).toBe('true');
    expect(said).toEqual(['First half: Legia Warszawa 0:0 Lech Poznań']);

    board.receive({ action: 'updated', match: match('104', '8', 'second_half', 0, 1) });
    const big = card('104').querySelector<HTMLElement>('[data-score-box]')!;
    expect(scoreOf(card('104'))).toEqual(['0', '1']);
    expect(big.getAttribute('aria-label')).toBe('Score: 0:1');
    expect(big.getAttribute('role')).toBe('group');
    expect(big.classList.contains('u-score--time')).toBe(false);
    expect(words(card('104').querySelector('[data-status-text="full"]'))).toBe('Live Second half');
    expect(said[1]).toBe('Goal! Legia Warszawa 0:1 Lech Poznań');
  });

  it('takes a snapshot (round or match) silently, and ignores incidents and what is not a match', () => {
    roundAndCard();
    const said: string[] = [];
    const board = createScoreboard(document, 'pl', (t) => said.push(t));
    board.receive({ action: 'snapshot', matches: [match('101', '7', 'second_half', 3, 1), match('102', '7', 'first_half', 0, 0)] });
    board.receive({ action: 'snapshot', match: match('104', '8', 'half_time', 1, 1), incidents: [] });
    expect(card('104').querySelector('[data-score-box]')!.getAttribute('aria-label')).toBe('Wynik: 1:1');
    expect(scoreOf(line('101'))).toEqual(['3', '1']);
    expect(scoreOf(line('102'))).toEqual(['0', '0']);
    expect(words(card('104').querySelector('[data-status-text]'))).toBe('Na żywo Przerwa');
    board.receive({ action: 'created', incident: { type: 'incidents', id: '9', attributes: { incident_type: 'goal' } }, match_id: '101' });
    board.receive({ action: 'updated', match: { type: 'matches', id: '101' } });
    board.receive('nonsense');
    board.receive(null);
    expect(scoreOf(line('101'))).toEqual(['3', '1']);
    expect(said).toEqual([]);
  });

  it('subscribes once per round and match on the league’s public channel and routes their messages; says when every subscription is confirmed', async () => {
    roundAndCard();
    const mixins: { params: Record<string, unknown>; mixin: { received(d: unknown): void; connected?(): void; disconnected?(): void } }[] = [];
    const consumer: ConsumerLike = {
      subscriptions: { create: (params, mixin) => mixins.push({ params, mixin }) },
      connect: vi.fn(),
      disconnect: vi.fn(),
    };
    const connect = vi.fn(async () => consumer);
    const config = readConfig();
    expect(config.cable).toBe('http://localhost:3000/cable?client=ekstraklasa-demo');
    await startLiveScores(config, document, connect);
    expect(connect).toHaveBeenCalledWith('http://localhost:3000/cable?client=ekstraklasa-demo');
    expect(mixins.map((m) => m.params)).toEqual([
      { channel: ROUND_CHANNEL, round_id: 7 },
      { channel: MATCH_CHANNEL, match_id: 104 },
    ]);
    expect(document.documentElement.dataset.liveScores).toBe('connecting');
    mixins[0].mixin.connected!();
    expect(document.documentElement.dataset.liveScores).toBe('connecting');
    mixins[1].mixin.connected!();
    expect(document.documentElement.dataset.liveScores).toBe('connected');
    mixins[0].mixin.received({ action: 'updated', match: match('101', '7', 'first_half', 1, 1) });
    expect(scoreOf(line('101'))).toEqual(['1', '1']);
    expect(document.querySelector('[data-announcer]')!.textContent).toBe('Gol! Legia Warszawa 1:1 Lech Poznań');
    // The announcer is a polite status inside the main landmark.
    expect(document.querySelector('[data-announcer]')!.closest('main')).not.toBeNull();
    mixins[1].mixin.disconnected!();
    expect(document.documentElement.dataset.liveScores).toBe('reconnecting');
    dispatchEvent(new Event('pagehide'));
    expect(consumer.disconnect).toHaveBeenCalled();
  });

  it('opens no connection on a page whose matches are all over', async () => {
    renderPage({ components: [component('c2', 'match', { match: ref('matches', '103') })], included: football });
    const connect = vi.fn();
    expect(await startLiveScores(readConfig(), document, connect)).toBeNull();
    expect(connect).not.toHaveBeenCalled();
  });
});
