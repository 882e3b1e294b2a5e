import { ALLOWED_PLAYER_PROVIDERS, rulesForRoles, type TokenClaims } from '@umpire/schema';
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface TokenSubject {
  username: string;
  client: { id: number; name: string; providers: Record<string, string> };
  roles: string[];
}

/** Providers reduced to the allowed player provider names (spec §3). */
export function allowedProviders(providers: Record<string, unknown>): Record<string, string> {
  const allowed = new Set<string>(ALLOWED_PLAYER_PROVIDERS);
  return Object.fromEntries(
    Object.entries(providers ?? {})
      .filter(([name, ids]) => allowed.has(name) && typeof ids === 'string')
      .map(([name, ids]) => [name, ids as string]),
  );
}

export async function signToken(subject: TokenSubject, secret: Uint8Array, ttlSeconds: number): Promise<string> {
  const claims: Omit<TokenClaims, 'exp' | 'iat' | 'sub'> = {
    username: subject.username,
    client: { id: String(subject.client.id), name: subject.client.name, providers: allowedProviders(subject.client.providers) },
    roles: subject.roles,
    abilities: rulesForRoles(subject.roles),
  };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject.username)
    // Its id, which signing out revokes (auth/revocation.ts).
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .setIssuer('umpire')
    .sign(secret);
}

/**
 * Tokens whose signature was checked, per secret, so each request does not check it again; the
 * expiry still is, and that the secret which verified it is still accepted (one of before a
 * rotation may be dropped). A server with another secret shares nothing with this one.
 */
const verified = new WeakMap<Uint8Array, Map<string, { claims: TokenClaims; key: Uint8Array }>>();
const MAX_VERIFIED = 10_000;

/**
 * Only HS256 with our secret (or one of before a rotation), an expiry that has not passed, our
 * issuer and an id; anything else throws (the current secret's error).
 */
export async function verifyToken(token: string, secret: Uint8Array, previous: readonly Uint8Array[] = []): Promise<TokenClaims & { jti: string }> {
  let known = verified.get(secret);
  if (!known) verified.set(secret, (known = new Map<string, { claims: TokenClaims; key: Uint8Array }>()));
  const kept = known.get(token);
  if (kept && kept.claims.exp * 1000 > Date.now() && (kept.key === secret || previous.includes(kept.key))) return kept.claims as TokenClaims & { jti: string };
  let payload: unknown;
  let verifiedBy: Uint8Array | undefined;
  let firstError: unknown;
  for (const key of [secret, ...previous]) {
    try {
      ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: 'umpire', requiredClaims: ['exp', 'sub', 'jti'] }));
      verifiedBy = key;
      break;
    } catch (error) {
      firstError ??= error;
      // Only a signature that does not match may be another secret's; an expired token is expired.
      if ((error as { code?: string }).code !== 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') throw error;
    }
  }
  if (!payload || !verifiedBy) throw firstError;
  if (known.size >= MAX_VERIFIED) known.clear();
  known.set(token, { claims: payload as TokenClaims, key: verifiedBy });
  return payload as TokenClaims & { jti: string };
}
