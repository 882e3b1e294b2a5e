/**
 * A match's sheet read from its incidents, the same way on the server (the match centre's
 * renderer) and in the browser (the website's live timeline, which gets the incidents from the
 * public channel): their order, which side each belongs to, the score after each goal, the counts
 * per side and the minute of the latest event. Pure functions without React or the DOM, so the
 * browser's bundle takes them (`@umpire/render/match-sheet`).
 *
 * The rules are the server's (apps/server/src/matches/incident-rules.ts): goals, penalties and own
 * goals change the score in halves 1–4, an own goal for the other side; half 5 is the penalty
 * shoot-out, which does not change the score; a substitution's player goes off and its related
 * player comes on; a goal's related player gave the assist.
 */
export interface SheetIncident {
  id: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, { data?: unknown } | undefined>;
}

export type SheetSide = 'home' | 'away';

export interface SheetLine {
  id: string;
  type: string;
  half: number;
  /** `63′`, `45+2′`; nothing in the shoot-out. */
  minute: string;
  /**
   * Whose line it is: a goal the side it counts for (an own goal the opponents'), anything else
   * the side of its squad; none for the state of the match (kick-off, half time, full time).
   */
  side: SheetSide | null;
  /** The player it is about (the scorer, the one booked, the one going off). */
  player: string | null;
  /** The other player named (who gave the assist, who comes on). */
  related: string | null;
  /** The score after a goal that counts. */
  score: [number, number] | null;
  /** A kick of the penalty shoot-out (half 5). */
  shootout: boolean;
  /** A state of the match rather than something a side did. */
  state: boolean;
  description: string;
}

export const STATE_INCIDENTS: ReadonlySet<string> = new Set(['match_started', 'kick_off', 'half_time', 'second_half_started', 'match_ended']);
const SCORING = new Set(['goal', 'penalty', 'own_goal']);
/** The half of the penalty shoot-out. */
export const SHOOTOUT_HALF = 5;

const attrs = (i: SheetIncident) => (i.attributes && typeof i.attributes === 'object' ? i.attributes : {});
const numberOf = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const stringOf = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The id a to-one relationship names, whatever its shape (none when absent or malformed). */
export function relatedId(record: SheetIncident | undefined, name: string): string | null {
  const data = record?.relationships?.[name]?.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const id = (data as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/** In the order of the sheet: the server's sort key, then stoppage time, then as entered. */
export function sortIncidents<T extends SheetIncident>(incidents: readonly T[]): T[] {
  const key = (i: T) => numberOf(attrs(i).sort_key) ?? 0;
  const stoppage = (i: T) => numberOf(attrs(i).stoppage_minute) ?? 0;
  const id = (i: T) => Number(i.id) || 0;
  return [...incidents].sort((a, b) => key(a) - key(b) || stoppage(a) - stoppage(b) || id(a) - id(b));
}

/** `63′`, `45+2′`, or nothing without a minute. */
export function minuteLabel(incident: SheetIncident): string {
  const a = attrs(incident);
  const minute = numberOf(a.occurrence_minute);
  const stoppage = numberOf(a.stoppage_minute);
  if (minute === null) return '';
  return stoppage ? `${minute}+${stoppage}′` : `${minute}′`;
}

/**
 * The lines of a sheet, in order. `homeSquadId` tells the sides apart when an incident does not
 * say (its `home_squad`, derived by the server, is the usual way). Incidents of kind `component`
 * (the league's own notes) are left out, as the timeline never showed them.
 */
export function sheetLines(incidents: readonly SheetIncident[], homeSquadId?: string | null): SheetLine[] {
  let home = 0;
  let away = 0;
  const lines: SheetLine[] = [];
  for (const i of sortIncidents(incidents)) {
    const a = attrs(i);
    const type = stringOf(a.incident_type);
    if (!type || type === 'component') continue;
    const half = numberOf(a.occurrence_half) ?? 1;
    const state = STATE_INCIDENTS.has(type);
    const squad = relatedId(i, 'squad');
    const own: SheetSide | null =
      state ? null : a.home_squad === true ? 'home' : a.home_squad === false ? 'away' : squad && homeSquadId ? (squad === String(homeSquadId) ? 'home' : 'away') : null;
    const shootout = half >= SHOOTOUT_HALF;
    let side = own;
    let score: [number, number] | null = null;
    if (SCORING.has(type) && own) {
      // An own goal counts for the other side.
      side = type === 'own_goal' ? (own === 'home' ? 'away' : 'home') : own;
      if (!shootout) {
        if (side === 'home') home++;
        else away++;
        score = [home, away];
      }
    }
    lines.push({
      id: String(i.id),
      type,
      half,
      minute: shootout ? '' : minuteLabel(i),
      side,
      player: relatedId(i, 'player'),
      related: relatedId(i, 'related_player'),
      score,
      shootout,
      state,
      description: stringOf(a.description),
    });
  }
  return lines;
}

export const SHEET_STATS = ['goals', 'yellow_cards', 'red_cards', 'substitutions'] as const;
export type SheetStat = (typeof SHEET_STATS)[number];

export interface SheetCounts {
  /** Per statistic, home and away, counted from the sheet only. */
  counts: Record<SheetStat, [number, number]>;
  /** Kicks scored in the shoot-out, when there was one. */
  shootout: [number, number] | null;
  /** Whether any line belongs to a side (else there is nothing to count yet). */
  any: boolean;
}

/**
 * What the sheet counts per side: goals (those that count, an own goal for the other side),
 * yellow cards (a second yellow is one), red cards (a second yellow is one too: the player is sent
 * off) and substitutions. Nothing the sheet does not hold.
 */
export function sheetCounts(lines: readonly SheetLine[]): SheetCounts {
  const counts = Object.fromEntries(SHEET_STATS.map((s) => [s, [0, 0]])) as Record<SheetStat, [number, number]>;
  let shootout: [number, number] | null = null;
  let any = false;
  const add = (stat: SheetStat, side: SheetSide) => counts[stat][side === 'home' ? 0 : 1]++;
  for (const l of lines) {
    if (!l.side) continue;
    any = true;
    if (l.shootout) {
      if (l.type === 'penalty' || l.type === 'missed_penalty') {
        shootout ??= [0, 0];
        if (l.type === 'penalty') shootout[l.side === 'home' ? 0 : 1]++;
      }
      continue;
    }
    if (l.score) add('goals', l.side);
    if (l.type === 'yellow_card' || l.type === 'second_yellow_card') add('yellow_cards', l.side);
    if (l.type === 'red_card' || l.type === 'second_yellow_card') add('red_cards', l.side);
    if (l.type === 'substitution') add('substitutions', l.side);
  }
  return { counts, shootout, any };
}

const UNDER_WAY = new Set(['first_half', 'second_half']);

/**
 * The minute of the latest event on the sheet while a half is being played (`63′`), else nothing.
 * The data hold no match clock: this is when something last happened, and is said so.
 */
export function latestMinute(lines: readonly SheetLine[], status: string): string {
  if (!UNDER_WAY.has(status)) return '';
  for (let i = lines.length - 1; i >= 0; i--) if (!lines[i].shootout && lines[i].minute) return lines[i].minute;
  return '';
}
