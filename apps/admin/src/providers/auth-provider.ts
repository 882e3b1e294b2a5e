import type { AuthProvider } from 'react-admin';
import { ALLOWED_PLAYER_PROVIDERS, type TokenClaims } from '@umpire/schema/api';
import { canAccess, createAbility, type AppAbility } from '../lib/abilities';
import { clearToken, decodeToken, isTokenExpired, readStoredToken } from '../lib/token';
import { absoluteUrl, signInUrl, signOutUrl } from '../lib/environment';

/**
 * Sessions come from the gateway (spec §2, §4, §6): signing in and out both leave for the
 * gateway with the current address, logged in means a valid token is stored, and the
 * token's abilities decide what the screens offer.
 */
export interface Identity {
  id: string;
  fullName: string;
  clientName: string;
  roles: string[];
  /** Spec §3: the client's external player data providers (allowed ones only) and their ids. */
  providers: Record<string, string[]>;
}

export function allowedProviders(providers: Record<string, string> | undefined): Record<string, string[]> {
  const allowed = new Set<string>(ALLOWED_PLAYER_PROVIDERS);
  return Object.fromEntries(
    Object.entries(providers ?? {})
      .filter(([name]) => allowed.has(name))
      .map(([name, ids]) => [name, String(ids).split(',').map((id) => id.trim()).filter(Boolean)]),
  );
}

export function createAuthProvider(authBase: () => string): AuthProvider {
  let cached: { token: string; claims: TokenClaims; ability: AppAbility } | undefined;

  const session = () => {
    const token = readStoredToken();
    const claims = decodeToken(token);
    if (!token || !claims || isTokenExpired(claims)) return undefined;
    if (cached?.token !== token) cached = { token, claims, ability: createAbility(claims.abilities ?? []) };
    return cached;
  };

  /** react-admin leaves for an absolute `redirectTo`; `message: false` avoids a pointless pop-up on the way. */
  const toGateway = () => ({ redirectTo: signInUrl(authBase()), message: false as const, logoutUser: true });

  return {
    async login() {
      window.location.assign(signInUrl(authBase()));
    },

    async logout() {
      const token = readStoredToken();
      const hadSession = !!token;
      // The server revokes the token, so a copy of it (another tab, a leaked header) stops working;
      // keepalive lets the call finish while the page leaves. The gateway's GET revokes the cookie's.
      if (token)
        await fetch(`${absoluteUrl(authBase())}/sign_out`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
      clearToken();
      // A user signing out goes through the gateway's sign-out (clears its cookie); an expired
      // session is sent straight to sign-in by checkAuth's redirect, which takes precedence.
      return hadSession ? signOutUrl(authBase()) : signInUrl(authBase());
    },

    async checkAuth() {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-admin's contract: reject with { redirectTo, message, logoutUser }
      if (!session()) throw toGateway();
    },

    async checkError(error: { status?: number }) {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-admin's contract, as in checkAuth
      if (error?.status === 401) throw toGateway();
      // 403 keeps the session: the HTTP client has already shown the pop-up.
    },

    async getIdentity(): Promise<Identity> {
      const current = session();
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-admin's contract, as in checkAuth
      if (!current) throw toGateway();
      const { claims } = current;
      return {
        id: claims.sub ?? claims.username,
        fullName: claims.username,
        clientName: claims.client?.name ?? '',
        roles: claims.roles ?? [],
        providers: allowedProviders(claims.client?.providers),
      };
    },

    async getPermissions() {
      return session()?.claims.abilities ?? [];
    },

    async canAccess({ action, resource }) {
      const current = session();
      return !!current && canAccess(current.ability, action, resource);
    },
  };
}
