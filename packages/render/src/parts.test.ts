import { describe, expect, it } from 'vitest';
import { MATCH_STATUSES } from '@umpire/schema/enums';
import { matchesFor, matchListRead } from './parts';
import type { ResourceObject } from './document';

/** Matches of every status over five weeks, each at its own kick-off, listed in no order. */
const matches: ResourceObject[] = Array.from({ length: 60 }, (_, i) => ({
  type: 'matches',
  id: String(i + 1),
  attributes: { kickoff_at: new Date(Date.UTC(2026, 4, 1) + ((i * 37) % 60) * 14 * 3_600_000).toISOString(), status: MATCH_STATUSES[(i * 5) % MATCH_STATUSES.length] },
}));

/** The delivery API's answer to a list's read: its statuses, in its order, a page of `size`. */
function read(mode: unknown, size: number): ResourceObject[] {
  const { statuses, sort } = matchListRead(mode);
  const at = (m: ResourceObject) => Date.parse(String(m.attributes?.kickoff_at));
  return matches
    .filter((m) => !statuses || statuses.includes(String(m.attributes?.status)))
    .sort((a, b) => (sort === '-kickoff_at' ? at(b) - at(a) : at(a) - at(b)))
    .slice(0, size);
}

describe('a match list’s read', () => {
  it.each([['finished'], ['upcoming'], ['all'], [undefined]])('gives in its first `limit` matches all a list of mode %s shows', (mode) => {
    for (const limit of [1, 5, 10, 40]) {
      const shown = matchesFor(matches, mode, limit);
      expect(shown.length, `${limit}`).toBeGreaterThan(0);
      expect(matchesFor(read(mode, limit), mode, limit), `${limit}`).toEqual(shown);
    }
  });
});
