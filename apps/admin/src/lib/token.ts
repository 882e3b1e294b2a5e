import { TOKEN_STORAGE_KEY, type TokenClaims } from '@umpire/schema/api';

/**
 * The session token: where it comes from (address or local storage), what it says, and whether
 * it is still valid. The admin reads the claims without verifying the signature; the server
 * verifies it on every request.
 */

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The claims of a JWT, or null when it is not one. */
export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const claims = JSON.parse(decodeBase64Url(parts[1])) as TokenClaims;
    return claims && typeof claims === 'object' ? claims : null;
  } catch {
    return null;
  }
}

/** Spec §5: expired when the expiry is missing or past. */
export function isTokenExpired(claims: Pick<TokenClaims, 'exp'> | null, nowMs = Date.now()): boolean {
  if (!claims || typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return true;
  return claims.exp * 1000 <= nowMs;
}

export function isTokenValid(token: string | null | undefined, nowMs = Date.now()): boolean {
  return !isTokenExpired(decodeToken(token), nowMs);
}

export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
}

export interface ExtractedToken {
  token: string | null;
  /** The address without the token, for the address bar. */
  url: string;
}

/**
 * Finds a token in an address: the query parameter `token` (spec §2), the same parameter in a
 * hash route's query, or a route (matrix) parameter `;token=...` (spec §6: a route-param token
 * counts too). Returns the address with the token removed.
 */
export function extractToken(href: string): ExtractedToken {
  const url = new URL(href);
  let token: string | null = null;

  if (url.searchParams.has('token')) {
    token = url.searchParams.get('token');
    url.searchParams.delete('token');
  }

  const matrix = /;token=([^;/?#]*)/.exec(url.pathname);
  if (matrix) {
    token ??= decodeURIComponent(matrix[1]);
    url.pathname = url.pathname.replace(matrix[0], '');
  }

  const hashQuery = url.hash.indexOf('?');
  if (hashQuery >= 0) {
    const params = new URLSearchParams(url.hash.slice(hashQuery + 1));
    if (params.has('token')) {
      token ??= params.get('token');
      params.delete('token');
      const rest = params.toString();
      url.hash = url.hash.slice(0, hashQuery) + (rest ? `?${rest}` : '');
    }
  }

  return { token: token || null, url: url.toString() };
}

/**
 * Start-up step of spec §2: a token in the address is stored first and removed from the address
 * bar (so it is not bookmarked or shared); then the stored token is returned.
 */
export function takeTokenFromAddress(): string | null {
  const { token, url } = extractToken(window.location.href);
  if (token) {
    storeToken(token);
    window.history.replaceState(window.history.state, '', url);
  }
  return readStoredToken();
}
