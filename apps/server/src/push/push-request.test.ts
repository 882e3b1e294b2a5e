import { createSecureServer, constants, type Http2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loopbackCertificate } from '../../test/support/push-service';
import { closePushSessions, postToPushService, publicOnlyLookup, type PushRequest, type ResolveAll } from './push-request';

const request: PushRequest = { method: 'POST', headers: { TTL: '60', 'Content-Type': 'application/octet-stream' }, body: Buffer.from('x'), timeoutMs: 5_000, allowLoopback: true };

afterEach(() => closePushSessions());

/**
 * An HTTP/2 push service on 127.0.0.1 that refuses the first stream it gets (REFUSED_STREAM: not
 * processed, RFC 9113 §8.7), and never answers a path starting with /silent.
 */
async function refusingOnce() {
  const sessions: Http2Session[] = [];
  const answered: string[] = [];
  let refused = 0;
  const server = createSecureServer(loopbackCertificate(), (req, res) => {
    if (!refused++) return void req.stream.close(constants.NGHTTP2_REFUSED_STREAM);
    if (req.url.startsWith('/silent')) return;
    answered.push(req.url);
    res.writeHead(201).end();
  });
  server.on('session', (s: Http2Session) => sessions.push(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sessions,
    answered,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sessions) s.destroy();
        server.close(() => r());
      }),
  };
}

/** Runs `test` against a fresh `refusingOnce` service, closed afterwards whatever happens. */
async function withService(test: (service: Awaited<ReturnType<typeof refusingOnce>>) => Promise<void>) {
  const service = await refusingOnce();
  try {
    await test(service);
  } finally {
    await service.close();
  }
}

describe('postToPushService over HTTP/2', () => {
  it('sends a message the service refused unread once more, and it arrives once', async () => {
    await withService(async (service) => {
      const res = await postToPushService(`${service.url}/push/1`, request);
      expect(res).toEqual({ status: 201, protocol: 'h2' });
      expect(service.answered).toEqual(['/push/1']);
    });
  });

  it('keeps one session per origin for many messages at once', async () => {
    await withService(async (service) => {
      const all = await Promise.all(Array.from({ length: 50 }, (_, i) => postToPushService(`${service.url}/push/${i}`, request)));
      expect(all.every((r) => r.status === 201 && r.protocol === 'h2')).toBe(true);
      // One connection, fifty messages, each arriving once (the refused one sent again).
      expect(service.sessions).toHaveLength(1);
      expect(service.answered.sort()).toEqual(Array.from({ length: 50 }, (_, i) => `/push/${i}`).sort());
    });
  });

  it('refuses an https endpoint on 127.0.0.1 unless loopback is allowed, before connecting', async () => {
    await withService(async (service) => {
      await expect(postToPushService(`${service.url}/push/1`, { ...request, allowLoopback: false })).rejects.toMatchObject({ code: 'EINTERNALADDRESS' });
      expect(service.sessions).toHaveLength(0);
    });
  });

  it('posts to the path URL parsing makes of an endpoint: dot segments, plain or escaped, are resolved as before', async () => {
    await withService(async (service) => {
      await postToPushService(`${service.url}/push/0`, request);
      // The origin is known by now: its endpoints' paths are taken as they are only when URL would leave them so.
      for (const endpoint of ['/push/a/../1', '/push/%2e%2e/2', '/push/./3', '/push/4?x=1']) expect((await postToPushService(`${service.url}${endpoint}`, request)).status).toBe(201);
      expect(service.answered).toEqual(['/push/0', '/push/1', '/2', '/push/3', '/push/4?x=1']);
    });
  });

  it('gives up on a message the service never answers (timeout), while the session carries the others', async () => {
    await withService(async (service) => {
      await postToPushService(`${service.url}/push/0`, request);
      const silent = postToPushService(`${service.url}/silent/1`, { ...request, timeoutMs: 200 });
      expect((await postToPushService(`${service.url}/push/2`, request)).status).toBe(201);
      await expect(silent).rejects.toMatchObject({ name: 'TimeoutError' });
      expect((await postToPushService(`${service.url}/push/3`, request)).status).toBe(201);
      expect(service.sessions).toHaveLength(1);
    });
  });
});

describe('the lookup of push services’ names', () => {
  /** Answers as a fan's DNS might: a name's addresses, all at once. */
  const answers: Record<string, { address: string; family: number }[]> = {
    'nat64.push.test': [{ address: '64:ff9b::7f00:1', family: 6 }],
    'mapped.push.test': [{ address: '::ffff:169.254.169.254', family: 6 }],
    'multicast.push.test': [{ address: '224.0.0.251', family: 4 }],
    'documentation.push.test': [{ address: '2001:db8::1', family: 6 }],
    'one-inside.push.test': [
      { address: '8.8.8.8', family: 4 },
      { address: '192.168.0.1', family: 4 },
    ],
    'nothing.push.test': [],
    'public.push.test': [
      { address: '142.250.74.42', family: 4 },
      { address: '2a00:1450:4001:82b::200a', family: 6 },
    ],
  };
  const resolve: ResolveAll = (hostname, _options, callback) => process.nextTick(() => callback(null, answers[hostname]));
  const lookup = (hostname: string, all: boolean) =>
    new Promise<unknown>((ok, fail) => publicOnlyLookup(resolve)(hostname, { all }, (err: Error | null, address: unknown) => (err ? fail(err) : ok(address))));

  it('refuses a name when any address it resolves to is not public, by the subscribe check’s table', async () => {
    for (const name of Object.keys(answers).filter((n) => n !== 'public.push.test'))
      for (const all of [false, true]) await expect(lookup(name, all), name).rejects.toMatchObject({ code: 'EINTERNALADDRESS' });
  });

  it('gives a name whose addresses are all public to the connection', async () => {
    expect(await lookup('public.push.test', false)).toBe('142.250.74.42');
    expect(await lookup('public.push.test', true)).toEqual(answers['public.push.test']);
  });
});
