import { SignJWT, jwtVerify } from 'jose';

/**
 * A fan's token: who (the fan's id) of which client. Its issuer differs from the staff tokens', so
 * one can never pass for the other.
 */
const ISSUER = 'umpire-fans';

export interface FanClaims {
  fanId: number;
  clientId: number;
}

export function signFanToken(claims: FanClaims, secret: Uint8Array, ttlSeconds: number, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ client: String(claims.clientId) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.fanId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .setIssuer(ISSUER)
    .sign(secret);
}

/**
 * Tokens already verified, with their claims, until they expire: a fan's app sends the same token
 * with every call, and a match day's bursts (a quiz's starts and attempts, a goal's predictions)
 * would verify its signature again each time. An entry holds the secret that verified it, so a
 * secret no longer accepted (rotated out) stops its tokens here as well. Bounded, oldest first out.
 */
const VERIFIED_MAX = 50_000;
const verified = new Map<string, { claims: FanClaims; exp: number; secret: Uint8Array }>();

/** The claims of a valid fan token, or null (bad signature, expired, not a fan token). */
export async function readFanToken(token: string, secrets: readonly Uint8Array[], now: Date): Promise<FanClaims | null> {
  const known = verified.get(token);
  if (known) {
    if (known.exp * 1000 > now.getTime() && secrets.includes(known.secret)) return known.claims;
    verified.delete(token);
  }
  // The current secret first, then those of before a rotation.
  for (const secret of secrets) {
    try {
      const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, requiredClaims: ['exp', 'sub'], currentDate: now });
      const fanId = Number(payload.sub);
      const clientId = Number(payload.client);
      if (!Number.isInteger(fanId) || !Number.isInteger(clientId)) return null;
      const claims = { fanId, clientId };
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, { claims, exp: Number(payload.exp), secret });
      return claims;
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') return null;
    }
  }
  return null;
}
