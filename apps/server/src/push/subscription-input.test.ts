import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { endpointError, isAuthSecret, isP256Point, readSubscription } from './subscription-input';

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
