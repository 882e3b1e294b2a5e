// A fan registers (solving the server's proof-of-work challenge), predicts the next match and
// reads their predictions back.
// Run: UMPIRE_URL=http://localhost:8080 UMPIRE_CLIENT=ekstraklasa-demo node fan-prediction.mjs
import { pbkdf2Sync, randomUUID } from 'node:crypto';

const base = `${process.env.UMPIRE_URL ?? 'http://localhost:8080'}/public/v1`;
const client = process.env.UMPIRE_CLIENT ?? 'ekstraklasa-demo';

async function call(method, path, { token, body } = {}) {
  const url = `${base}${path}${path.includes('?') ? '&' : '?'}client=${encodeURIComponent(client)}`;
  const res = await fetch(url, {
    method,
    headers: {
      accept: 'application/vnd.api+json',
      ...(body ? { 'content-type': 'application/vnd.api+json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body && JSON.stringify(body),
  });
  const doc = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(doc.errors)}`);
  return doc;
}

// The challenge (ALTCHA's protocol, PBKDF2/SHA-256): find the counter whose key, derived from the
// nonce followed by the counter (4 bytes, big-endian), starts with the challenge's keyPrefix.
function solve(challenge) {
  const { nonce, salt, cost, keyLength = 32, keyPrefix } = challenge.parameters;
  const password = Buffer.alloc(nonce.length / 2 + 4);
  Buffer.from(nonce, 'hex').copy(password);
  for (let counter = 0; counter < 2 ** 32; counter++) {
    password.writeUInt32BE(counter, nonce.length / 2);
    const derivedKey = pbkdf2Sync(password, Buffer.from(salt, 'hex'), cost, keyLength, 'sha256').toString('hex');
    if (derivedKey.startsWith(keyPrefix)) return { counter, derivedKey };
  }
  throw new Error('no solution');
}

// 1. Register a device (the app makes up its id and keeps it) with a solved proof.
const started = Date.now();
const challenge = (await call('GET', '/fans/challenge')).data.attributes;
const solution = solve(challenge);
console.log(`proof of work: counter ${solution.counter} found in ${Date.now() - started} ms`);
const fan = await call('POST', '/fans', {
  body: { data: { type: 'fans', attributes: { device_id: `example-${randomUUID()}` } }, meta: { proof: { challenge, solution } } },
});
const token = fan.meta.token;
console.log(`fan ${fan.data.id} registered; token valid until ${fan.meta.expires_at}`);

// 2. The matches that can still be predicted (before kick-off), and a prediction for the first.
const open = await call('GET', '/match_predictors/matches', { token });
const match = open.data[0];
if (!match) throw new Error('no match open for predictions');
const prediction = await call('POST', '/match_predictors/predictions', {
  token,
  body: {
    data: {
      type: 'match_predictor_predictions',
      attributes: { home_score: 2, away_score: 1 },
      relationships: { match: { data: { type: 'matches', id: match.id } } },
    },
  },
});
console.log(`prediction ${prediction.data.id}: match ${match.id} (kick-off ${match.attributes.kickoff_at}) ends 2:1`);

// 3. The fan's own predictions and points so far.
const mine = await call('GET', '/match_predictors/predictions', { token });
console.log(`the fan has ${mine.meta.total} prediction(s), ${mine.meta.points} point(s)`);
