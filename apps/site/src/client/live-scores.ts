import { formatsFor, textsFor, type Texts } from '@umpire/render/texts';
import type { ResourceLike } from './api';
import type { SiteConfig } from './config';
import { announce } from './dom';
import { wordsFor, type Words } from './i18n';

/**
 * Live scores: the page's matches (`[data-match-id]`, drawn by @umpire/render) follow the public
 * channels on /cable. A round whose matches the page shows together is one subscription
 * (`Public::RoundChannel`), any other match its own (`Public::MatchChannel`), each once however
 * often the page shows it. Every snapshot and change writes the score and the status in place;
 * a goal and a new state of the match (kick-off, half time, full time) are announced politely in
 * the page's language. Finished matches are not followed. ActionCable reconnects by itself, and
 * each (re)subscription brings a snapshot, so the page catches up after a gap.
 *
 * A match centre (`[data-match-centre]`) is always followed on its match's own channel, whose
 * snapshot holds the match's incidents: match-centre.ts (loaded only then) draws its timeline,
 * counts and minute from the same messages.
 */
export const MATCH_CHANNEL = 'Public::MatchChannel';
export const ROUND_CHANNEL = 'Public::RoundChannel';

const LIVE = new Set(['first_half', 'half_time', 'second_half']);
/** Not played (yet): no score is drawn; postponed and cancelled are set by the league (issue 26), as in the renderers. */
const UNPLAYED = new Set(['not_started', 'postponed', 'cancelled']);
/** Statuses a short status line names: how a match ended, or why it is not played as planned. */
const NAMED = new Set(['finished', 'postponed', 'cancelled', 'abandoned']);

export interface MatchState {
  status: string;
  home: number | null;
  away: number | null;
}

export interface Plan {
  matches: string[];
  rounds: string[];
}

/**
 * What to subscribe to: the unfinished matches of the page, by round when the page shows two or
 * more unfinished matches of one round, else one by one.
 */
export function planSubscriptions(root: ParentNode): Plan {
  const byRound = new Map<string, Set<string>>();
  const single = new Set<string>();
  const centres = new Set<string>();
  for (const el of root.querySelectorAll<HTMLElement>('[data-match-id]')) {
    const id = el.dataset.matchId;
    if (!id || el.dataset.status === 'finished') continue;
    const round = el.dataset.roundId;
    // A match centre's timeline needs the match's own snapshot (a round's holds no incidents).
    if (el.dataset.matchCentre !== undefined) centres.add(id);
    if (round) {
      if (!byRound.has(round)) byRound.set(round, new Set());
      byRound.get(round)!.add(id);
    } else single.add(id);
  }
  const rounds: string[] = [];
  for (const [round, ids] of byRound) {
    if (ids.size >= 2) rounds.push(round);
    else for (const id of ids) single.add(id);
  }
  // A match also listed in a followed round comes with that round.
  const inRounds = new Set(rounds.flatMap((r) => [...byRound.get(r)!]));
  return { rounds, matches: [...new Set([...single].filter((id) => !inRounds.has(id)).concat([...centres]))] };
}

const numberOf = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function stateOf(match: ResourceLike): MatchState {
  const a = match.attributes ?? {};
  return { status: typeof a.status === 'string' ? a.status : '', home: numberOf(a.home_score), away: numberOf(a.away_score) };
}

/** The state a match element shows now (its data-status and the numbers in its score box). */
export function shownState(el: HTMLElement): MatchState {
  const read = (side: string) => {
    const text = el.querySelector(`[data-score="${side}"]`)?.textContent?.trim() ?? '';
    return /^\d+$/.test(text) ? Number(text) : null;
  };
  return { status: el.dataset.status ?? '', home: read('home'), away: read('away') };
}

const sideNames = (el: HTMLElement, texts: Texts): [string, string] => {
  const names = [...el.querySelectorAll('.u-side-name')].map((n) => n.textContent?.trim() ?? '');
  return [names[0] || texts.home_side, names[1] || texts.away_side];
};

export interface Scoreboard {
  /** Writes a match's state into every element of the page that shows it; `announce` says goals and state changes aloud. */
  apply(match: ResourceLike, options: { announce: boolean }): void;
  /** A channel's message (a snapshot, a match or an incident). */
  receive(message: unknown): void;
}

export function createScoreboard(root: ParentNode, locale: SiteConfig['locale'], say: (text: string) => void = (t) => announce(t)): Scoreboard {
  const texts = textsFor(locale);
  const words: Words = wordsFor(locale);
  const formats = formatsFor(locale);

  /**
   * A match not played (yet): its kick-off time where a score would be, none for one postponed or
   * cancelled (a postponed match keeps its old kick-off until it has a new one), as the renderers draw it.
   */
  function writeTime(box: HTMLElement, match: ResourceLike, status: string) {
    const time = status === 'not_started' ? formats.time(match.attributes?.kickoff_at) : '';
    if (!box.querySelector('[data-score]') && (box.textContent ?? '').trim() === (time || '–')) return;
    box.classList.add('u-score--time');
    box.removeAttribute('role');
    box.removeAttribute('aria-label');
    if (time) box.replaceChildren(time);
    else {
      // A dash on screen only: the status line says why there is no time.
      const dash = Object.assign(document.createElement('span'), { textContent: '–' });
      dash.setAttribute('aria-hidden', 'true');
      box.replaceChildren(dash);
    }
  }

  function writeScore(box: HTMLElement, state: MatchState) {
    if (state.home === null || state.away === null) return;
    // A match card's big score (a named group) or a line's score (with "versus" for screen readers).
    const big = box.classList.contains('u-big-score');
    const home = box.querySelector<HTMLElement>('[data-score="home"]');
    const away = box.querySelector<HTMLElement>('[data-score="away"]');
    if (home && away) {
      home.textContent = String(state.home);
      away.textContent = String(state.away);
    } else {
      // The kick-off time gives way to the score, drawn as the renderers draw it.
      box.classList.remove('u-score--time');
      box.replaceChildren();
      const sep = document.createElement('span');
      sep.setAttribute('aria-hidden', 'true');
      sep.textContent = big ? ' : ' : ':';
      const homeEl = Object.assign(document.createElement('span'), { textContent: String(state.home) });
      homeEl.dataset.score = 'home';
      const awayEl = Object.assign(document.createElement('span'), { textContent: String(state.away) });
      awayEl.dataset.score = 'away';
      const versus = Object.assign(document.createElement('span'), { className: 'u-visually-hidden', textContent: ` ${texts.versus} ` });
      box.append(homeEl, sep, ...(big ? [] : [versus]), awayEl);
      if (big) box.setAttribute('role', 'group');
    }
    // An abandoned match's score is the one when it stopped, never a final one.
    if (big) box.setAttribute('aria-label', `${state.status === 'abandoned' ? texts.scoreWhenAbandoned : texts.score}: ${state.home}:${state.away}`);
  }

  function writeStatus(line: HTMLElement, status: string) {
    const live = LIVE.has(status);
    line.replaceChildren();
    if (live) {
      const badge = Object.assign(document.createElement('strong'), { className: 'u-live', textContent: texts.live });
      line.append(badge);
    }
    if (line.dataset.statusText === 'full') line.append(` ${texts.matchStatus[status] ?? ''}`);
    else if (!live && NAMED.has(status)) line.append(texts.matchStatus[status] ?? '');
  }

  function apply(match: ResourceLike, options: { announce: boolean }) {
    const next = stateOf(match);
    const elements = [...root.querySelectorAll<HTMLElement>('[data-match-id]')].filter((el) => el.dataset.matchId === String(match.id));
    if (!elements.length || !next.status) return;
    const before = shownState(elements[0]);
    for (const el of elements) {
      el.dataset.status = next.status;
      if (LIVE.has(next.status)) el.dataset.live = 'true';
      else delete el.dataset.live;
      const scored = !UNPLAYED.has(next.status);
      for (const box of el.querySelectorAll<HTMLElement>('[data-score-box]')) {
        if (scored) writeScore(box, next);
        else writeTime(box, match, next.status);
      }
      for (const line of el.querySelectorAll<HTMLElement>('[data-status-text]')) writeStatus(line, next.status);
    }
    if (!options.announce) return;
    const [home, away] = sideNames(elements[0], texts);
    const score = next.home !== null && next.away !== null ? `${next.home}:${next.away}` : '';
    const goal = next.home !== null && next.away !== null && ((before.home ?? 0) < next.home || (before.away ?? 0) < next.away);
    if (goal) say(words.goal(home, score, away));
    else if (before.status !== next.status && texts.matchStatus[next.status]) say(words.statusChanged(texts.matchStatus[next.status], home, score || '–', away));
  }

  function receive(message: unknown) {
    if (!message || typeof message !== 'object') return;
    const m = message as { action?: unknown; match?: unknown; matches?: unknown };
    const isMatch = (v: unknown): v is ResourceLike => !!v && typeof v === 'object' && (v as ResourceLike).type === 'matches' && !!(v as ResourceLike).id && !!(v as ResourceLike).attributes;
    // A snapshot sets what the page shows (it may be older than a minute: the CDN's copy); it is not news.
    if (m.action === 'snapshot') {
      if (isMatch(m.match)) apply(m.match, { announce: false });
      if (Array.isArray(m.matches)) for (const match of m.matches) if (isMatch(match)) apply(match, { announce: false });
      return;
    }
    if ((m.action === 'updated' || m.action === 'created') && isMatch(m.match)) apply(m.match, { announce: true });
    // Incidents change the score through the match's own update, which follows them.
  }

  return { apply, receive };
}

/** The part of ActionCable's consumer this module uses (a test passes its own). */
export interface ConsumerLike {
  subscriptions: {
    create(params: Record<string, unknown>, mixin: { received(data: unknown): void; connected?(): void; disconnected?(): void; rejected?(): void }): unknown;
  };
  connect(): unknown;
  disconnect(): void;
}

export async function startLiveScores(
  config: SiteConfig,
  root: ParentNode = document,
  connect: (url: string) => Promise<ConsumerLike> = async (url) => (await import('@rails/actioncable')).createConsumer(url) as unknown as ConsumerLike,
): Promise<ConsumerLike | null> {
  const plan = planSubscriptions(root);
  if (!plan.matches.length && !plan.rounds.length) return null;
  const board = createScoreboard(root, config.locale);
  // A match centre's timeline and counts follow the same messages (their script only where there is one).
  const centres = root.querySelector('[data-match-centre]') ? (await import('./match-centre')).matchCentres(config, root) : null;
  const consumer = await connect(config.cable);
  // `<html data-live-scores>`: connected once every subscription is confirmed (tests wait for it), reconnecting after a drop.
  const html = (root instanceof Document ? root : (root as Node).ownerDocument ?? document).documentElement;
  const total = plan.rounds.length + plan.matches.length;
  const confirmed = new Set<string>();
  html.dataset.liveScores = 'connecting';
  const mixin = (key: string) => ({
    received: (data: unknown) => {
      board.receive(data);
      centres?.receive(data);
    },
    connected: () => {
      confirmed.add(key);
      if (confirmed.size === total) html.dataset.liveScores = 'connected';
    },
    disconnected: () => {
      confirmed.delete(key);
      html.dataset.liveScores = 'reconnecting';
    },
    // A match or round the league no longer has: nothing to follow, the page keeps what it shows.
    rejected: () => {
      confirmed.add(key);
      if (confirmed.size === total) html.dataset.liveScores = 'connected';
    },
  });
  for (const id of plan.rounds) consumer.subscriptions.create({ channel: ROUND_CHANNEL, round_id: Number(id) }, mixin(`round:${id}`));
  for (const id of plan.matches) consumer.subscriptions.create({ channel: MATCH_CHANNEL, match_id: Number(id) }, mixin(`match:${id}`));
  // Leaving the page closes the socket (the limit per address counts open ones); a page brought
  // back from the back-forward cache opens it again, and the subscriptions' snapshots catch it up.
  addEventListener('pagehide', () => consumer.disconnect());
  addEventListener('pageshow', (event) => {
    if (event.persisted) consumer.connect();
  });
  return consumer;
}
