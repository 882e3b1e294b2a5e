import { describe, expect, it } from 'vitest';
import { orderSegments } from '@umpire/schema';
import { positionChanges, reordered } from './order';

describe('OTT console ordering', () => {
  it('moves one item and writes only the positions that changed', () => {
    const rows = [{ id: 'a', position: 0 }, { id: 'b', position: 1 }, { id: 'c', position: 2 }, { id: 'd', position: 3 }];
    const next = reordered(rows, 2, 0);
    expect(next.map((r) => r.id)).toEqual(['c', 'a', 'b', 'd']);
    expect(positionChanges(next).map((c) => [c.item.id, c.position])).toEqual([['c', 0], ['a', 1], ['b', 2]]);
    expect(positionChanges(rows)).toEqual([]);
  });

  it('shows segments in the format’s order, the rest by numeric id', () => {
    const segments = [{ id: '10' }, { id: '9' }, { id: '2' }, { id: '100' }];
    expect(orderSegments(segments, [{ segment_id: '100' }]).map((s) => s.id)).toEqual(['100', '2', '9', '10']);
    expect(orderSegments(segments, null).map((s) => s.id)).toEqual(['2', '9', '10', '100']);
  });
});
