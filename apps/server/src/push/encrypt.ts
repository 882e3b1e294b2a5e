import { createCipheriv, createECDH, createHmac, randomFillSync } from 'node:crypto';

/**
 * Web Push message encryption (RFC 8291 over the aes128gcm content coding of RFC 8188), written
 * on node:crypto so that a message costs what the standard asks and nothing more: one fresh P-256
 * key pair per message (RFC 8291 requires it), one ECDH, five HMACs for the two HKDFs, one
 * AES-128-GCM. web-push re-validated the keys and rebuilt the headers on every call, about twice
 * the cost. The local push service of the tests decrypts every message (test/support/push-service.ts).
 */
const RECORD_SIZE = 4096;
const KEY_INFO = Buffer.from('WebPush: info\0');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0\x01');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0\x01');
const ONE = Buffer.from([1]);
/** The largest payload one record carries: the record size less the tag (16) and the delimiter (1). */
export const MAX_PAYLOAD = RECORD_SIZE - 17;

// Salts come from a pooled random buffer: one getrandom call per 4,096 messages instead of each.
const SALTS = 4096;
let saltPool = Buffer.alloc(0);
let saltAt = SALTS;
function salt(): Buffer {
  if (saltAt === SALTS) {
    saltPool = randomFillSync(Buffer.allocUnsafe(16 * SALTS));
    saltAt = 0;
  }
  return saltPool.subarray(16 * saltAt, 16 * ++saltAt);
}

const hmac = (key: Buffer, ...data: Buffer[]) => {
  const h = createHmac('sha256', key);
  for (const d of data) h.update(d);
  return h.digest();
};

/**
 * The body of one message: the RFC 8188 header (salt, record size, the sender's public key as key
 * id) and one record. `plaintext` is the payload already followed by the last-record delimiter 0x02
 * (made once per payload, see `paddedPayload`). `uaPublic` is the 65-byte p256dh, `auth` 16 bytes.
 */
// One ECDH object: generateKeys() replaces its key pair with a fresh one on every call, and the
// group is set up once instead of per message (a twentieth of a message's cost). Synchronous from
// generateKeys to computeSecret, so no other message can come between.
const ecdh = createECDH('prime256v1');

export function encryptAes128gcm(plaintext: Buffer, uaPublic: Buffer, auth: Buffer): Buffer {
  const asPublic = ecdh.generateKeys();
  const shared = ecdh.computeSecret(uaPublic);
  const s = salt();
  // RFC 8291 §3.4: IKM = HKDF(auth, ecdh_secret, "WebPush: info" || 0 || ua_public || as_public, 32);
  // one-block HKDF-Expand is a single HMAC over info || 0x01.
  const ikm = hmac(hmac(auth, shared), KEY_INFO, uaPublic, asPublic, ONE);
  const prk = hmac(s, ikm);
  const cek = hmac(prk, CEK_INFO).subarray(0, 16);
  const nonce = hmac(prk, NONCE_INFO).subarray(0, 12);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const head = Buffer.allocUnsafe(21 + 65);
  s.copy(head, 0);
  head.writeUInt32BE(RECORD_SIZE, 16);
  head[20] = 65;
  asPublic.copy(head, 21);
  const body = cipher.update(plaintext);
  const last = cipher.final();
  return Buffer.concat([head, body, last, cipher.getAuthTag()]);
}

// The subscription's keys, decoded from base64url into buffers reused by every message (the
// encryption is synchronous from end to end, so no other message can come between).
const uaScratch = Buffer.alloc(65);
const authScratch = Buffer.alloc(16);

/** `encryptAes128gcm` for a subscription's keys as stored (base64url `p256dh` and `auth`). */
export function encryptForSubscription(plaintext: Buffer, p256dh: string, auth: string): Buffer {
  if (Buffer.byteLength(p256dh, 'base64url') !== 65 || uaScratch.write(p256dh, 'base64url') !== 65) throw new Error('p256dh is not a 65-byte key');
  if (Buffer.byteLength(auth, 'base64url') !== 16 || authScratch.write(auth, 'base64url') !== 16) throw new Error('auth is not 16 bytes');
  return encryptAes128gcm(plaintext, uaScratch, authScratch);
}

/** A payload as one last record: its UTF-8 bytes and the delimiter 0x02, no padding. */
export function paddedPayload(payload: string): Buffer {
  const text = Buffer.from(payload, 'utf8');
  if (text.length > MAX_PAYLOAD) throw new Error(`payload of ${text.length} bytes is over ${MAX_PAYLOAD}`);
  return Buffer.concat([text, Buffer.from([2])]);
}
