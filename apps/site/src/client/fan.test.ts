// @vitest-environment jsdom
import { createChallenge, verifySolution, type Solution } from 'altcha-lib';
import { deriveKey as nodeDeriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiProblem, createApi, problemText } from './api';
import { readConfig } from './config';
import { createFanSession, type KeyValueStore } from './fan';
import { wordsFor } from './i18n';
import { fakeApi, fanAnswer, problem } from './test/page';

function memoryStore(entries: Record<string, string> = {}): KeyValueStore & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

beforeEach(() => {
  document.documentElement.lang = 'pl';
  document.documentElement.dataset.client = 'ekstraklasa-demo';
  document.documentElement.dataset.api = 'https://api.example.org/public/v1/';
  document.documentElement.dataset.cable = 'wss://live.example.org/cable';
});

describe('the page’s configuration', () => {
  it('reads the league, the API and the realtime endpoint from <html>, absolute or root-relative', () => {
    expect(readConfig()).toEqual({ locale: 'pl', client: 'ekstraklasa-demo', api: 'https://api.example.org/public/v1', cable: 'wss://live.example.org/cable?client=ekstraklasa-demo' });
    document.documentElement.lang = 'en-GB';
    delete document.documentElement.dataset.api;
    delete document.documentElement.dataset.cable;
    expect(readConfig()).toMatchObject({ locale: 'en', api: 'http://localhost:3000/public/v1', cable: 'http://localhost:3000/cable?client=ekstraklasa-demo' });
    document.documentElement.lang = 'de';
    expect(readConfig().locale).toBe('en');
  });
});

describe('the fan of this browser', () => {
  it('behind an address at its limit (a stadium’s Wi-Fi), solves a proof-of-work challenge and registers with it', async () => {
    const secret = 'test-secret';
    const challenge = await createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 10, counter: 25, deriveKey: nodeDeriveKey, hmacSignatureSecret: secret, hmacKeySignatureSecret: `${secret}:key` });
    const api = fakeApi({
      'GET /fans/challenge': [200, { data: { type: 'fan_challenges', id: 'n', attributes: challenge } }],
      'POST /fans': (call) => ((call.body as { meta?: unknown }).meta ? [201, fanAnswer('8', 'device', 'token-8')] : [429, problem(429, 'tooManyRequests')]),
    });
    const config = readConfig();
    const session = createFanSession(config, createApi(config, api.fetch), memoryStore());
    expect(await session.token()).toBe('token-8');
    expect(api.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['POST /public/v1/fans', 'GET /public/v1/fans/challenge', 'POST /public/v1/fans']);
    // The proof the browser found is one the server accepts.
    const { proof } = (api.calls[2].body as { meta: { proof: { challenge: typeof challenge; solution: Solution } } }).meta;
    expect(proof.challenge).toEqual(challenge);
    const checked = await verifySolution({ challenge: proof.challenge, solution: proof.solution, deriveKey: nodeDeriveKey, hmacSignatureSecret: secret, hmacKeySignatureSecret: `${secret}:key` });
    expect(checked.verified).toBe(true);
  });

  it('says the limit was reached when no proof can be had', async () => {
    const api = fakeApi({ 'GET /fans/challenge': [503, problem(503, 'unavailable')], 'POST /fans': [429, problem(429, 'tooManyRequests')] });
    const config = readConfig();
    const session = createFanSession(config, createApi(config, api.fetch), memoryStore());
    await expect(session.token()).rejects.toMatchObject({ status: 429, code: 'tooManyRequests' });
  });

  it('registers one device however many forms ask at once, and keeps its token and device id per league', async () => {
    const api = fakeApi({ 'POST /fans': [201, fanAnswer('7', 'device', 'token-7')] });
    const config = readConfig();
    const store = memoryStore();
    const session = createFanSession(config, createApi(config, api.fetch), store);
    expect(session.current()).toBeNull();
    expect(await Promise.all([session.token(), session.token(), session.token()])).toEqual(['token-7', 'token-7', 'token-7']);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0].url.href).toBe('https://api.example.org/public/v1/fans?client=ekstraklasa-demo');
    expect(api.calls[0].headers['content-type']).toBe('application/vnd.api+json');
    expect(session.current()).toMatchObject({ token: 'token-7', kind: 'device', id: '7' });
    // Another page of the same browser: the kept token, no registration.
    const again = createFanSession(config, createApi(config, api.fetch), store);
    expect(await again.token()).toBe('token-7');
    expect(api.calls).toHaveLength(1);
  });

  it('registers the same device again once its token has expired', async () => {
    const api = fakeApi({ 'POST /fans': [200, fanAnswer('7', 'device', 'fresh')] });
    const config = readConfig();
    const store = memoryStore({
      'umpire:fan:ekstraklasa-demo': JSON.stringify({ token: 'old', expiresAt: new Date(Date.now() - 1000).toISOString(), kind: 'device', id: '7', displayName: '' }),
      'umpire:device:ekstraklasa-demo': 'web-0123456789abcdef0123',
    });
    const session = createFanSession(config, createApi(config, api.fetch), store);
    expect(await session.token()).toBe('fresh');
    expect((api.calls[0].body as any).data.attributes.device_id).toBe('web-0123456789abcdef0123');
  });

  it('does not replace an account’s refused token behind the reader’s back', async () => {
    const config = readConfig();
    const api = fakeApi({});
    const store = memoryStore({ 'umpire:fan:ekstraklasa-demo': JSON.stringify({ token: 'acc', expiresAt: '2999-01-01T00:00:00Z', kind: 'account', id: '8', displayName: 'Kasia' }) });
    const session = createFanSession(config, createApi(config, api.fetch), store);
    await expect(session.run(async () => Promise.reject(new ApiProblem(401, 'unauthorized')))).rejects.toMatchObject({ status: 401 });
    expect(api.calls).toHaveLength(0);
  });

  it('works where the browser keeps nothing (storage refused)', async () => {
    const api = fakeApi({ 'POST /fans': [201, fanAnswer('9', 'device', 'mem')] });
    const config = readConfig();
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {},
    };
    // A store that throws stands for localStorage refused: the fan is kept for this page.
    const session = createFanSession(config, createApi(config, api.fetch), broken);
    expect(await session.token()).toBe('mem');
    expect(await session.token()).toBe('mem');
    expect(api.calls).toHaveLength(1);
  });
});

describe('errors in words', () => {
  it('has its own words for the codes it knows, the server’s detail for others, and a general sentence for the rest', async () => {
    const pl = wordsFor('pl');
    const en = wordsFor('en');
    expect(problemText(new ApiProblem(0, 'network'), pl)).toBe('Brak połączenia z serwerem. Sprawdź połączenie z internetem i spróbuj ponownie.');
    expect(problemText(new ApiProblem(403, 'fanBanned'), en)).toBe('Your fan account is blocked: you can read but not take part.');
    expect(problemText(new ApiProblem(422, 'predictionClosed'), pl)).toBe('Typowanie tego meczu jest już zamknięte: mecz się rozpoczął.');
    expect(problemText(new ApiProblem(422, 'somethingNew', 'Pole „x” jest wymagane.'), pl)).toBe('Pole „x” jest wymagane.');
    expect(problemText(new ApiProblem(503, 'unavailable', 'internal words'), en)).toBe('Something went wrong. Try again later.');
    expect(problemText(new TypeError('x'), en)).toBe('Something went wrong. Try again later.');
    // The server's answer becomes a problem with its code, detail and pointer; the language is asked for.
    const api = fakeApi({ 'POST /quizzes/1/attempts': [422, { errors: [{ status: '422', code: 'quizForeignAnswer', detail: 'd', source: { pointer: '/data/attributes/answers/0/question' } }] }] });
    const client = createApi(readConfig(), api.fetch);
    await expect(client.post('/quizzes/1/attempts', {})).rejects.toMatchObject({ status: 422, code: 'quizForeignAnswer', detail: 'd', pointer: '/data/attributes/answers/0/question' });
    expect(api.calls[0].headers['accept-language']).toBe('pl');
    const html = fakeApi({ 'GET /quizzes/1': [502, null] });
    await expect(createApi(readConfig(), html.fetch).get('/quizzes/1')).rejects.toMatchObject({ status: 502, code: 'http' });
    expect(problem(400, 'x').errors[0].code).toBe('x');
  });
});
