import { solveChallenge, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { Api } from './api';

/**
 * A solved proof-of-work challenge for a registration or sign-in (GET /public/v1/fans/challenge,
 * solved with the browser's own PBKDF2), so a fan behind a shared address (a stadium's Wi-Fi) is
 * not held back by the limit per address. Loaded only when a fan registers or signs in.
 */
export async function solvedProof(api: Api): Promise<{ challenge: Challenge; solution: Solution } | null> {
  const doc = await api.get<{ data: { attributes: Challenge } }>('/fans/challenge');
  const challenge = doc.data.attributes;
  const solution = await solveChallenge({ challenge, deriveKey });
  return solution ? { challenge, solution } : null;
}
