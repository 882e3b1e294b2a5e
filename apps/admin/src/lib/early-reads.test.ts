import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarlyRead, takeEarlyRead } from './early-reads';

describe('early reads', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers the first caller of the same URL once, with the token sent', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ meta: { counts: { clubs: 18 } } }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    startEarlyRead('http://api/counts', 'abc');
    expect(fetch).toHaveBeenCalledWith('http://api/counts', { headers: { Authorization: 'Bearer abc', Accept: 'application/vnd.api+json' } });
    expect(await takeEarlyRead('http://api/other')).toBeUndefined();
    expect(await takeEarlyRead('http://api/counts')).toEqual({ meta: { counts: { clubs: 18 } } });
    expect(await takeEarlyRead('http://api/counts')).toBeUndefined();
  });

  it('takes a relative and an absolute address of the same read as one', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"ok":true}')));
    startEarlyRead('/api/v3/counts', 't');
    expect(await takeEarlyRead(new URL('/api/v3/counts', location.href).href)).toEqual({ ok: true });
    expect(await takeEarlyRead('http://api/counts')).toBeUndefined();
  });

  it('counts a refused or failed read as never started', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 500 })));
    startEarlyRead('http://api/a', 't');
    expect(await takeEarlyRead('http://api/a')).toBeUndefined();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    startEarlyRead('http://api/b', 't');
    expect(await takeEarlyRead('http://api/b')).toBeUndefined();
  });
});
