import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { endpointError, isAuthSecret, isInternalHost, isP256Point, isPublicAddress, readSubscription } from './subscription-input';

const browserKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};
const body = (attributes: Record<string, unknown>) => ({ data: { type: 'push_subscriptions', attributes } });

describe('push subscription input', () => {
  it('takes https push services and, only when allowed, http on 127.0.0.1', () => {
    expect(endpointError('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(false);
    expect(endpointError('https://updates.push.services.mozilla.com/wpush/v2/x', false)).toBe(false);
    for (const bad of ['http://push.example.com/x', 'https://localhost/x', 'https://127.0.0.1/x', 'https://192.168.1.2/x', 'https://[::1]/x', 'https://u:p@push.example.com/', 'ftp://x', 'x', 42, null])
      expect(endpointError(bad, false), String(bad)).toBe(true);
    expect(endpointError('http://127.0.0.1:9000/push/1', false)).toBe(true);
    expect(endpointError('http://127.0.0.1:9000/push/1', true)).toBe(false);
    expect(endpointError('http://10.0.0.1:9000/push/1', true)).toBe(true);
    expect(endpointError(`https://push.example.com/${'x'.repeat(2100)}`, false)).toBe(true);
  });

  it('calls only global unicast addresses, by the maintained table of special ranges', () => {
    const refused = [
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.254', 'private'],
      ['192.168.1.2', 'private'],
      ['100.64.0.1', 'carrier-grade NAT'],
      ['100.127.255.254', 'carrier-grade NAT'],
      ['169.254.169.254', 'link-local (cloud metadata)'],
      ['127.0.0.1', 'loopback'],
      ['127.5.6.7', 'loopback'],
      ['0.0.0.0', 'unspecified'],
      ['0.1.2.3', 'this network'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['255.255.255.255', 'broadcast'],
      ['240.0.0.1', 'reserved'],
      ['192.0.0.8', 'IETF protocol assignments'],
      ['192.0.2.1', 'documentation'],
      ['198.51.100.7', 'documentation'],
      ['203.0.113.9', 'documentation'],
      ['198.18.0.1', 'benchmarking'],
      ['::', 'unspecified'],
      ['::1', 'loopback'],
      ['fc00::1', 'unique local'],
      ['fd12:3456::1', 'unique local'],
      ['fe80::1', 'link-local'],
      ['fec0::1', 'site-local'],
      ['ff02::1', 'multicast'],
      ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
      ['::ffff:7f00:1', 'IPv4-mapped loopback, in hex'],
      ['::ffff:10.0.0.1', 'IPv4-mapped private'],
      ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
      ['64:ff9b::a00:1', 'NAT64 of a private address'],
      ['64:ff9b::7f00:1', 'NAT64 of loopback'],
      ['64:ff9b:1::a00:1', 'local-use NAT64'],
      ['::a00:1', 'IPv4-compatible (deprecated)'],
      ['2001:db8::1', 'documentation'],
      ['3fff::1', 'documentation'],
      ['2002:a00:1::1', '6to4'],
      ['2001:0:a00:1::1', 'Teredo'],
      ['2001:2::1', 'benchmarking'],
      ['100::1', 'discard'],
      ['not an address', 'not an address'],
    ];
    for (const [address, why] of refused) expect(isPublicAddress(address), `${address} (${why})`).toBe(false);
    for (const address of ['8.8.8.8', '1.1.1.1', '142.250.74.42', '2001:4860:4860::8888', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('judges a host by the same table, and a name of this machine or a local network by its name', () => {
    for (const host of ['10.0.0.1', '[::1]', '[::ffff:7f00:1]', '[64:ff9b::a00:1]', '100.64.1.1', 'localhost', 'LOCALHOST.', 'api.localhost', 'metadata.google.internal', 'printer.local', 'router.home.arpa'])
      expect(isInternalHost(host), host).toBe(true);
    for (const host of ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '8.8.8.8', '[2001:4860:4860::8888]']) expect(isInternalHost(host), host).toBe(false);
    // The subscribe check uses it on the address as URL parsing writes it (hex, short and mapped forms normalised).
    for (const endpoint of ['https://0x7f.1/x', 'https://2130706433/x', 'https://10.1/x', 'https://[::ffff:127.0.0.1]/x', 'https://[::ffff:a00:1]/x', 'https://[64:ff9b::a00:1]/x', 'https://100.64.0.1/x', 'https://169.254.169.254/latest', 'https://[fe80::1]/x', 'https://224.0.0.1/x', 'https://255.255.255.255/x', 'https://0.0.0.0/x', 'https://localhost./x', 'https://192.0.2.1/x'])
      expect(endpointError(endpoint, false), endpoint).toBe(true);
    for (const endpoint of ['https://8.8.8.8/push/1', 'https://[2001:4860:4860::8888]/push/1']) expect(endpointError(endpoint, false), endpoint).toBe(false);
    // The tests' loopback allowance is the literal 127.0.0.1 alone.
    for (const endpoint of ['https://127.0.0.2/x', 'https://[::1]/x', 'https://[::ffff:127.0.0.1]/x', 'https://localhost/x']) expect(endpointError(endpoint, true), endpoint).toBe(true);
  });

  it('checks the keys the way a browser makes them: a P-256 point and 16 bytes', () => {
    const keys = browserKeys();
    expect(isP256Point(keys.p256dh)).toBe(true);
    expect(isAuthSecret(keys.auth)).toBe(true);
    expect(isP256Point(Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url'))).toBe(false);
    expect(isP256Point(Buffer.from(keys.p256dh, 'base64url').subarray(0, 33).toString('base64url'))).toBe(false);
    expect(isP256Point('not base64!')).toBe(false);
    expect(isAuthSecret(randomBytes(15).toString('base64url'))).toBe(false);
    expect(isAuthSecret(randomBytes(32).toString('base64url'))).toBe(false);
  });

  it('reads a PushSubscription with the fan’s choices, and names each bad field', () => {
    const keys = browserKeys();
    const ok = readSubscription(body({ endpoint: 'https://push.example.com/1', keys, expirationTime: null, topics: ['club:1', 'club:1', 'news'], locale: 'en' }), { create: true, allowLoopback: false });
    expect(ok.errors).toEqual([]);
    expect(ok.input).toEqual({ endpoint: 'https://push.example.com/1', p256dh: keys.p256dh, auth: keys.auth, locale: 'en', topics: ['club:1', 'news'] });
    const bad = readSubscription(body({ endpoint: 'http://x', keys: { p256dh: 'AA', auth: 'AA' }, platform: 'tv', topics: Array(51).fill('a') }), { create: true, allowLoopback: false });
    expect(bad.errors.map((e) => e.source?.pointer)).toEqual([
      '/data/attributes/endpoint',
      '/data/attributes/keys/p256dh',
      '/data/attributes/keys/auth',
      '/data/attributes/platform',
      '/data/attributes/topics',
    ]);
    // An update changes only the choices.
    const update = readSubscription(body({ endpoint: 'https://push.example.com/2' }), { create: false, allowLoopback: false });
    expect(update.errors.map((e) => e.source?.pointer)).toEqual(['/data/attributes/endpoint']);
  });
});
