import { describe, expect, it } from 'vitest';
import { COMMANDS, parseCommand, PARSE_ERROR_KEYS as E, type ParseContext, type ParseResult } from './command-parser';

const roster = (prefix: string, shirts: number[]) => shirts.map((shirt) => ({ playerId: `${prefix}${shirt}`, shirt, name: `${prefix.toUpperCase()} ${shirt}` }));
const context: ParseContext = {
  defaultSide: 'home',
  rosters: { home: roster('h', [1, 3, 4, 5, 7, 9, 10, 14, 23]), away: roster('a', [1, 2, 7, 10, 11, 20]) },
  currentHalf: 1,
};

function ok(input: string, ctx: ParseContext = context) {
  const result = parseCommand(input, ctx);
  if (!result.ok) throw new Error(`${input}: ${JSON.stringify(result.error)}`);
  return result.command;
}

function error(input: string, ctx: ParseContext = context) {
  const result: ParseResult = parseCommand(input, ctx);
  if (result.ok) throw new Error(`${input} should fail, got ${JSON.stringify(result.command)}`);
  return result.error;
}

describe('command parser: incident types', () => {
  it('g 9 23: a goal by home shirt 9 at 23 minutes, first half', () => {
    expect(ok('g 9 23')).toEqual({
      incident_type: 'goal', side: 'home', half: 1, minute: 23, stoppage: null,
      player: { playerId: 'h9', shirt: 9, name: 'H 9' }, related: null,
    });
  });

  it('a g 10 45+2 a7: an away goal in added time of the first half with an assist', () => {
    const c = ok('a g 10 45+2 a7');
    expect(c).toMatchObject({ incident_type: 'goal', side: 'away', half: 1, minute: 45, stoppage: 2 });
    expect(c.player?.playerId).toBe('a10');
    expect(c.related?.playerId).toBe('a7');
  });

  it.each([
    ['y 4 67', 'yellow_card', 2, 67],
    ['r 5 80', 'red_card', 2, 80],
    ['yy 5 80', 'second_yellow_card', 2, 80],
    ['p 9 12', 'penalty', 1, 12],
    ['mp 9 12', 'missed_penalty', 1, 12],
  ] as const)('%s', (input, type, half, minute) => {
    expect(ok(input)).toMatchObject({ incident_type: type, side: 'home', half, minute, stoppage: null, related: null });
  });

  it('og 3 30: an own goal by home #3 (its squad is home; it counts for away on the server)', () => {
    const c = ok('og 3 30');
    expect(c).toMatchObject({ incident_type: 'own_goal', side: 'home', half: 1, minute: 30 });
    expect(c.player?.playerId).toBe('h3');
  });

  it('s 9>14 60: a substitution, 9 off and 14 on', () => {
    const c = ok('s 9>14 60');
    expect(c).toMatchObject({ incident_type: 'substitution', side: 'home', half: 2, minute: 60 });
    expect(c.player?.playerId).toBe('h9');
    expect(c.related?.playerId).toBe('h14');
  });

  it('status commands: ko, ht, 2h, ft need no team and no player', () => {
    expect(ok('ko')).toMatchObject({ incident_type: 'kick_off', side: null, half: 1, minute: 0, stoppage: null, player: null });
    expect(ok('ht')).toMatchObject({ incident_type: 'half_time', side: null, half: 1, minute: 45, stoppage: null });
    expect(ok('ht 45+3')).toMatchObject({ incident_type: 'half_time', half: 1, minute: 45, stoppage: 3 });
    expect(ok('2h')).toMatchObject({ incident_type: 'second_half_started', half: 2, minute: 45 });
    expect(ok('ft')).toMatchObject({ incident_type: 'match_ended', half: 2, minute: 90, stoppage: null });
    expect(ok('ft 90+4')).toMatchObject({ incident_type: 'match_ended', half: 2, minute: 90, stoppage: 4 });
    // A side prefix on a status command is ignored.
    expect(ok('a ht')).toMatchObject({ incident_type: 'half_time', side: null });
  });

  it('ht and ft follow the half the match is in; 3h, 4h and 5h start extra time and the shoot-out', () => {
    expect(ok('ht', { ...context, currentHalf: 2 })).toMatchObject({ half: 2, minute: 90 });
    expect(ok('ft', { ...context, currentHalf: 4 })).toMatchObject({ half: 4, minute: 120 });
    expect(ok('3h')).toMatchObject({ incident_type: 'second_half_started', half: 3, minute: 90 });
    expect(ok('4h')).toMatchObject({ incident_type: 'second_half_started', half: 4, minute: 105 });
    expect(ok('5h')).toMatchObject({ incident_type: 'second_half_started', half: 5, minute: 120 });
  });

  it('has a word for every command listed in the help', () => {
    expect(Object.keys(COMMANDS)).toEqual(['g', 'p', 'mp', 'og', 'y', 'yy', 'r', 's', 'ko', 'ht', '2h', '3h', '4h', '5h', 'ft']);
  });
});

describe('command parser: sides', () => {
  it('uses the default side unless the line starts with h or a', () => {
    expect(ok('g 7 10').side).toBe('home');
    expect(ok('g 7 10', { ...context, defaultSide: 'away' }).side).toBe('away');
    expect(ok('h g 7 10', { ...context, defaultSide: 'away' }).side).toBe('home');
    expect(ok('a g 7 10').player?.playerId).toBe('a7');
  });

  it('ignores case and extra spaces', () => {
    expect(ok('  A   G 10   45+2  A7 ')).toMatchObject({ side: 'away', incident_type: 'goal', minute: 45, stoppage: 2 });
  });
});

describe('command parser: minutes and halves', () => {
  it.each([
    ['0', 1, 0, null],
    ['1', 1, 1, null],
    ['45', 1, 45, null],
    ['45+1', 1, 45, 1],
    ['46', 2, 46, null],
    ['90', 2, 90, null],
    ['90+5', 2, 90, 5],
    ['91', 3, 91, null],
    ['105', 3, 105, null],
    ['105+2', 3, 105, 2],
    ['106', 4, 106, null],
    ['120', 4, 120, null],
    ['120+1', 4, 120, 1],
    ["23'", 1, 23, null],
    ['45+0', 1, 45, null],
  ] as const)('minute %s → half %i', (minute, half, m, stoppage) => {
    expect(ok(`y 4 ${minute}`)).toMatchObject({ half, minute: m, stoppage });
  });

  it('takes an explicit half (h1–h5) in any position', () => {
    expect(ok('y 4 45 h2')).toMatchObject({ half: 2, minute: 45 });
    expect(ok('g 9 h2 45 a7')).toMatchObject({ half: 2, minute: 45, related: { playerId: 'h7' } });
    expect(ok('p 9 h5')).toMatchObject({ incident_type: 'penalty', half: 5, minute: 120 });
    expect(ok('mp 9 h5')).toMatchObject({ incident_type: 'missed_penalty', half: 5, minute: 120 });
  });

  it('refuses minutes beyond 120 and outside an explicit half', () => {
    expect(error('g 9 121')).toEqual({ key: E.minuteOutOfRange, params: { max: 120 } });
    expect(error('g 9 200')).toEqual({ key: E.minuteOutOfRange, params: { max: 120 } });
    expect(error('g 9 60 h1')).toEqual({ key: E.minuteOutOfHalf, params: { min: 0, max: 45, half: 1 } });
    expect(error('g 9 30 h3')).toEqual({ key: E.minuteOutOfHalf, params: { min: 90, max: 105, half: 3 } });
  });

  it('allows added time only at the end of a half', () => {
    expect(error('g 9 30+2')).toEqual({ key: E.stoppageNotAtEnd, params: { minute: '45, 90, 105, 120' } });
    expect(error('g 9 45+2 h2')).toEqual({ key: E.stoppageNotAtEnd, params: { minute: 90 } });
    expect(error('g 9 45+31')).toEqual({ key: E.stoppageOutOfRange, params: { max: 30 } });
  });

  it('needs a minute for what players do, except in the shoot-out', () => {
    expect(error('g 9')).toEqual({ key: E.missingMinute });
    expect(error('s 9>14')).toEqual({ key: E.missingMinute });
  });
});

describe('command parser: errors', () => {
  it('an empty line', () => {
    expect(error('   ')).toEqual({ key: E.empty });
  });

  it('an unknown command word', () => {
    expect(error('x 9 23')).toEqual({ key: E.unknownType, params: { token: 'x' } });
    expect(error('a')).toEqual({ key: E.unknownType, params: { token: 'a' } });
  });

  it('a missing or malformed player', () => {
    expect(error('g')).toEqual({ key: E.missingPlayer });
    expect(error('g x 23')).toEqual({ key: E.missingPlayer });
    expect(error('y 123 23')).toEqual({ key: E.missingPlayer });
    expect(error('s 9 60')).toEqual({ key: E.substitutionFormat });
  });

  it('an unknown shirt number, on the side it was looked up', () => {
    expect(error('g 99 23')).toEqual({ key: E.unknownShirt, params: { shirt: 99, side: 'home' } });
    expect(error('a g 9 23')).toEqual({ key: E.unknownShirt, params: { shirt: 9, side: 'away' } });
    expect(error('g 9 23 a8')).toEqual({ key: E.unknownShirt, params: { shirt: 8, side: 'home' } });
    expect(error('s 9>15 60')).toEqual({ key: E.unknownShirt, params: { shirt: 15, side: 'home' } });
  });

  it('the same player twice', () => {
    expect(error('g 9 23 a9')).toEqual({ key: E.samePlayer, params: { shirt: 9 } });
    expect(error('s 9>9 60')).toEqual({ key: E.samePlayer, params: { shirt: 9 } });
  });

  it('an assist on anything but a goal', () => {
    expect(error('y 4 23 a7')).toEqual({ key: E.assistNotAllowed });
    expect(error('p 9 23 a7')).toEqual({ key: E.assistNotAllowed });
  });

  it('unexpected and repeated tokens', () => {
    expect(error('g 9 23 foo')).toEqual({ key: E.unexpectedToken, params: { token: 'foo' } });
    expect(error('g 9 23 24')).toEqual({ key: E.duplicateToken, params: { token: '24' } });
    expect(error('g 9 23 a7 a10')).toEqual({ key: E.duplicateToken, params: { token: 'a10' } });
    expect(error('g 9 23 h1 h2')).toEqual({ key: E.duplicateToken, params: { token: 'h2' } });
  });
});
