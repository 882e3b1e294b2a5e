import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { createSecureServer, type Http2ServerRequest } from 'node:http2';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A push service on 127.0.0.1 for tests and benchmarks, standing in for a browser vendor's one.
 * Each subscription is made the way a browser makes it (a P-256 key pair and 16 random bytes of
 * auth secret); what arrives is checked (VAPID signature, aes128gcm) and decrypted with the
 * subscription's private key (RFC 8188 and RFC 8291), and each endpoint answers with the status
 * the test gives it (201 by default, 410 for a browser that unsubscribed, 500 for a failing service).
 *
 * Like the vendors' services it speaks HTTPS and offers HTTP/2 and HTTP/1.1 by ALPN (a self-signed
 * certificate for 127.0.0.1, made by openssl at start; the sender skips its check only for the
 * loopback literal under PUSH_ALLOW_LOOPBACK). `protocols` narrows that: `http/1.1` only (a service
 * without HTTP/2), or `plain` (http://, HTTP/1.1). `versions` counts the requests per protocol.
 */
export interface BrowserSubscription {
  /** PushSubscription.toJSON(), as a page would send it to the fan API. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  id: string;
  received: Record<string, unknown>[];
  /** The Web Push headers of each received message, in the same order (RFC 8030: Topic, Urgency, TTL). */
  headers: { topic?: string; urgency?: string; ttl?: string }[];
  /** Every POST, even those answered with an error. */
  posts: number;
  answer: number;
}

export interface PushService {
  url: string;
  subscribe(opts?: { answer?: number }): BrowserSubscription;
  get(id: string): BrowserSubscription | undefined;
  /** Requests refused before decrypting (bad signature, bad encoding): each one is a bug. */
  rejected: string[];
  /**
   * `count` subscriptions for a benchmark, kept in a few bytes each: endpoint `/push/b<i>`, keys of
   * one of `keyPairs` browsers (i mod keyPairs; a million key pairs would take minutes to make, and
   * the service decrypts each message with the keys of its own endpoint all the same). Every
   * message is checked and decrypted as for `subscribe`.
   */
  subscribeMany(count: number, opts?: { keyPairs?: number }): BulkSubscriptions;
  /** Requests received per protocol version ('2.0', '1.1'). */
  versions: Record<string, number>;
  /** Holds answers until released (to catch a sender in the middle of a batch). */
  hold(): () => void;
  close(): Promise<void>;
}

export interface BulkSubscriptions {
  endpoint(i: number): string;
  keys(i: number): { p256dh: string; auth: string };
  /** Posts per subscription (saturating at 255). */
  posts: Uint8Array;
  /** Messages decrypted, and those whose payload was not the notification's JSON. */
  decrypted: number;
  unreadable: number;
  /** Called as each message arrives (before it is checked): when (performance.now()) and its Web Push Topic, if any. */
  onPost?: (i: number, at: number, topic: string | undefined) => void;
}

interface Keys {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  /** The browser's public key (ecdh.getPublicKey(), kept: encoding the point costs per call). */
  public?: Buffer;
}

/**
 * HKDF-SHA-256 as RFC 5869 defines it (extract, then expand block by block), on HMAC: node's
 * hkdfSync makes key objects and copies on every call, a tenth of the service's time per message.
 */
export function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  const blocks: Buffer[] = [];
  let previous = Buffer.alloc(0);
  for (let i = 1; blocks.length * 32 < length; i++) {
    previous = createHmac('sha256', prk).update(previous).update(info).update(Buffer.from([i])).digest();
    blocks.push(previous);
  }
  return Buffer.concat(blocks).subarray(0, length);
}

const KEY_INFO = Buffer.from('WebPush: info\0');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0');

/** RFC 8291 §3.4 and RFC 8188 §2: the content encryption key and nonce, then AES-128-GCM. */
export function decryptAes128gcm(body: Buffer, keys: Keys): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idLength = body[20];
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || record.length > rs) throw new Error(`unexpected header: keyid ${idLength} bytes, record ${record.length} of ${rs}`);
  const uaPublic = (keys.public ??= keys.ecdh.getPublicKey());
  const secret = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([KEY_INFO, uaPublic, senderPublic]);
  const ikm = hkdf(keys.auth, secret, keyInfo, 32);
  const cek = hkdf(salt, ikm, CEK_INFO, 16);
  const nonce = hkdf(salt, ikm, NONCE_INFO, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('missing the last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `Authorization: vapid t=<JWT signed ES256 by k>, k=<public key>`, for this origin. */
// A header verified once is the same signature over the same claims: its claims are kept and
// checked (audience, expiry) on every message, the ECDSA verification is not repeated.
const verified = new Map<string, { aud?: string; exp?: number }>();
function checkVapid(header: string | undefined, origin: string): string | null {
  const known = header ? verified.get(header) : undefined;
  if (known) return checkClaims(known, origin);
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return `no VAPID authorization: ${header}`;
  const [head, claims, signature] = m[1].split('.');
  const raw = Buffer.from(m[2], 'base64url');
  if (raw.length !== 65) return 'VAPID key is not a P-256 point';
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) return 'bad VAPID signature';
  const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (verified.size > 1000) verified.clear();
  verified.set(header!, c);
  return checkClaims(c, origin);
}

function checkClaims(c: { aud?: string; exp?: number }, origin: string): string | null {
  if (c.aud !== origin) return `VAPID audience ${c.aud}, expected ${origin}`;
  if (!c.exp || c.exp * 1000 < Date.now()) return 'VAPID token expired';
  return null;
}

type Req = IncomingMessage | Http2ServerRequest;
/** What the handlers use of an HTTP/1.1 or HTTP/2 answer (@types/node 24 cannot call writeHead on their union). */
type Res = { writeHead(status: number, headers?: Record<string, string>): { end(): unknown; end(body: string): unknown }; readonly headersSent: boolean };

/** A throw-away self-signed certificate for 127.0.0.1 (P-256, a day). */
export function loopbackCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-push-tls-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'pipe' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const readBody = (req: Req) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export async function startPushService(opts: { protocols?: 'h2+http/1.1' | 'http/1.1' | 'plain' } = {}): Promise<PushService> {
  const protocols = opts.protocols ?? 'h2+http/1.1';
  let bulk: (BulkSubscriptions & { pairs: Keys[]; count: number }) | null = null;
  const versions: Record<string, number> = {};
  const answerBulk = (b: NonNullable<typeof bulk>, i: number, req: Req, body: Buffer, res: Res) => {
    if (req.method !== 'POST' || i >= b.count) return void res.writeHead(404).end();
    if (b.posts[i] < 255) b.posts[i]++;
    b.onPost?.(i, performance.now(), req.headers.topic as string | undefined);
    const problem = headerProblem(req);
    if (problem) {
      rejected.push(problem);
      return void res.writeHead(400).end(problem);
    }
    try {
      const text = decryptAes128gcm(body, b.pairs[i % b.pairs.length]);
      b.decrypted++;
      if (typeof (JSON.parse(text) as { notification_id?: unknown }).notification_id !== 'string') b.unreadable++;
    } catch (err) {
      rejected.push(`cannot decrypt: ${(err as Error).message}`);
      return void res.writeHead(400).end();
    }
    res.writeHead(201).end();
  };
  const subs = new Map<string, BrowserSubscription & { keys: Keys }>();
  const rejected: string[] = [];
  /** What a push service refuses before reading the body: a bad VAPID header, another coding, no TTL. */
  const headerProblem = (req: Req) =>
    checkVapid(req.headers.authorization, origin) ??
    (req.headers['content-encoding'] !== 'aes128gcm' ? `content-encoding ${req.headers['content-encoding']}` : null) ??
    (!req.headers.ttl ? 'no TTL' : null);
  let held: Promise<void> | null = null;
  let serial = 0;
  let origin = '';
  const handle = (req: Req, res: Res) => {
    versions[req.httpVersion] = (versions[req.httpVersion] ?? 0) + 1;
    void (async () => {
      const body = await readBody(req);
      const id = /^\/push\/([a-z0-9-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      if (bulk && /^b\d+$/.test(id)) return answerBulk(bulk, Number(id.slice(1)), req, body, res);
      const sub = subs.get(id);
      if (req.method !== 'POST' || !sub) {
        res.writeHead(404).end();
        return;
      }
      sub.posts++;
      if (held) await held;
      const problem = headerProblem(req);
      if (problem) {
        rejected.push(problem);
        res.writeHead(400).end(problem);
        return;
      }
      try {
        sub.received.push(JSON.parse(decryptAes128gcm(body, sub.keys)) as Record<string, unknown>);
        const header = (name: string) => {
          const value = req.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        sub.headers.push({ topic: header('topic'), urgency: header('urgency'), ttl: header('ttl') });
      } catch (err) {
        rejected.push(`cannot decrypt: ${(err as Error).message}`);
        res.writeHead(400).end();
        return;
      }
      res.writeHead(sub.answer, sub.answer === 201 ? { location: `${origin}/message/${sub.posts}` } : {}).end();
    })().catch((err: Error) => {
      rejected.push(err.message);
      if (!res.headersSent) res.writeHead(500).end();
    });
  };
  const tls = protocols === 'plain' ? null : loopbackCertificate();
  const server: Server =
    protocols === 'plain'
      ? createServer({ keepAliveTimeout: 30_000 }, handle)
      : protocols === 'http/1.1'
        ? createHttpsServer({ ...tls!, keepAliveTimeout: 30_000 }, handle)
        : createSecureServer({ ...tls!, allowHTTP1: true }, handle);
  // Every connection, whatever its protocol, is cut at close.
  const sockets = new Set<Socket>();
  server.on(protocols === 'plain' ? 'connection' : 'secureConnection', (socket: Socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `${protocols === 'plain' ? 'http' : 'https'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    rejected,
    versions,
    subscribe(opts = {}) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = `s${++serial}-${randomBytes(4).toString('hex')}`;
      const sub = {
        id,
        keys: { ecdh, auth },
        json: { endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
        received: [],
        headers: [],
        posts: 0,
        answer: opts.answer ?? 201,
      };
      subs.set(id, sub);
      return sub;
    },
    get: (id) => subs.get(id),
    subscribeMany(count, opts = {}) {
      const pairs = Array.from({ length: Math.max(1, opts.keyPairs ?? 64) }, () => {
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        return { ecdh, auth: randomBytes(16) };
      });
      const json = pairs.map((k) => ({ p256dh: k.ecdh.getPublicKey().toString('base64url'), auth: k.auth.toString('base64url') }));
      bulk = {
        pairs,
        count,
        posts: new Uint8Array(count),
        decrypted: 0,
        unreadable: 0,
        endpoint: (i) => `${origin}/push/b${i}`,
        keys: (i) => json[i % json.length],
      };
      return bulk;
    },
    hold() {
      let release!: () => void;
      held = new Promise<void>((r) => (release = r));
      return () => {
        held = null;
        release();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
