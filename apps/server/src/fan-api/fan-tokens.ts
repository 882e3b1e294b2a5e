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

/** The claims of a valid fan token, or null (bad signature, expired, not a fan token). */
export async function readFanToken(token: string, secrets: readonly Uint8Array[], now: Date): Promise<FanClaims | null> {
  // The current secret first, then those of before a rotation.
  for (const secret of secrets) {
    try {
      const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, requiredClaims: ['exp', 'sub'], currentDate: now });
      const fanId = Number(payload.sub);
      const clientId = Number(payload.client);
      return Number.isInteger(fanId) && Number.isInteger(clientId) ? { fanId, clientId } : null;
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') return null;
    }
  }
  return null;
}
