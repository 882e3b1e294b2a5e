import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Config } from '../config';
import { isUniqueViolation, type Database } from '../db/database';
import { apiError } from '../jsonapi/errors';

/**
 * A self-hosted proof of work for fans' registrations and sign-ins (issue 25, point 4; ALTCHA's
 * protocol through altcha-lib): the server hands out a signed challenge, the fan's browser finds
 * the counter whose PBKDF2 key starts with the challenge's prefix (a second or less), and the
 * request carries the solution in its `meta.proof`. A proof stands in for the limit per address
 * (a stadium's Wi-Fi or a carrier's shared address lets every fan in), once, before it expires.
 * Checking one costs two HMACs (deterministic mode: the key's signature), not a derivation.
 */
export const FAN_CHALLENGE_ALGORITHM = 'PBKDF2/SHA-256';

const secretOf = (config: Config, label: string) => createHmac('sha256', config.jwtSecret).update(`fan-challenge:${label}`).digest('base64url');

/** A new challenge, as a fan's browser solves it. */
export async function newFanChallenge(config: Config, now: Date): Promise<Challenge> {
  const { cost, maxCounter, ttlSeconds } = config.fanChallenge;
  return createChallenge({
    algorithm: FAN_CHALLENGE_ALGORITHM,
    cost,
    counter: randomInt(Math.max(1, Math.floor(maxCounter / 10)), maxCounter),
    deriveKey,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    hmacSignatureSecret: secretOf(config, 'signature'),
    hmacKeySignatureSecret: secretOf(config, 'key'),
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `meta.proof` of a request document, when it has one. */
export function proofOf(body: unknown): unknown {
  return isObject(body) && isObject(body.meta) ? body.meta.proof : undefined;
}

const SOURCE = { pointer: '/meta/proof' };

/**
 * Takes a proof (`{challenge, solution}`): refused with a JSON:API error when it is malformed,
 * not ours, not solved (422 fanProofInvalid), expired (422 fanProofExpired) or used before
 * (409 fanProofUsed). A taken proof is remembered until it expires.
 */
export async function takeFanProof(config: Config, database: Database, proof: unknown, now: Date): Promise<void> {
  if (!isObject(proof) || !isObject(proof.challenge) || !isObject(proof.solution) || !isObject(proof.challenge.parameters) || typeof proof.challenge.signature !== 'string')
    throw apiError(422, 'fanProofInvalid', { source: SOURCE });
  const challenge = proof.challenge as unknown as Challenge;
  const solution = proof.solution as unknown as Solution;
  if (challenge.parameters.algorithm !== FAN_CHALLENGE_ALGORITHM || typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string')
    throw apiError(422, 'fanProofInvalid', { source: SOURCE });
  let result: Awaited<ReturnType<typeof verifySolution>>;
  try {
    result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: secretOf(config, 'signature'), hmacKeySignatureSecret: secretOf(config, 'key') });
  } catch {
    throw apiError(422, 'fanProofInvalid', { source: SOURCE });
  }
  // Its own clock is the library's: the server's decides, as in every other check here.
  const expiresAt = Number(challenge.parameters.expiresAt ?? 0) * 1000;
  if (result.invalidSignature || !(result.verified || result.expired)) throw apiError(422, 'fanProofInvalid', { source: SOURCE });
  if (!expiresAt || now.getTime() > expiresAt) throw apiError(422, 'fanProofExpired', { source: SOURCE });
  const at = now.getTime();
  await database.db.deleteFrom('fan_challenges_used').where('expires_at', '<', at).execute();
  try {
    await database.db.insertInto('fan_challenges_used').values({ signature: challenge.signature!, expires_at: expiresAt }).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw apiError(409, 'fanProofUsed', { source: SOURCE });
    throw err;
  }
}
