import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@umpire/schema';
import { decodeToken, extractToken, isTokenExpired, isTokenValid, takeTokenFromAddress } from './token';
import { makeToken } from '../test/tokens';

describe('token', () => {
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('decodes claims, including non-ASCII names', () => {
    const token = makeToken({ username: 'łukasz', exp: 2_000_000_000 });
    expect(decodeToken(token)?.username).toBe('łukasz');
    expect(decodeToken('not-a-token')).toBeNull();
    expect(decodeToken('a.%%%.c')).toBeNull();
  });

  it('is expired when exp is missing or past', () => {
    const now = 1_700_000_000_000;
    expect(isTokenExpired({ exp: now / 1000 + 60 }, now)).toBe(false);
    expect(isTokenExpired({ exp: now / 1000 }, now)).toBe(true);
    expect(isTokenExpired({ exp: now / 1000 - 1 }, now)).toBe(true);
    expect(isTokenExpired({} as { exp: number }, now)).toBe(true);
    expect(isTokenExpired(null, now)).toBe(true);
    expect(isTokenValid(makeToken({ exp: undefined }))).toBe(false);
  });

  it('extracts a query, hash-query or route-parameter token and removes it', () => {
    expect(extractToken('http://x.test/clubs?token=abc&page=2')).toEqual({ token: 'abc', url: 'http://x.test/clubs?page=2' });
    expect(extractToken('http://x.test/clubs;token=abc/7')).toEqual({ token: 'abc', url: 'http://x.test/clubs/7' });
    expect(extractToken('http://x.test/#/clubs?token=abc')).toEqual({ token: 'abc', url: 'http://x.test/#/clubs' });
    expect(extractToken('http://x.test/clubs')).toEqual({ token: null, url: 'http://x.test/clubs' });
  });

  it('stores an address token under TISA_TOKEN and cleans the address bar', () => {
    const token = makeToken({ exp: 2_000_000_000 });
    window.history.replaceState(null, '', `/clubs?token=${token}&sort=name`);
    expect(takeTokenFromAddress()).toBe(token);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(window.location.pathname + window.location.search).toBe('/clubs?sort=name');
  });
});
