import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGN_IN_LIMITS, parseSignInLimits } from './config';

describe('sign-in limits from the environment', () => {
  it('reads SIGN_IN_LIMITS (scope=max/seconds) and SIGN_IN_LIMIT (the per-pair maximum)', () => {
    expect(parseSignInLimits(undefined, undefined)).toEqual(DEFAULT_SIGN_IN_LIMITS);
    expect(parseSignInLimits('address=200/900, device=5/30', '7')).toEqual({
      ...DEFAULT_SIGN_IN_LIMITS,
      pair: { ...DEFAULT_SIGN_IN_LIMITS.pair, max: 7 },
      address: { max: 200, windowSeconds: 900 },
      device: { max: 5, windowSeconds: 30 },
    });
  });

  it('refuses what it cannot read instead of running without limits', () => {
    expect(() => parseSignInLimits('office=1/1', undefined)).toThrow(/SIGN_IN_LIMITS/);
    expect(() => parseSignInLimits('pair=0/60', undefined)).toThrow(/at least 1/);
    expect(() => parseSignInLimits(undefined, 'ten')).toThrow(/at least 1/);
  });
});
