import { createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptAes128gcm, hkdf } from '../../test/support/push-service';
import { MAX_PAYLOAD, encryptAes128gcm, paddedPayload } from './encrypt';

describe('aes128gcm encryption (RFC 8291)', () => {
  it('is decrypted by a browser’s keys, with a fresh sender key and salt per message', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const text = JSON.stringify({ title: 'Gol!', body: 'Zażółć gęślą jaźń' });
    const a = encryptAes128gcm(paddedPayload(text), ecdh.getPublicKey(), auth);
    const b = encryptAes128gcm(paddedPayload(text), ecdh.getPublicKey(), auth);
    expect(decryptAes128gcm(a, { ecdh, auth })).toBe(text);
    expect(decryptAes128gcm(b, { ecdh, auth })).toBe(text);
    // Salt (0..16) and key id (21..86) differ between two messages.
    expect(a.subarray(0, 16).equals(b.subarray(0, 16))).toBe(false);
    expect(a.subarray(21, 86).equals(b.subarray(21, 86))).toBe(false);
    expect(() => decryptAes128gcm(a, { ecdh, auth: randomBytes(16) })).toThrow();
  });

  it('is checked by the push service with HKDF as RFC 5869 has it (the same as node’s hkdfSync), not with the sender’s shortcut', () => {
    for (const length of [12, 16, 32, 33, 80]) {
      const [salt, ikm, info] = [randomBytes(16), randomBytes(32), randomBytes(length)];
      expect(hkdf(salt, ikm, info, length).equals(Buffer.from(hkdfSync('sha256', ikm, salt, info, length)))).toBe(true);
    }
  });

  it('refuses a payload longer than one record', () => {
    expect(() => paddedPayload('x'.repeat(MAX_PAYLOAD + 1))).toThrow(/over/);
    expect(paddedPayload('x'.repeat(MAX_PAYLOAD))).toHaveLength(MAX_PAYLOAD + 1);
  });
});
