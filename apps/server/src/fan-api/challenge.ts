import { createHmac, timingSafeEqual } from 'node:crypto';
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
 * Checking one costs two HMACs (deterministic mode: the key's signature), not a derivation; one
 * the library's clock calls expired costs one derivation, for it is checked here (issue 38, point 6).
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
  let verified: boolean;
  try {
    const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: secretOf(config, 'signature'), hmacKeySignatureSecret: secretOf(config, 'key') });
    // `expired` is the library's clock (Date.now()), and it stops there, before the signature and
    // the solution: whether the proof is ours and solved is then checked here, and expiry is left to
    // the server's clock below, as in every other check here.
    verified = result.verified || (result.expired && (await verifiedDespiteExpiry(config, challenge, solution)));
  } catch {
    throw apiError(422, 'fanProofInvalid', { source: SOURCE });
  }
  if (!verified) throw apiError(422, 'fanProofInvalid', { source: SOURCE });
  const expiresAt = Number(challenge.parameters.expiresAt ?? 0) * 1000;
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

/** Objects' keys sorted, recursively (not inside arrays): altcha-lib's `sortKeys`, which it signs. */
const sortKeys = (v: unknown): unknown =>
  isObject(v) ? Object.fromEntries(Object.keys(v).sort().flatMap((k) => (v[k] === undefined ? [] : [[k, sortKeys(v[k])]]))) : v;

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * What verifySolution checks after its expiry, for a challenge its clock calls expired: the
 * signature of the parameters (HMAC-SHA-256 of their canonical JSON, as altcha-lib signs them),
 * then the solution, re-derived with the library's own deriveKey from the signed parameters (nonce
 * and the counter as a big-endian uint32): it must be the key sent and start with the signed prefix.
 * The signature comes first, so only the server's own challenges cost a derivation.
 */
async function verifiedDespiteExpiry(config: Config, challenge: Challenge, solution: Solution): Promise<boolean> {
  const { parameters, signature } = challenge;
  if (typeof signature !== 'string') return false;
  const expected = createHmac('sha256', secretOf(config, 'signature')).update(JSON.stringify(sortKeys(parameters))).digest('hex');
  if (!sameHex(signature, expected)) return false;
  const { counter, derivedKey } = solution;
  if (!Number.isInteger(counter) || counter < 0 || counter > 0xffffffff || !/^(?:[0-9a-f]{2})+$/.test(derivedKey)) return false;
  const nonce = Buffer.from(parameters.nonce, 'hex');
  const password = Buffer.alloc(nonce.length + 4);
  nonce.copy(password);
  password.writeUInt32BE(counter, nonce.length);
  const key = Buffer.from((await deriveKey(parameters, Buffer.from(parameters.salt, 'hex'), password)).derivedKey).toString('hex');
  return sameHex(key, derivedKey) && key.startsWith(parameters.keyPrefix.toLowerCase());
}
