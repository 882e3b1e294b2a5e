import { describe, expect, it } from 'vitest';
import { findConflicts, type ScheduledMatch } from './conflicts';

const legia = { id: '1', name: 'Legia' };
const lech = { id: '2', name: 'Lech' };
const wisla = { id: '3', name: 'Wisła' };
const match = (id: string, kickoff_at: string, clubs: { id: string; name: string }[], venue: string | null = null, status = 'not_started'): ScheduledMatch => ({
  id, kickoff_at, status, venue, venue_name: venue ? `Stadion ${venue}` : null, clubs,
});

describe('schedule conflicts', () => {
  it('names a club playing twice on one Warsaw day, once, when a changed match is involved', () => {
    const all = [match('10', '2026-05-02T16:00:00Z', [legia, lech]), match('11', '2026-05-02T21:30:00Z', [legia, wisla]), match('12', '2026-05-03T16:00:00Z', [lech, wisla])];
    expect(findConflicts(all, new Set(['11']))).toEqual([{ kind: 'club_same_day', club: legia, date: '2026-05-02', matches: ['10', '11'] }]);
    // Nothing changed among them: not this edit's conflict.
    expect(findConflicts(all, new Set(['12']))).toEqual([]);
  });

  it('uses the league’s day: 00:30 in Warsaw is the next day', () => {
    const all = [match('10', '2026-05-02T16:00:00Z', [legia, lech]), match('11', '2026-05-02T22:30:00Z', [legia, wisla])];
    expect(findConflicts(all, new Set(['11']))).toEqual([]);
  });

  it('names two matches at one venue less than three hours apart', () => {
    const all = [
      match('10', '2026-05-02T12:00:00Z', [legia, lech], '7'),
      match('11', '2026-05-02T14:59:00Z', [wisla, { id: '4', name: 'Cracovia' }], '7'),
      match('12', '2026-05-02T18:00:00Z', [{ id: '5', name: 'Piast' }, { id: '6', name: 'Górnik' }], '7'),
    ];
    expect(findConflicts(all, new Set(['11']))).toEqual([{ kind: 'venue_same_time', venue: { id: '7', name: 'Stadion 7' }, date: '2026-05-02', matches: ['10', '11'] }]);
  });

  it('ignores postponed and cancelled matches, which take no day', () => {
    const all = [match('10', '2026-05-02T16:00:00Z', [legia, lech], '7', 'postponed'), match('11', '2026-05-02T16:00:00Z', [legia, wisla], '7')];
    expect(findConflicts(all, new Set(['11']))).toEqual([]);
  });
});
