import { HALF_MINUTES, MAX_MINUTE, MAX_STOPPAGE, halfEndingAt, halfOfMinute, minuteFitsHalf } from './incidents';
import type { IncidentType, Side } from './types';

/**
 * The match centre's command line: one line per incident, typed on a match day.
 *
 *   [h|a] <type> [<shirt> | <off>><on>] [<minute>[+<added>]] [a<shirt>] [h<half>]
 *
 *   g 9 23          goal by shirt 9 of the default side at 23'
 *   a g 10 45+2 a7  away goal by 10 at 45+2', assist by 7
 *   p / mp          penalty scored / missed      og 3 30   own goal by #3 (counts for the other side)
 *   y / yy / r      yellow / second yellow / red card
 *   s 9>14 60       substitution: 9 off, 14 on
 *   ko ht 2h ft     kick-off, half-time, second half, full time (3h 4h 5h: extra time halves, shoot-out)
 *
 * The half follows from the minute (0–45 → 1, 46–90 → 2, 91–105 → 3, 106–120 → 4; 45+x → 1,
 * 90+x → 2, ...) unless given. Pure: it knows the rosters it is given and nothing else.
 */

export interface RosterEntry {
  playerId: string;
  shirt: number;
  name: string;
}

export interface ParseContext {
  /** The side used when the line does not start with h or a (toggled with Tab). */
  defaultSide: Side;
  /** Who wears which number on each side (the match's lineup first, then the squad). */
  rosters: Record<Side, readonly RosterEntry[]>;
  /** The half the match is in, for ht and ft typed without a minute. */
  currentHalf?: number;
}

export interface ParsedCommand {
  incident_type: IncidentType;
  /** Null for status incidents (kick-off, half-time, ...). */
  side: Side | null;
  half: number;
  minute: number;
  stoppage: number | null;
  player: RosterEntry | null;
  /** The assist provider of a goal, or the player coming on. */
  related: RosterEntry | null;
}

export interface ParseError {
  /** A translation key (matchCentre.command.errors.*). */
  key: string;
  params?: Record<string, string | number>;
}

export type ParseResult = { ok: true; command: ParsedCommand } | { ok: false; error: ParseError };

const E = {
  empty: 'matchCentre.command.errors.empty',
  unknownType: 'matchCentre.command.errors.unknownType',
  missingPlayer: 'matchCentre.command.errors.missingPlayer',
  substitutionFormat: 'matchCentre.command.errors.substitutionFormat',
  unknownShirt: 'matchCentre.command.errors.unknownShirt',
  missingMinute: 'matchCentre.command.errors.missingMinute',
  minuteOutOfRange: 'matchCentre.command.errors.minuteOutOfRange',
  minuteOutOfHalf: 'matchCentre.command.errors.minuteOutOfHalf',
  stoppageNotAtEnd: 'matchCentre.command.errors.stoppageNotAtEnd',
  stoppageOutOfRange: 'matchCentre.command.errors.stoppageOutOfRange',
  unexpectedToken: 'matchCentre.command.errors.unexpectedToken',
  duplicateToken: 'matchCentre.command.errors.duplicateToken',
  assistNotAllowed: 'matchCentre.command.errors.assistNotAllowed',
  samePlayer: 'matchCentre.command.errors.samePlayer',
} as const;
export const PARSE_ERROR_KEYS = E;

type Kind = 'player' | 'substitution' | 'status';
interface TypeSpec {
  type: IncidentType;
  kind: Kind;
  /** Status incidents: the half they belong to, when fixed. */
  half?: number;
}

/** The rows of the help popover (texts and examples under matchCentre.command.help.rows). */
export const HELP_ROWS = [
  'goal', 'away', 'penalty', 'missedPenalty', 'ownGoal', 'yellow', 'secondYellow', 'red', 'substitution',
  'kickOff', 'halfTime', 'secondHalf', 'extraTime', 'fullTime', 'half', 'side',
] as const;

/** The command words. */
export const COMMANDS: Readonly<Record<string, TypeSpec>> = {
  g: { type: 'goal', kind: 'player' },
  p: { type: 'penalty', kind: 'player' },
  mp: { type: 'missed_penalty', kind: 'player' },
  og: { type: 'own_goal', kind: 'player' },
  y: { type: 'yellow_card', kind: 'player' },
  yy: { type: 'second_yellow_card', kind: 'player' },
  r: { type: 'red_card', kind: 'player' },
  s: { type: 'substitution', kind: 'substitution' },
  ko: { type: 'kick_off', kind: 'status', half: 1 },
  ht: { type: 'half_time', kind: 'status' },
  '2h': { type: 'second_half_started', kind: 'status', half: 2 },
  '3h': { type: 'second_half_started', kind: 'status', half: 3 },
  '4h': { type: 'second_half_started', kind: 'status', half: 4 },
  '5h': { type: 'second_half_started', kind: 'status', half: 5 },
  ft: { type: 'match_ended', kind: 'status' },
};

const SIDE_WORDS: Record<string, Side> = { h: 'home', a: 'away' };
const SHIRT = /^(\d{1,2})$/;
const SUBSTITUTION = /^(\d{1,2})>(\d{1,2})$/;
const MINUTE = /^(\d{1,3})(?:\+(\d{1,2}))?'?$/;
const ASSIST = /^a(\d{1,2})$/;
const HALF = /^h([1-5])$/;

const fail = (key: string, params?: Record<string, string | number>): ParseResult => ({ ok: false, error: params ? { key, params } : { key } });

interface Moment {
  half: number;
  minute: number;
  stoppage: number | null;
}

/** The moment of a minute token with an optional explicit half; an error key when it cannot be. */
function momentOf(minute: number, stoppage: number | null, half: number | null): Moment | ParseResult {
  if (minute > MAX_MINUTE) return fail(E.minuteOutOfRange, { max: MAX_MINUTE });
  if (stoppage !== null && (stoppage < 1 || stoppage > MAX_STOPPAGE)) return fail(E.stoppageOutOfRange, { max: MAX_STOPPAGE });
  if (half !== null) {
    if (!minuteFitsHalf(half, minute)) {
      const [min, max] = HALF_MINUTES[half];
      return fail(E.minuteOutOfHalf, { min, max, half });
    }
    if (stoppage !== null && HALF_MINUTES[half][1] !== minute) return fail(E.stoppageNotAtEnd, { minute: HALF_MINUTES[half][1] });
    return { half, minute, stoppage };
  }
  if (stoppage !== null) {
    const ending = halfEndingAt(minute);
    if (ending === null) return fail(E.stoppageNotAtEnd, { minute: '45, 90, 105, 120' });
    return { half: ending, minute, stoppage };
  }
  return { half: halfOfMinute(minute)!, minute, stoppage: null };
}

const isResult = (v: Moment | ParseResult): v is ParseResult => 'ok' in v;

export function parseCommand(input: string, context: ParseContext): ParseResult {
  const tokens = input.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!tokens.length) return fail(E.empty);

  let side: Side | null = null;
  if (SIDE_WORDS[tokens[0]] && tokens.length > 1) side = SIDE_WORDS[tokens.shift()!]!;

  const word = tokens.shift()!;
  const spec = COMMANDS[word];
  if (!spec) return fail(E.unknownType, { token: word });

  // The player (or players) come right after the type.
  let shirt: number | null = null;
  let onShirt: number | null = null;
  if (spec.kind === 'player') {
    const m = SHIRT.exec(tokens[0] ?? '');
    if (!m) return fail(E.missingPlayer);
    shirt = Number(m[1]);
    tokens.shift();
  } else if (spec.kind === 'substitution') {
    const m = SUBSTITUTION.exec(tokens[0] ?? '');
    if (!m) return fail(E.substitutionFormat);
    [shirt, onShirt] = [Number(m[1]), Number(m[2])];
    tokens.shift();
  }

  // The rest in any order: minute, assist, half.
  let minuteToken: { minute: number; stoppage: number | null } | null = null;
  let assist: number | null = null;
  let half: number | null = null;
  for (const token of tokens) {
    let m: RegExpExecArray | null;
    if ((m = MINUTE.exec(token))) {
      if (minuteToken) return fail(E.duplicateToken, { token });
      const stoppage = m[2] === undefined || Number(m[2]) === 0 ? null : Number(m[2]);
      minuteToken = { minute: Number(m[1]), stoppage };
    } else if ((m = ASSIST.exec(token))) {
      if (assist !== null) return fail(E.duplicateToken, { token });
      assist = Number(m[1]);
    } else if ((m = HALF.exec(token))) {
      if (half !== null) return fail(E.duplicateToken, { token });
      half = Number(m[1]);
    } else {
      return fail(E.unexpectedToken, { token });
    }
  }
  if (assist !== null && spec.type !== 'goal') return fail(E.assistNotAllowed);

  // When it happened.
  let moment: Moment;
  if (spec.kind === 'status') {
    const fixedHalf = spec.half ?? null;
    if (minuteToken) {
      const found = momentOf(minuteToken.minute, minuteToken.stoppage, half ?? fixedHalf);
      if (isResult(found)) return found;
      moment = found;
    } else {
      const h = half ?? fixedHalf ?? defaultStatusHalf(spec.type, context.currentHalf);
      moment = { half: h, minute: spec.type === 'kick_off' ? 0 : statusMinute(spec.type, h), stoppage: null };
    }
  } else if (minuteToken) {
    const found = momentOf(minuteToken.minute, minuteToken.stoppage, half);
    if (isResult(found)) return found;
    moment = found;
  } else if (half === 5) {
    // The shoot-out has no clock.
    moment = { half: 5, minute: HALF_MINUTES[5][0], stoppage: null };
  } else {
    return fail(E.missingMinute);
  }

  if (spec.kind === 'status') {
    return { ok: true, command: { incident_type: spec.type, side: null, half: moment.half, minute: moment.minute, stoppage: moment.stoppage, player: null, related: null } };
  }

  // Who did it.
  const teamSide = side ?? context.defaultSide;
  const roster = context.rosters[teamSide];
  const find = (n: number) => roster.find((r) => r.shirt === n) ?? null;
  const player = find(shirt!);
  if (!player) return fail(E.unknownShirt, { shirt: shirt!, side: teamSide });
  const relatedShirt = spec.kind === 'substitution' ? onShirt : assist;
  let related: RosterEntry | null = null;
  if (relatedShirt !== null) {
    if (relatedShirt === shirt) return fail(E.samePlayer, { shirt: relatedShirt });
    related = find(relatedShirt);
    if (!related) return fail(E.unknownShirt, { shirt: relatedShirt, side: teamSide });
  }
  return {
    ok: true,
    command: { incident_type: spec.type, side: teamSide, half: moment.half, minute: moment.minute, stoppage: moment.stoppage, player, related },
  };
}

/** ht and ft without a minute: the half the match is in (ft at least the second). */
function defaultStatusHalf(type: IncidentType, current = 1): number {
  const half = Math.min(Math.max(current, 1), 4);
  return type === 'match_ended' ? Math.max(half, 2) : half;
}

/** Half-time and full time happen at the last minute of their half; a restart at the first. */
function statusMinute(type: IncidentType, half: number): number {
  const [start, end] = HALF_MINUTES[half] ?? [0, 45];
  return type === 'second_half_started' ? start : end;
}
