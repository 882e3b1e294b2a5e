import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, incidentBody, type MatchFixture } from './support/fixtures';
import { startTestServer, type TestServer } from './support/test-server';
import { waitFor } from './support/wait';

/**
 * The integrators' handbook (docs/integrators) shows runnable examples: each is run here as a reader
 * would run it (plain Node, no dependencies, its settings in environment variables) against a real
 * server on the demo data, and must end with 0 having printed what it read or did.
 */
const EXAMPLES = fileURLToPath(new URL('../../../docs/integrators/examples/', import.meta.url));
const CLIENT = 'ekstraklasa-demo';

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

/** Starts an example with only the given variables set. */
function start(name: string, env: Record<string, string>): Run {
  const child = spawn(process.execPath, [name], { cwd: EXAMPLES, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

/** Runs an example to its end: its exit code and output. */
async function run(name: string, env: Record<string, string> = {}) {
  const r = start(name, { UMPIRE_URL: api.url, UMPIRE_CLIENT: CLIENT, ...env });
  const code = await r.exit;
  return { code, stdout: r.stdout(), stderr: r.stderr(), all: `${r.stdout()}\n${r.stderr()}` };
}

let api: TestServer;
let serverClosed = false;
let receiver: Run;
let deliveryKey: string;
let webhookSecret: string;
let match: MatchFixture;
const purgeToken = randomBytes(16).toString('hex');

beforeAll(async () => {
  // The purge receiver first: the server is started with its address as the purge hook.
  receiver = start('purge-receiver.mjs', { UMPIRE_PURGE_TOKEN: purgeToken, UMPIRE_PURGE_PORT: '0' });
  const address = await waitFor('the purge receiver to listen', async () => /listening on (\S+)/.exec(receiver.stdout())?.[1], 10_000);
  api = await startTestServer({}, { DELIVERY_PURGE_URL: address, DELIVERY_PURGE_TOKEN: purgeToken });
  const key = await api.post('/api/v3/delivery_keys', { data: { type: 'delivery_keys', attributes: { name: 'Handbook examples' } } });
  expect(key.status, key.text).toBe(201);
  deliveryKey = key.body.meta.secret;
  const secret = await api.post('/api/v3/ott/payment_webhook/rotate_secret', undefined);
  expect(secret.status, secret.text).toBe(200);
  webhookSecret = secret.body.meta.secret;
  match = await createMatch(api);
});

afterAll(async () => {
  if (!serverClosed) await api?.close();
  if (receiver && receiver.child.exitCode === null) receiver.child.kill('SIGTERM');
});

describe('the integrators’ examples', () => {
  it('fixtures-and-table.mjs reads the table and the next matches with a delivery key', async () => {
    const r = await run('fixtures-and-table.mjs', { UMPIRE_DELIVERY_KEY: deliveryKey, UMPIRE_CLIENT: 'no-such-league' });
    expect(r.code, r.all).toBe(0);
    expect(r.stdout).toContain('PKO BP Ekstraklasa: PKO BP Ekstraklasa');
    // Five rows of the table with their clubs' names, and matches with both clubs' names.
    expect(r.stdout.match(/^ {0,1}\d\. \S.* \d+ played, \d+ pts$/gm)).toHaveLength(5);
    expect(r.stdout).toMatch(/^\d{4}-\d\d-\d\dT\S+ {2}.+: [^?]+ – [^?]+$/m);
  });

  it('fixtures-and-table.mjs fails with a revoked key', async () => {
    const key = await api.post('/api/v3/delivery_keys', { data: { type: 'delivery_keys', attributes: { name: 'Revoked' } } });
    expect((await api.post(`/api/v3/delivery_keys/${key.body.data.id}/revoke`, undefined)).status).toBe(200);
    const r = await run('fixtures-and-table.mjs', { UMPIRE_DELIVERY_KEY: key.body.meta.secret });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('invalidDeliveryKey');
  });

  it('conditional-request.mjs gets a 304 for the ETag it was given', async () => {
    const r = await run('conditional-request.mjs');
    expect(r.code, r.all).toBe(0);
    expect(r.stdout).toMatch(/^200: \d+ clubs, ETag "/m);
    expect(r.stdout).toMatch(/^304 with If-None-Match "/m);
    expect(r.stdout).toContain('Surrogate-Key: umpire umpire:c1 umpire:c1:clubs');
  });

  it('live-scores.mjs follows a match over /cable and sees the goal staff post', async () => {
    const live = start('live-scores.mjs', { UMPIRE_URL: api.url, UMPIRE_CLIENT: CLIENT, UMPIRE_MATCH_ID: match.matchId, UMPIRE_LIVE_SCORES: '1', UMPIRE_LIVE_SECONDS: '25' });
    await waitFor('the snapshot', async () => live.stdout().includes('snapshot:') || live.child.exitCode !== null, 15_000);
    expect(live.stdout(), live.stderr()).toContain(`subscribed to match ${match.matchId}`);
    expect(live.stdout()).toContain('snapshot: not_started, 0:0, 0 incidents');
    const goal = await api.post('/api/v3/incidents', incidentBody(match, { incident_type: 'goal', occurrence_half: 1, occurrence_minute: 23 }, { squad: match.homeSquad, player: match.homePlayers[0] }));
    expect(goal.status, goal.text).toBe(201);
    expect(await live.exit, live.stdout() + live.stderr()).toBe(0);
    expect(live.stdout()).toContain("incident created: goal 23'");
    expect(live.stdout()).toMatch(/^score 0:0 → 1:0 /m);
    expect(live.stdout()).toContain('saw 1 score change(s)');
  });

  it('fan-prediction.mjs registers with a solved proof of work and predicts a match', async () => {
    const r = await run('fan-prediction.mjs');
    expect(r.code, r.all).toBe(0);
    expect(r.stdout).toMatch(/^proof of work: counter \d+ found/m);
    const [, fanId] = /^fan (\d+) registered/m.exec(r.stdout)!;
    const [, predictionId, matchId] = /^prediction (\d+): match (\d+) /m.exec(r.stdout)!;
    // As staff see it: the fan's 2:1 on that match.
    const row = await api.get(`/api/v3/match_predictors/user_results/${predictionId}`);
    expect(row.status, row.text).toBe(200);
    expect(row.body.data.attributes).toMatchObject({ home_score: 2, away_score: 1 });
    expect(row.body.data.relationships.match.data.id).toBe(matchId);
    const fan = await api.get(`/api/v3/fans/${fanId}`);
    expect(fan.body.data.attributes).toMatchObject({ kind: 'device' });
    expect(r.stdout).toContain('the fan has 1 prediction(s)');
  });

  it('fan-quiz.mjs starts an attempt, answers every question and is scored and ranked', async () => {
    const r = await run('fan-quiz.mjs');
    expect(r.code, r.all).toBe(0);
    const [, questions] = /^started at \S+, (\d+) questions/m.exec(r.stdout)!;
    expect(r.stdout.match(/^ {2}.+ → .+$/gm)).toHaveLength(Number(questions));
    const [, attemptId, score, max] = /^attempt (\d+): (\d+)\/(\d+) in [\d.]+ s, rank \d+$/m.exec(r.stdout)!;
    expect(Number(max)).toBe(Number(questions));
    // As staff see it: the attempt, its score, and the server's time (at least a second a question).
    const attempt = await api.get(`/api/v3/quiz_user_attempts/${attemptId}`);
    expect(attempt.status, attempt.text).toBe(200);
    expect(attempt.body.data.attributes.score).toBe(Number(score));
    expect(attempt.body.data.attributes.time_taken_ms).toBeGreaterThanOrEqual(Number(questions) * 1000);
  });

  it('push-subscription.mjs subscribes with made-up browser keys, topics and alert kinds', async () => {
    const r = await run('push-subscription.mjs');
    expect(r.code, r.all).toBe(0);
    expect(r.stdout).toMatch(/^VAPID public key: B[\w-]{86}$/m);
    expect(r.stdout).toMatch(/^subscription \d+ for fan \d+: topics club:\d+, competition:\d+, match:\d+, news; alerts goal, red_card, full_time, news$/m);
    expect(r.stdout).toContain('alerts now goal, red_card, kick_off, full_time, news');
  });

  it('paid-video.mjs is refused, signs the payment webhook, and is then let in', async () => {
    const r = await run('paid-video.mjs', { UMPIRE_WEBHOOK_SECRET: webhookSecret });
    expect(r.code, r.all).toBe(0);
    expect(r.stdout).toMatch(/: 403 entitlementRequired$/m);
    const [, entitlementId] = /^webhook: entitlement (\d+) granted \(duplicate: false\)$/m.exec(r.stdout)!;
    expect(r.stdout).toMatch(/^playback allowed|^playback: /m);
    const entitlement = await api.get(`/api/v3/ott/entitlements/${entitlementId}`);
    expect(entitlement.body.data.attributes).toMatchObject({ source: 'webhook', kind: 'event' });
    // A wrong secret is refused, and the example says so.
    const wrong = await run('paid-video.mjs', { UMPIRE_WEBHOOK_SECRET: 'whsec_wrong' });
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain('webhookSignatureInvalid');
  });

  it('purge-receiver.mjs gets the surrogate keys of a change, with the purge token', async () => {
    const club = (await api.get('/api/v3/clubs?page[size]=1')).body.data[0];
    const renamed = await api.patch(`/api/v3/clubs/${club.id}`, { data: { type: 'clubs', id: club.id, attributes: { short_name: 'Handbook' } } });
    expect(renamed.status, renamed.text).toBe(200);
    const line = await waitFor('the purge of clubs', async () => /^purge \d+: .*$/m.exec(receiver.stdout().split('\n').filter((l) => l.includes(':clubs')).join('\n'))?.[0], 10_000);
    expect(line.split(' ')).toEqual(expect.arrayContaining(['umpire:c1:clubs']));
    // A call without the token is refused.
    const address = /listening on (\S+)/.exec(receiver.stdout())![1];
    expect((await fetch(address, { method: 'POST', body: '{"surrogate_keys":["x"]}' })).status).toBe(401);
    // The server first (its last purges go out), then the receiver, which stops cleanly.
    await api.close();
    serverClosed = true;
    receiver.child.kill('SIGTERM');
    expect(await receiver.exit, receiver.stderr()).toBe(0);
    expect(receiver.stdout()).toMatch(/stopped after \d+ purge call\(s\)/);
    expect(receiver.stdout()).toContain('refused a call without the purge token');
  });
});
