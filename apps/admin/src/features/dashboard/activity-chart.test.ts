import { describe, expect, it } from 'vitest';
import { countPerDay } from './activity-chart';

describe('activity per day', () => {
  it('counts changes into calendar days, ignoring those outside the window', () => {
    const from = new Date(2026, 10, 1);
    const at = (day: number, hour: number) => new Date(2026, 10, day, hour).toISOString();
    const counts = countPerDay([{ occurred_at: at(1, 0) }, { occurred_at: at(1, 23) }, { occurred_at: at(3, 12) }, { occurred_at: at(20, 1) }, { occurred_at: at(0, 12) }], from, 14);
    expect(counts.slice(0, 4)).toEqual([2, 0, 1, 0]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
  });
});
