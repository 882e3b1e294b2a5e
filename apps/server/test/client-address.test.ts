import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The client's address behind a proxy (issue 38, point 4): with TRUST_PROXY=1 the right-most
 * X-Forwarded-For entry (the one the proxy wrote) is the address, whatever the client put before
 * it; unset, the header is not read. The same for HTTP (fan registrations, staff sign-ins) and for
 * /cable's upgrade. Small limits per address show which address each request counted against.
 */
const LIMITS = { FAN_LIMITS: 'register=2/3600', SIGN_IN_LIMITS: 'address=2/3600', CABLE_PUBLIC_CONNECTIONS_PER_ADDRESS: '2' };

let behindProxy: TestServer;
let direct: TestServer;
beforeAll(async () => {
  // One after the other: a server that seeds its own demo data sets the process's clocks meanwhile.
  behindProxy = await startTestServer({}, { ...LIMITS, TRUST_PROXY: '1' });
  direct = await startTestServer({}, LIMITS);
});
afterAll(async () => {
  await behindProxy?.close();
  await direct?.close();
});

let serial = 0;
const register = (api: TestServer, forwarded: string) =>
  api.post('/public/v1/fans?client=ekstraklasa-demo', { data: { type: 'fans', attributes: { device_id: `address-device-${++serial}-abcdef` } } }, { token: null, headers: { 'x-forwarded-for': forwarded } });

const signIn = (api: TestServer, username: string, password: string, forwarded: string) =>
  api.post('/auth/v1/sign_in', { data: { type: 'sign_in', attributes: { username, password } } }, { token: null, headers: { 'x-forwarded-for': forwarded } });

/** Opens a fan's /cable connection claiming `forwarded`: 101 when it opened, else the refusal's status. */
function connect(api: TestServer, forwarded: string, sockets: WebSocket[]): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${api.url.replace('http', 'ws')}/cable?client=ekstraklasa-demo`, ['actioncable-v1-json'], { headers: { 'x-forwarded-for': forwarded } });
    sockets.push(ws);
    ws.on('open', () => resolve(101));
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(0));
  });
}

describe('with TRUST_PROXY=1', () => {
  it("counts a fan's registrations against the right-most X-Forwarded-For entry, whatever comes before it", async () => {
    expect((await register(behindProxy, '198.51.100.1, 203.0.113.9')).status).toBe(201);
    expect((await register(behindProxy, '198.51.100.2, 203.0.113.9')).status).toBe(201);
    expect((await register(behindProxy, '198.51.100.3, 203.0.113.9')).status).toBe(429);
    // Another address the proxy saw: its own count.
    expect((await register(behindProxy, '198.51.100.3, 203.0.113.10')).status).toBe(201);
  });

  it('counts failed sign-ins the same way', async () => {
    expect((await signIn(behindProxy, 'nobody-1', 'wrong password', '198.51.100.1, 203.0.113.20')).status).toBe(401);
    expect((await signIn(behindProxy, 'nobody-2', 'wrong password', '198.51.100.2, 203.0.113.20')).status).toBe(401);
    expect((await signIn(behindProxy, 'admin', DEMO_PASSWORD, '198.51.100.3, 203.0.113.20')).status).toBe(429);
    expect((await signIn(behindProxy, 'admin', DEMO_PASSWORD, '198.51.100.3, 203.0.113.21')).status).toBe(200);
  });

  it("counts a fan's /cable connections the same way", async () => {
    const sockets: WebSocket[] = [];
    try {
      expect(await connect(behindProxy, '198.51.100.1, 203.0.113.30', sockets)).toBe(101);
      expect(await connect(behindProxy, '198.51.100.2, 203.0.113.30', sockets)).toBe(101);
      expect(await connect(behindProxy, '198.51.100.3, 203.0.113.30', sockets)).toBe(429);
      expect(await connect(behindProxy, '198.51.100.3, 203.0.113.31', sockets)).toBe(101);
    } finally {
      for (const ws of sockets) ws.close();
    }
  });

  it('builds the links of public answers on the Host asked for, never on X-Forwarded-Host (a CDN would keep them for everyone)', async () => {
    const host = new URL(behindProxy.url).host;
    for (const path of ['/public/v1/clubs?client=ekstraklasa-demo&page[size]=2', '/public/v1/match_predictors/rankings?client=ekstraklasa-demo', '/site/pl/']) {
      const res = await fetch(behindProxy.url + path, { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-for': '198.51.100.70', 'cache-control': 'no-cache' } });
      const text = await res.text();
      expect(res.status, path).toBe(200);
      expect(text, path).not.toContain('evil.example');
      if (path.startsWith('/public/v1/clubs')) expect(text, path).toContain(`http://${host}/public/v1/clubs/`);
    }
  });
});

describe('without TRUST_PROXY', () => {
  it('counts every registration, sign-in and /cable connection against the connecting address, whatever X-Forwarded-For says', async () => {
    expect((await register(direct, '203.0.113.40')).status).toBe(201);
    expect((await register(direct, '203.0.113.41')).status).toBe(201);
    expect((await register(direct, '203.0.113.42')).status).toBe(429);

    expect((await signIn(direct, 'nobody-1', 'wrong password', '203.0.113.50')).status).toBe(401);
    expect((await signIn(direct, 'nobody-2', 'wrong password', '203.0.113.51')).status).toBe(401);
    expect((await signIn(direct, 'admin', DEMO_PASSWORD, '203.0.113.52')).status).toBe(429);

    const sockets: WebSocket[] = [];
    try {
      expect(await connect(direct, '203.0.113.60', sockets)).toBe(101);
      expect(await connect(direct, '203.0.113.61', sockets)).toBe(101);
      expect(await connect(direct, '203.0.113.62', sockets)).toBe(429);
    } finally {
      for (const ws of sockets) ws.close();
    }
  });
});
