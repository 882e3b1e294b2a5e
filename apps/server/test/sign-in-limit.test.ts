import { afterEach, describe, expect, it } from 'vitest';
import { parseTrustProxy, type SignInLimits } from '../src/config';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { startTestServer, type ApiResponse, type TestServer } from './support/test-server';

/**
 * Each test has its own server: failures are counted across the whole database. Behind a trusted
 * proxy, X-Forwarded-For sets the address, so one test can play an office and an attacker.
 */
const LIMITS: SignInLimits = {
  pair: { max: 3, windowSeconds: 60 },
  address: { max: 6, windowSeconds: 60 },
  username: { max: 5, windowSeconds: 60 },
  device: { max: 3, windowSeconds: 60 },
};
const OFFICE = '198.51.100.10';
const ELSEWHERE = '203.0.113.20';

let api: TestServer;
async function start(limits: Partial<SignInLimits> = {}) {
  // One proxy in front: the test's own X-Forwarded-For entry is the client's address.
  api = await startTestServer({ trustProxy: parseTrustProxy('1'), signInLimits: { ...LIMITS, ...limits } });
}
afterEach(() => api?.close());

interface Attempt {
  from?: string;
  cookie?: string;
  lang?: string;
}

function signIn(username: string, password: string, { from = OFFICE, cookie, lang }: Attempt = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { 'x-forwarded-for': from };
  if (cookie) headers.cookie = cookie;
  if (lang) headers['accept-language'] = lang;
  return api.post('/auth/v1/sign_in', { data: { type: 'sign_in', attributes: { username, password } } }, { token: null, headers });
}

/** The device cookie a successful sign-in set, as `name=value`. */
function deviceCookie(res: ApiResponse): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('umpire_device_'));
  if (!cookie) throw new Error(`no device cookie in ${JSON.stringify(res.headers.getSetCookie())}`);
  return cookie.split(';')[0];
}

async function fail(times: number, username: (i: number) => string, from = OFFICE) {
  for (let i = 0; i < times; i++) expect((await signIn(username(i), 'wrong password', { from })).status).toBe(401);
}

function expectLimited(res: ApiResponse, windowSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= windowSeconds, `Retry-After ${retryAfter}`).toBe(true);
  expect(res.body.errors[0]).toMatchObject({ status: '429', code: 'tooManyRequests', meta: { key: 'tooManyRequests' } });
  return retryAfter;
}

describe('sign-in limits', () => {
  it('locks one username at one address while a colleague at the same address signs in', async () => {
    await start();
    await fail(LIMITS.pair.max, (i) => (i % 2 ? ' Operator ' : 'operator'));
    expectLimited(await signIn('operator', 'wrong again'), LIMITS.pair.windowSeconds);
    // Even the right password waits now, and the answer says for how long.
    const right = await signIn('operator', DEMO_PASSWORD);
    expectLimited(right, LIMITS.pair.windowSeconds);
    expect(right.body.errors[0].detail).toMatch(/^Too many failed sign-in attempts; try again in \d+ (seconds?|minutes?)\.$/);
    expect((await signIn('editor', DEMO_PASSWORD)).status).toBe(200);
    expect((await signIn('operator', DEMO_PASSWORD, { from: ELSEWHERE })).status).toBe(200);
  });

  it('stops spraying many usernames from one address at the address ceiling, and the gateway page says when to retry', async () => {
    await start();
    await fail(LIMITS.address.max, (i) => `user-${i}`);
    const right = await signIn('admin', DEMO_PASSWORD);
    expectLimited(right, LIMITS.address.windowSeconds);
    const polish = await signIn('admin', DEMO_PASSWORD, { lang: 'pl' });
    expect(polish.body.errors[0].detail).toMatch(/^Zbyt wiele nieudanych prób logowania; spróbuj ponownie za \d+ (sekund[ęy]?|minut[ęy]?)\.$/);
    for (const [lang, text] of [
      ['pl', 'Zbyt wiele nieudanych prób logowania; spróbuj ponownie za '],
      ['en', 'Too many failed sign-in attempts; try again in '],
    ] as const) {
      const form = await fetch(`${api.url}/auth/v1/sign_in`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': OFFICE, 'accept-language': lang },
        body: new URLSearchParams({ username: 'admin', password: DEMO_PASSWORD, redirect: '/' }).toString(),
        redirect: 'manual',
      });
      expect(form.status).toBe(429);
      expect(Number(form.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await form.text()).toContain(text);
    }
    expect((await signIn('admin', DEMO_PASSWORD, { from: ELSEWHERE })).status).toBe(200);
  });

  it('lets a browser that signed in before keep signing in past the address ceiling, judged by its own failures', async () => {
    await start();
    const first = await signIn('admin', DEMO_PASSWORD);
    expect(first.status).toBe(200);
    const setCookie = first.headers.getSetCookie().find((c) => c.startsWith('umpire_device_')) ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/auth\/v1/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    const cookie = deviceCookie(first);

    await fail(LIMITS.address.max, (i) => `user-${i}`);
    expectLimited(await signIn('admin', DEMO_PASSWORD), LIMITS.address.windowSeconds);
    expect((await signIn('admin', DEMO_PASSWORD, { cookie })).status).toBe(200);
    // The cookie's own counter still stops guessing on that browser.
    for (let i = 0; i < LIMITS.device.max; i++) expect((await signIn('admin', 'wrong', { cookie })).status).toBe(401);
    expectLimited(await signIn('admin', DEMO_PASSWORD, { cookie }), LIMITS.device.windowSeconds);
  });

  it('gives no exemption for a forged device cookie or one of another account', async () => {
    await start();
    const editor = deviceCookie(await signIn('editor', DEMO_PASSWORD));
    const admin = deviceCookie(await signIn('admin', DEMO_PASSWORD, { from: ELSEWHERE }));
    const [adminName, adminValue] = admin.split('=') as [string, string];
    const [device, expires, mac] = adminValue.split('.') as [string, string, string];
    await fail(LIMITS.address.max, (i) => `user-${i}`);

    const refused = [
      editor, // another account's cookie, as it is
      `${adminName}=${editor.split('=')[1]}`, // another account's value under this account's name
      `${adminName}=${device.slice(0, -1)}${device.endsWith('A') ? 'B' : 'A'}.${expires}.${mac}`, // a device id of one's own
      `${adminName}=${device}.${Number(expires) + 86_400}.${mac}`, // a longer life
      `${adminName}=garbage`,
    ];
    for (const cookie of refused) expectLimited(await signIn('admin', DEMO_PASSWORD, { cookie }), LIMITS.address.windowSeconds);
    // The genuine cookie works from any address.
    expect((await signIn('admin', DEMO_PASSWORD, { cookie: admin })).status).toBe(200);
  });

  it('holds back guessing one account from many addresses, but not the account on its own browser', async () => {
    await start();
    const cookie = deviceCookie(await signIn('viewer', DEMO_PASSWORD));
    for (let i = 0; i < LIMITS.username.max; i++) expect((await signIn('viewer', 'wrong', { from: `192.0.2.${i + 1}` })).status).toBe(401);
    expectLimited(await signIn('viewer', DEMO_PASSWORD, { from: '192.0.2.200' }), LIMITS.username.windowSeconds);
    expect((await signIn('viewer', DEMO_PASSWORD, { from: '192.0.2.200', cookie })).status).toBe(200);
    expect((await signIn('editor', DEMO_PASSWORD, { from: '192.0.2.1' })).status).toBe(200);
  });

  it('lifts the per-pair lock once its window has passed', async () => {
    await start({ pair: { max: 2, windowSeconds: 1 } });
    await fail(2, () => 'operator');
    const retryAfter = expectLimited(await signIn('operator', DEMO_PASSWORD), 1);
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    expect((await signIn('operator', DEMO_PASSWORD)).status).toBe(200);
  });

  it('prunes failures older than every window', async () => {
    await start();
    const { db } = api.server.database;
    const longest = Math.max(...Object.values(LIMITS).map((l) => l.windowSeconds));
    await db.insertInto('sign_in_failures').values({ key: 'ip:192.0.2.99', failed_at: Date.now() - (longest + 5) * 1000 }).execute();
    await fail(1, () => 'nobody');
    const left = await db.selectFrom('sign_in_failures').select('key').execute();
    expect(left.map((r) => r.key).sort()).toEqual([`ip:${OFFICE}`, `pair:nobody|${OFFICE}`, 'user:nobody']);
  });
});
