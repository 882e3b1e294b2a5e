import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE_RULES, TOKEN_STORAGE_KEY } from '@umpire/schema';
import { allowedProviders, createAuthProvider } from './auth-provider';
import { makeToken } from '../test/tokens';

const provider = () => createAuthProvider(() => '/auth/v1');

describe('auth provider', () => {
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('sends a visitor without a valid token to the gateway with the current address', async () => {
    window.history.replaceState(null, '', '/clubs?page=2');
    const error = await provider().checkAuth({}).catch((e: unknown) => e);
    expect(error).toMatchObject({
      redirectTo: `http://localhost:3000/auth/v1/sign_in?redirect=${encodeURIComponent('http://localhost:3000/clubs?page=2')}`,
    });
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken({ exp: Math.floor(Date.now() / 1000) - 10 }));
    await expect(provider().checkAuth({})).rejects.toBeTruthy();
  });

  it('accepts a valid token and exposes identity and abilities', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken({ username: 'viewer', roles: ['viewer'], abilities: ROLE_RULES.viewer }));
    const auth = provider();
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.getIdentity!()).resolves.toMatchObject({ fullName: 'viewer', clientName: 'Ekstraklasa Demo' });
    await expect(auth.canAccess!({ action: 'list', resource: 'clubs' })).resolves.toBe(true);
    await expect(auth.canAccess!({ action: 'create', resource: 'clubs' })).resolves.toBe(false);
    await expect(auth.canAccess!({ action: 'delete', resource: 'clubs' })).resolves.toBe(false);
  });

  it('exposes only the allowed player data providers of the client', async () => {
    localStorage.setItem(
      TOKEN_STORAGE_KEY,
      makeToken({ client: { id: '1', name: 'Ekstraklasa Demo', providers: { opta: '12, 34', wyscout: '9', unknown: '1' } } }),
    );
    await expect(provider().getIdentity!()).resolves.toMatchObject({ providers: { opta: ['12', '34'], wyscout: ['9'] } });
    expect(allowedProviders({ unknown: '1' })).toEqual({});
  });

  it('signs out through the gateway with the current address, revoking and forgetting the token', async () => {
    const token = makeToken();
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    window.history.replaceState(null, '', '/venues');
    const fetched = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    const redirect = await provider().logout({});
    expect(fetched).toHaveBeenCalledWith('http://localhost:3000/auth/v1/sign_out', expect.objectContaining({ method: 'POST', headers: { authorization: `Bearer ${token}` } }));
    fetched.mockRestore();
    expect(redirect).toBe(`http://localhost:3000/auth/v1/sign_out?redirect=${encodeURIComponent('http://localhost:3000/venues')}`);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('signs in through the gateway', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, href: 'http://localhost:3000/x', assign });
    await provider().login({});
    expect(assign).toHaveBeenCalledWith(expect.stringContaining('/auth/v1/sign_in?redirect='));
  });

  it('treats 401 as the end of the session but keeps it on 403', async () => {
    await expect(provider().checkError({ status: 401 })).rejects.toMatchObject({ logoutUser: true });
    await expect(provider().checkError({ status: 403 })).resolves.toBeUndefined();
  });
});
