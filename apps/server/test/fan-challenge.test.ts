import { createECDH, randomBytes } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/jobs/clock';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Fair registration (issue 25, point 4): a registration or sign-in carrying a solved proof-of-work
 * challenge passes the limit per address (a stadium's Wi-Fi, a carrier's shared address); one
 * without stays limited. A proof is the server's, solved, used once and before it expires; the
 * difficulty is a setting.
 */
const CLIENT = 'ekstraklasa-demo';
let api: TestServer;
let quick: TestServer;
let crowd: TestServer;

beforeAll(async () => {
  const fanLimits = { fan: { max: 100, windowSeconds: 60 }, address: { max: 10_000, windowSeconds: 60 }, register: { max: 3, windowSeconds: 3600 } };
  api = await startTestServer({ fanLimits, fanChallenge: { cost: 10, maxCounter: 40, ttlSeconds: 300 } });
  // Another installation (its own secret), whose challenges live two seconds. (A challenge's expiry
  // is in whole seconds, rounded down: one made to live 2 s lives more than 1 s and at most 2.)
  quick = await startTestServer({ fanLimits, fanChallenge: { cost: 10, maxCounter: 40, ttlSeconds: 2 }, jwtSecret: new TextEncoder().encode(`another-installation-${Date.now()}-secret`) });
  // A stadium's address allowed 5 writes a minute without a fan's token.
  crowd = await startTestServer({ fanLimits: { ...fanLimits, address: { max: 5, windowSeconds: 60 } }, fanChallenge: { cost: 10, maxCounter: 40, ttlSeconds: 300 } });
});
afterAll(async () => {
  await api?.close();
  await quick?.close();
  await crowd?.close();
});

let serial = 0;
const device = () => `challenge-device-${Date.now().toString(36)}-${++serial}`;

async function challengeOf(server: TestServer): Promise<Challenge> {
  const res = await server.get(`/public/v1/fans/challenge?client=${CLIENT}`, { token: null });
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.body.data.type).toBe('fan_challenges');
  return res.body.data.attributes as Challenge;
}

async function proofFrom(server: TestServer) {
  const challenge = await challengeOf(server);
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return { challenge, solution: solution! };
}

const register = (server: TestServer, proof?: unknown) =>
  server.post(`/public/v1/fans?client=${CLIENT}`, { data: { type: 'fans', attributes: { device_id: device() } }, ...(proof === undefined ? {} : { meta: { proof } }) }, { token: null });

describe('registration with a proof of work', () => {
  it('lets every fan behind one address in with a solved challenge, while those without one stay limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await register(api)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    for (let i = 0; i < 8; i++) {
      const res = await register(api, await proofFrom(api));
      expect(res.status, res.text).toBe(201);
    }
    expect((await register(api)).status).toBe(429);
  });

  it('sets the difficulty from the settings: the cost and the most tries a solution needs', async () => {
    for (let i = 0; i < 5; i++) {
      const { challenge, solution } = await proofFrom(api);
      expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 10 });
      expect(solution.counter).toBeLessThanOrEqual(40);
    }
  });

  it('refuses a proof that is not solved, not the server’s, used before or expired, with JSON:API errors', async () => {
    const { challenge, solution } = await proofFrom(api);
    const cases: [string, unknown, number, string][] = [
      ['a wrong answer', { challenge, solution: { ...solution, derivedKey: `${solution.derivedKey[0] === '0' ? '1' : '0'}${solution.derivedKey.slice(1)}` } }, 422, 'fanProofInvalid'],
      ['a made-easier challenge', { challenge: { ...challenge, parameters: { ...challenge.parameters, cost: 1 } }, solution }, 422, 'fanProofInvalid'],
      ['no solution', { challenge }, 422, 'fanProofInvalid'],
      ['not an object', 'solved!', 422, 'fanProofInvalid'],
      // Made just before it is sent, within its life (expired, it is refused as not ours all the same:
      // a test below).
      ['another server’s challenge', () => proofFrom(quick), 422, 'fanProofInvalid'],
    ];
    for (const [name, given, status, code] of cases) {
      const proof = typeof given === 'function' ? await given() : given;
      const res = await register(api, proof);
      expect(res.status, name).toBe(status);
      expect(res.body.errors[0], name).toMatchObject({ code, source: { pointer: '/meta/proof' } });
    }
    // Used once: the same proof again is refused.
    expect((await register(api, { challenge, solution })).status).toBe(201);
    const replay = await register(api, { challenge, solution });
    expect(replay.status).toBe(409);
    expect(replay.body.errors[0].code).toBe('fanProofUsed');
    // Expired (this server's challenges live two seconds at most).
    const late = await proofFrom(quick);
    await new Promise((r) => setTimeout(r, 2100));
    const expired = await register(quick, late);
    expect(expired.status).toBe(422);
    expect(expired.body.errors[0].code).toBe('fanProofExpired');
  });
});

describe('a proof on the server’s clock', () => {
  // altcha-lib's verifySolution looks at the expiry first, on the wall clock, and answers `expired`
  // without checking the signature or the solution. A server whose clock is behind the wall clock
  // (here a test's, an hour behind; in production the instant a request is read) still has such a
  // challenge alive: it must be verified all the same, not taken because it is "only expired".
  const HOUR = 3600_000;
  let lagging: TestServer;
  const clock = new ManualClock(Date.now() - HOUR);
  beforeAll(async () => {
    const fanLimits = { fan: { max: 100, windowSeconds: 60 }, address: { max: 10_000, windowSeconds: 60 }, register: { max: 3, windowSeconds: 3600 } };
    lagging = await startTestServer({ fanLimits, fanChallenge: { cost: 10, maxCounter: 40, ttlSeconds: 300 } }, {}, { clock });
  });
  afterAll(async () => {
    await lagging?.close();
  });

  it('refuses an unsolved or forged proof whose expiry the wall clock has passed but the server’s has not', async () => {
    const { challenge, solution } = await proofFrom(lagging);
    // Past per the wall clock (what the library reads), not per the server's.
    expect(challenge.parameters.expiresAt! * 1000).toBeLessThan(Date.now());
    expect(challenge.parameters.expiresAt! * 1000).toBeGreaterThan(clock.now().getTime());
    const wrongKey = `${solution.derivedKey[0] === '0' ? '1' : '0'}${solution.derivedKey.slice(1)}`;
    const forged = { ...challenge, parameters: { ...challenge.parameters, cost: 1, nonce: '00'.repeat(16) }, signature: 'f'.repeat(64) };
    const cases: [string, unknown][] = [
      ['a wrong derived key', { challenge, solution: { ...solution, derivedKey: wrongKey } }],
      ['a wrong counter and key', { challenge, solution: { counter: solution.counter + 1, derivedKey: '00'.repeat(32) } }],
      ['a forged challenge, unsolved', { challenge: forged, solution: { counter: 1, derivedKey: '00'.repeat(32) } }],
      ['a challenge without its signature', { challenge: { parameters: challenge.parameters }, solution }],
    ];
    for (const [name, proof] of cases) {
      const res = await register(lagging, proof);
      expect(res.status, `${name}: ${res.text}`).toBe(422);
      expect(res.body.errors[0], name).toMatchObject({ code: 'fanProofInvalid', meta: { key: 'fanProofInvalid' }, source: { pointer: '/meta/proof' } });
    }
    // The same challenge, solved: alive on the server's clock, so taken, once.
    const ok = await register(lagging, { challenge, solution });
    expect(ok.status, ok.text).toBe(201);
    expect((await register(lagging, { challenge, solution })).status).toBe(409);
  });

  it('lets the server’s clock decide when a solved proof expires, ahead of the wall clock or behind it', async () => {
    const late = await proofFrom(lagging);
    clock.advance(301_000);
    const expired = await register(lagging, late);
    expect(expired.status, expired.text).toBe(422);
    expect(expired.body.errors[0]).toMatchObject({ code: 'fanProofExpired', source: { pointer: '/meta/proof' } });
    // A forged one past its expiry is not the server's: invalid, not expired.
    const forged = await register(lagging, { ...late, solution: { ...late.solution, derivedKey: '00'.repeat(32) } });
    expect(forged.body.errors[0].code).toBe('fanProofInvalid');
    // Ahead of the wall clock: the library finds it alive, the server's clock has it expired.
    clock.set(Date.now() + HOUR);
    const ahead = await proofFrom(lagging);
    clock.advance(301_000);
    expect((await register(lagging, ahead)).body.errors[0].code).toBe('fanProofExpired');
  });
});

describe('sign-in with a proof of work', () => {
  it('passes the limit per address, and is limited per e-mail instead', async () => {
    const email = `pow${Date.now()}@example.com`;
    const made = await api.post(`/public/v1/fans?client=${CLIENT}`, { data: { type: 'fans', attributes: { email, password: 'bardzo-tajne-haslo', display_name: 'Ala' } }, meta: { proof: await proofFrom(api) } }, { token: null });
    expect(made.status, made.text).toBe(201);
    const signIn = async (password: string, proof?: unknown) =>
      api.post(`/public/v1/fans/sign_in?client=${CLIENT}`, { data: { type: 'fans', attributes: { email, password } }, ...(proof === undefined ? {} : { meta: { proof } }) }, { token: null });
    // The address has used its registrations above: without a proof, refused.
    expect((await signIn('bardzo-tajne-haslo')).status).toBe(429);
    expect((await signIn('bardzo-tajne-haslo', await proofFrom(api))).status).toBe(200);
    // Guesses with proofs still stop at the e-mail's limit (3 an hour here).
    const guesses: number[] = [];
    for (let i = 0; i < 3; i++) guesses.push((await signIn('zle-haslo-123', await proofFrom(api))).status);
    expect(guesses).toEqual([401, 401, 429]);
  });
});

describe('a crowd behind one address', () => {
  it('counts fans’ writes against each fan, and only writes without a fan against the address', async () => {
    // More proved registrations than the address's writes a minute: every one passes.
    const fans: { token: string; device: string }[] = [];
    for (let i = 0; i < 8; i++) {
      const id = device();
      const res = await crowd.post(`/public/v1/fans?client=${CLIENT}`, { data: { type: 'fans', attributes: { device_id: id } }, meta: { proof: await proofFrom(crowd) } }, { token: null });
      expect(res.status, res.text).toBe(201);
      fans.push({ token: res.body.meta.token, device: id });
    }
    // Each fan writes with its token (a browser subscribing to goal alerts): past the address's 5.
    for (const fan of fans) {
      const keys = { p256dh: createECDH('prime256v1').generateKeys('base64url'), auth: randomBytes(16).toString('base64url') };
      const body = { data: { type: 'push_subscriptions', attributes: { endpoint: `https://push.example.com/${fan.device}`, keys, topics: ['news'] } } };
      const res = await crowd.post('/public/v1/push/subscriptions', body, { token: fan.token });
      expect(res.status, res.text).toBe(201);
    }
    // Writes without a fan's token still count against the address: the sixth is refused.
    const anonymous: number[] = [];
    for (let i = 0; i < 6; i++) anonymous.push((await crowd.post('/public/v1/comments', { data: { type: 'comments', attributes: { body: 'Hej' } } }, { token: null })).status);
    expect(anonymous).toEqual([401, 401, 401, 401, 401, 429]);
    // So do new tokens for known devices, which write nothing new.
    const again = await crowd.post(`/public/v1/fans?client=${CLIENT}`, { data: { type: 'fans', attributes: { device_id: fans[0].device } } }, { token: null });
    expect(again.status).toBe(429);
  });
});
