import { latestMinute, sheetCounts, sheetLines, SHEET_STATS, type SheetIncident, type SheetLine } from '@umpire/render/match-sheet';
import { textsFor, type SiteLocale, type Texts } from '@umpire/render/texts';
import { attrText, createApi, type Api, type ApiDocument, type ResourceLike } from './api';
import type { SiteConfig } from './config';
import { h } from './dom';

/**
 * A match centre (`[data-match-centre]`, drawn by @umpire/render's match kind) kept current from
 * the public channel, beside the score and status that live-scores.ts writes: the timeline of
 * incidents, the counts per side, the minute of the latest event, the half-time score, the
 * shoot-out and the note of an abandoned match. A `Public::MatchChannel` snapshot brings every
 * incident of the match (on each subscription, so a reconnected page catches up); then each
 * incident created, changed or deleted, on that channel or the round's, changes the sheet, which
 * is drawn again by the renderers' own rules (@umpire/render/match-sheet) and words. Lines that
 * did not change are left as they are (a focused link keeps its focus).
 *
 * Player names come from the page (`[data-player-id]`, the line-ups and the timeline the server
 * drew, with their links); a player the page does not name is read once from the delivery API.
 */
export interface MatchCentre {
  /** A channel's message (a snapshot, a match or an incident). */
  receive(message: unknown): void;
}

const SCORED = new Set(['first_half', 'half_time', 'second_half', 'finished', 'abandoned']);

const isRecord = (v: unknown): v is ResourceLike => !!v && typeof v === 'object' && typeof (v as ResourceLike).type === 'string' && (v as ResourceLike).id !== undefined;
const idOf = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const numberOf = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** What an element and its descendants show: text, tags and attributes (not comments, not attribute order). */
function shape(el: Element): string {
  const tags = [el, ...el.querySelectorAll('*')].map((e) => `${e.tagName}[${[...e.attributes].map((a) => `${a.name}=${a.value}`).sort().join(',')}]`);
  return `${el.textContent}|${tags.join(';')}`;
}

export function createMatchCentre(card: HTMLElement, locale: SiteLocale, api?: Api): MatchCentre {
  const t: Texts = textsFor(locale);
  const id = card.dataset.matchId ?? '';
  const shortNames = { home: card.dataset.homeShort ?? '', away: card.dataset.awayShort ?? '' };
  let status = card.dataset.status ?? '';
  let homeSquad: string | null = null;
  let halfTime: [number | null, number | null] | null = null;
  /** The match's incidents by id, once a snapshot brought them all. */
  let incidents: Map<string, SheetIncident> | null = null;
  /** Names read from the API (players the page does not name), and the ids asked for already. */
  const names = new Map<string, string>();
  const asked = new Set<string>();

  function setMatch(match: ResourceLike) {
    const a = match.attributes ?? {};
    if (typeof a.status === 'string' && a.status) status = a.status;
    const home = match.relationships?.home_squad?.data;
    if (home && !Array.isArray(home)) homeSquad = idOf(home.id);
    if ('home_half_time_score' in a || 'away_half_time_score' in a) halfTime = [numberOf(a.home_half_time_score), numberOf(a.away_half_time_score)];
  }

  /** A player's name as the page shows it (a copy of its link), else as read from the API, else nothing yet. */
  function player(pid: string | null, missing: Set<string>): Node | null {
    if (!pid) return null;
    const shown = /^\d+$/.test(pid) ? card.querySelector(`[data-player-id="${pid}"]`) : null;
    if (shown) return shown.cloneNode(true);
    const name = names.get(pid);
    if (name) return h('span', { 'data-player-id': pid }, name);
    missing.add(pid);
    return null;
  }

  /** One line of the timeline, as the renderer draws it (TimelineLine in match-centre.tsx). */
  function lineElement(line: SheetLine, missing: Set<string>): HTMLLIElement {
    const label = line.shootout ? (t.shootoutKick[line.type] ?? t.incidentTypes[line.type] ?? line.type) : (t.incidentTypes[line.type] ?? line.type);
    const side = line.side ? shortNames[line.side] : '';
    const who = player(line.player, missing);
    const other = player(line.related, missing);
    const people =
      line.type === 'substitution'
        ? [
            other && h('span', { class: 'u-timeline-player' }, ' ', h('span', { class: 'u-sub-on' }, t.subOn), ' ', other),
            who && h('span', { class: 'u-timeline-player' }, ' ', h('span', { class: 'u-sub-off' }, t.subOff), ' ', who),
          ]
        : [who && h('span', { class: 'u-timeline-player' }, ' ', who), other && h('span', { class: 'u-timeline-player' }, ' (', t.assistBy, ': ', other, ')')];
    return h(
      'li',
      { 'data-incident-id': line.id, 'data-incident': line.type, 'data-side': line.side, class: line.state ? 'u-timeline-state' : null },
      h('span', { class: 'u-minute' }, line.minute),
      ' ',
      h('strong', { class: 'u-timeline-type' }, label),
      line.score ? h('span', { class: 'u-timeline-score' }, ` ${line.score[0]}:${line.score[1]}`) : null,
      side ? h('span', { class: 'u-meta' }, ` ${side}`) : null,
      ...people,
      line.description ? h('span', { class: 'u-timeline-note' }, ` ${line.description}`) : null,
    );
  }

  function drawTimeline(lines: SheetLine[], missing: Set<string>) {
    const list = card.querySelector<HTMLElement>('[data-timeline-list]');
    if (!list) return;
    const before = new Map([...list.children].map((li) => [(li as HTMLElement).dataset.incidentId ?? '', li]));
    const next = lines.map((line) => {
      const fresh = lineElement(line, missing);
      const old = before.get(line.id);
      return old && shape(old) === shape(fresh) ? old : fresh;
    });
    next.forEach((el, i) => {
      if (list.children[i] !== el) list.insertBefore(el, list.children[i] ?? null);
    });
    while (list.children.length > next.length) list.lastElementChild!.remove();
    const empty = card.querySelector<HTMLElement>('[data-timeline-empty]');
    if (empty) empty.hidden = lines.length > 0;
  }

  function drawCounts(lines: SheetLine[]) {
    const { counts, any, shootout } = sheetCounts(lines);
    const section = card.querySelector<HTMLElement>('[data-match-stats]');
    if (section) {
      section.hidden = !any;
      for (const stat of SHEET_STATS)
        (['home', 'away'] as const).forEach((side, i) => {
          const cell = section.querySelector(`[data-stat="${stat}"] [data-stat-side="${side}"]`);
          if (cell && cell.textContent !== String(counts[stat][i])) cell.textContent = String(counts[stat][i]);
        });
    }
    write('[data-shootout]', shootout ? `${t.penaltyShootout}: ${shootout[0]}:${shootout[1]}` : '');
  }

  /** Writes a line of the scoreboard, hidden while it has nothing to say. */
  function write(selector: string, text: string) {
    const el = card.querySelector<HTMLElement>(selector);
    if (!el) return;
    if (el.textContent !== text) el.textContent = text;
    el.hidden = !text;
  }

  function draw() {
    if (incidents) {
      const missing = new Set<string>();
      const lines = sheetLines([...incidents.values()], homeSquad);
      drawTimeline(lines, missing);
      drawCounts(lines);
      const minute = latestMinute(lines, status);
      write('[data-match-minute]', minute ? `${t.latestEvent}: ${minute}` : '');
      void name([...missing]);
    } else if (!['first_half', 'second_half'].includes(status)) {
      write('[data-match-minute]', '');
    }
    const ht = halfTime;
    if (ht) write('[data-half-time]', SCORED.has(status) && ht[0] !== null && ht[1] !== null ? `${t.halfTime}: ${ht[0]}:${ht[1]}` : '');
    const note = card.querySelector<HTMLElement>('[data-score-note]');
    if (note) note.hidden = status !== 'abandoned';
  }

  /** Reads the names of players the page does not show, once each, then draws again. */
  async function name(ids: string[]) {
    const wanted = ids.filter((p) => /^\d+$/.test(p) && !asked.has(p));
    if (!api || !wanted.length) return;
    for (const p of wanted) asked.add(p);
    try {
      const doc = await api.get<ApiDocument<ResourceLike[]>>('/players', {
        query: { 'filter[id]': wanted.join(','), 'fields[players]': 'first_name,last_name,nickname', 'page[size]': String(wanted.length) },
      });
      for (const p of Array.isArray(doc.data) ? doc.data : []) {
        const full = [attrText(p, 'first_name'), attrText(p, 'last_name')].filter(Boolean).join(' ');
        const text = attrText(p, 'nickname') || full;
        if (text) names.set(String(p.id), text);
      }
    } catch {
      // Without the names the lines say what happened and to which side.
      return;
    }
    draw();
  }

  function receive(message: unknown) {
    if (!message || typeof message !== 'object') return;
    const m = message as { action?: unknown; match?: unknown; matches?: unknown; incidents?: unknown; incident?: unknown; id?: unknown; match_id?: unknown };
    const ours = (v: unknown): v is ResourceLike => isRecord(v) && v.type === 'matches' && idOf(v.id) === id;
    if (m.action === 'snapshot') {
      const match = ours(m.match) ? m.match : Array.isArray(m.matches) ? m.matches.find(ours) : undefined;
      if (!match) return;
      setMatch(match);
      // A match's snapshot holds all its incidents; a round's holds none, and leaves the sheet as it is.
      if (ours(m.match) && Array.isArray(m.incidents))
        incidents = new Map(m.incidents.filter((i): i is ResourceLike => isRecord(i) && i.type === 'incidents').map((i) => [idOf(i.id), i as SheetIncident]));
      draw();
      return;
    }
    if (ours(m.match)) {
      setMatch(m.match);
      draw();
      return;
    }
    if (isRecord(m.incident) && m.incident.type === 'incidents' && idOf(m.match_id) === id) {
      // Changes before the first snapshot are in it.
      if (!incidents) return;
      const incidentId = idOf(m.id) || idOf(m.incident.id);
      if (m.action === 'deleted') incidents.delete(incidentId);
      else if (m.action === 'created' || m.action === 'updated') {
        if (!m.incident.attributes) return;
        incidents.set(incidentId, m.incident);
      } else return;
      draw();
    }
  }

  return { receive };
}

/** Every match centre of the page, fed the same messages. */
export function matchCentres(config: SiteConfig, root: ParentNode = document, api: Api = createApi(config)): MatchCentre {
  const centres = [...root.querySelectorAll<HTMLElement>('[data-match-centre][data-match-id]')].map((card) => createMatchCentre(card, config.locale, api));
  return { receive: (message) => centres.forEach((c) => c.receive(message)) };
}
