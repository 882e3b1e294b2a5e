import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import tls from 'node:tls';
import { isInternalHost, isPublicAddress } from './subscription-input';

/**
 * The one way the server calls a push service, whose address a fan gave (server-side request
 * forgery is the risk). A name is resolved here and every address it resolves to must be public;
 * the connection then goes to the address that was checked, so a name that answers a public address
 * to the check and 127.0.0.1 to the connection (DNS rebinding) gets nowhere. Redirects are not
 * followed. `allowLoopback` (tests: the local push service) admits only the literal 127.0.0.1, never
 * a name that resolves to it, and does not check that service's (self-signed) certificate.
 *
 * HTTP/2 where the push service offers it (FCM, Mozilla's and Apple's do): one TLS connection per
 * origin carries every message as a stream, so a million messages cost a million small frames on a
 * few sockets instead of a request and a response parsed on a socket each; HPACK sends the VAPID
 * header (the same for the whole origin) once. A service that answers ALPN with http/1.1 only gets
 * pooled keep-alive HTTP/1.1, as before.
 */
export class InternalAddressError extends Error {
  readonly code = 'EINTERNALADDRESS';
}

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 256 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

/** How a name's addresses are found: all of them at once (`dns.lookup` with `all: true`, or a test's stand-in). */
export type ResolveAll = (hostname: string, options: object, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;
const resolveAll: ResolveAll = (hostname, options, callback) => dnsLookup(hostname, { ...options, all: true }, callback);

/**
 * The lookup connections make: a name whose addresses are not all public (the subscribe check's
 * table, isPublicAddress) is refused before anything connects, else connected to what was checked.
 */
export function publicOnlyLookup(resolve: ResolveAll = resolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options, (error, list) => {
      if (error) return callback(error, '', 0);
      const internal = list.find((a) => !isPublicAddress(a.address));
      if (internal || !list.length) return callback(new InternalAddressError(`${hostname} resolves to an internal address`), '', 0);
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      else callback(null, list[0].address, list[0].family);
    });
  };
}
const publicOnly = publicOnlyLookup();

export interface PushResponse {
  status: number;
  /** The protocol the push service answered on: 'h2' or 'http/1.1'. */
  protocol?: string;
}

export interface PushRequest {
  method: string;
  /** Sent as they are over HTTP/1.1, lower-cased over HTTP/2. */
  headers: Record<string, string>;
  body: Uint8Array | null;
  timeoutMs: number;
  allowLoopback: boolean;
}

/** How a message reaches a push service: `postToPushService`, or a stand-in where none can be reached (the demo seed). */
export type PushTransport = (endpoint: string, request: PushRequest) => Promise<PushResponse>;

/** Called once per message, with the answer or why there is none. */
export type PushCallback = (err: Error | null, res: PushResponse | null) => void;

const timeoutError = () => Object.assign(new Error('timeout'), { name: 'TimeoutError' });

/** The same as `sendToPushService`, as a promise. */
export function postToPushService(endpoint: string, request: PushRequest): Promise<PushResponse> {
  return new Promise((resolve, reject) => sendToPushService(endpoint, request, (err, res) => (err ? reject(err) : resolve(res!))));
}

/**
 * Where the endpoints of one origin go, checked once: its URL (for connecting), whether it is the
 * loopback literal the tests may use, or why it may not be called at all.
 */
interface Target {
  url: URL;
  loopbackLiteral: boolean;
  refused: Error | null;
}
// Per origin and loopback setting; a push service has one origin for millions of endpoints.
const targets = new Map<string, Target>();
const TARGETS_MAX = 1000;

function targetOf(url: URL, allowLoopback: boolean): Target {
  const key = `${allowLoopback ? '+' : '-'}${url.origin}`;
  let t = targets.get(key);
  if (t) return t;
  const protocol = url.protocol;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopbackLiteral = allowLoopback && (protocol === 'http:' || protocol === 'https:') && host === '127.0.0.1';
  const refused = !loopbackLiteral && (protocol !== 'https:' || isInternalHost(host)) ? new InternalAddressError(`${url.host} is not a public https address`) : null;
  t = { url: new URL(url.origin), loopbackLiteral, refused };
  if (targets.size >= TARGETS_MAX) targets.delete(targets.keys().next().value!);
  targets.set(key, t);
  return t;
}

// A path WHATWG URL parsing leaves as it is (no dot segment, plain or escaped; nothing to escape
// or drop): the endpoints of every known push service. Others are parsed with URL, as before.
const PLAIN_PATH = /^(?!.*\/(?:\.|%2e))\/[A-Za-z0-9\-_~!$&'()*+,;=:@%/]*(?:\?[A-Za-z0-9\-_~!$&()*+,;=:@%/?]*)?$/i;
// Raw origins (`https://host[:port]`) already seen to be the URL's own origin, exactly.
const plainOrigins = new Set<string>();

/** The endpoint's origin target and path: URL parsing (a few microseconds) only for an endpoint unlike the ones before it. */
function resolveEndpoint(endpoint: string, allowLoopback: boolean): { target: Target; path: string } | Error {
  const slash = endpoint.indexOf('/', endpoint.indexOf('//') + 2);
  if (slash > 0) {
    const origin = endpoint.slice(0, slash);
    const path = endpoint.slice(slash);
    if (plainOrigins.has(origin) && PLAIN_PATH.test(path)) {
      const t = targets.get(`${allowLoopback ? '+' : '-'}${origin}`);
      if (t) return { target: t, path };
    }
  }
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return new Error('not an address');
  }
  const target = targetOf(url, allowLoopback);
  if (slash > 0 && url.origin === endpoint.slice(0, slash) && url.href === endpoint) {
    if (plainOrigins.size >= TARGETS_MAX) plainOrigins.clear();
    plainOrigins.add(url.origin);
  }
  return { target, path: url.pathname + url.search };
}

/** Posts one message and calls `done` once with the push service's answer or the error. */
export function sendToPushService(endpoint: string, request: PushRequest, done: PushCallback): void {
  const resolved = resolveEndpoint(endpoint, request.allowLoopback);
  if (resolved instanceof Error) return done(resolved, null);
  const { target, path } = resolved;
  if (target.refused) return done(target.refused, null);
  if (target.url.protocol === 'http:') {
    postHttp1(new URL(path, target.url), request, false).then((res) => done(null, res), (err: Error) => done(err, null));
    return;
  }
  viaOrigin(target, path, request, true, done);
}

/** HTTP/1.1 on the pooled keep-alive agents. */
function postHttp1(url: URL, request: PushRequest, loopbackTls: boolean): Promise<PushResponse> {
  return new Promise((resolve, reject) => {
    const protocol = url.protocol as keyof typeof agents;
    const req = (protocol === 'https:' ? https : http).request(
      url,
      {
        method: request.method,
        headers: request.headers,
        agent: agents[protocol],
        // Node calls `lookup` only for names; an IP literal was checked above.
        lookup: publicOnly,
        timeout: request.timeoutMs,
        ...(loopbackTls ? { rejectUnauthorized: false } : {}),
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, protocol: 'http/1.1' }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(timeoutError()));
    req.on('error', reject);
    req.end(request.body ?? undefined);
  });
}

/** An HTTP/2 session and its messages in flight, oldest first (what the session's sweep times out). */
interface H2Origin {
  kind: 'h2';
  session: http2.ClientHttp2Session;
  inFlight: Set<InFlight>;
  lastUsed: number;
}
type Origin = H2Origin | { kind: 'http/1.1'; until: number };
/** What each origin speaks: an HTTP/2 session, or HTTP/1.1 (asked again after an hour). */
const origins = new Map<string, Origin | Promise<Origin>>();
const HTTP1_RECHECK_MS = 3_600_000;
/** A session nobody used for this long is closed; the next message opens another. */
const SESSION_IDLE_MS = 60_000;
/** How often a session's messages are checked against their timeout (and the session for idleness). */
const SWEEP_MS = 1_000;

function viaOrigin(target: Target, path: string, request: PushRequest, retry: boolean, done: PushCallback): void {
  const known = originOf(target.url, target.loopbackLiteral, request.timeoutMs);
  if (known instanceof Promise) {
    known.then(
      () => viaOrigin(target, path, request, retry, done),
      (err: Error) => done(err, null),
    );
    return;
  }
  if (known.kind === 'http/1.1') {
    postHttp1(new URL(path, target.url), request, target.loopbackLiteral).then((res) => done(null, res), (err: Error) => done(err, null));
    return;
  }
  postHttp2(known, path, request, (err, res) => {
    // A stream the service refused before reading it (REFUSED_STREAM, or asked of a session it had
    // told to go away) was never delivered: sent once more. Anything else may have arrived, and is
    // not resent.
    if (err && retry && (err as { unprocessed?: boolean }).unprocessed) return viaOrigin(target, path, request, false, done);
    done(err, res);
  });
}

function originOf(url: URL, loopbackTls: boolean, timeoutMs: number): Origin | Promise<Origin> {
  const known = origins.get(url.origin);
  if (known && !(known instanceof Promise)) {
    if (known.kind === 'h2' && !known.session.closed && !known.session.destroyed) return known;
    if (known.kind === 'http/1.1' && known.until > Date.now()) return known;
    origins.delete(url.origin);
  } else if (known) return known;
  const connecting = connect(url, loopbackTls, timeoutMs).then(
    (o) => {
      origins.set(url.origin, o);
      return o;
    },
    (err: unknown) => {
      origins.delete(url.origin);
      throw err;
    },
  );
  origins.set(url.origin, connecting);
  return connecting;
}

/** Opens TLS with ALPN offering h2 and http/1.1, and keeps what the service chose. */
function connect(url: URL, loopbackTls: boolean, timeoutMs: number): Promise<Origin> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const socket = tls.connect({
      host,
      port: Number(url.port || 443),
      // SNI takes names only.
      ...(isIP(host) ? {} : { servername: host }),
      ALPNProtocols: ['h2', 'http/1.1'],
      lookup: publicOnly,
      rejectUnauthorized: !loopbackTls,
    });
    // Many small frames: Nagle's algorithm would hold each behind the last one's ACK.
    socket.setNoDelay(true);
    socket.setTimeout(timeoutMs, () => socket.destroy(timeoutError()));
    socket.once('error', reject);
    socket.once('secureConnect', () => {
      socket.setTimeout(0);
      socket.removeListener('error', reject);
      if (socket.alpnProtocol !== 'h2') {
        socket.destroy();
        return resolve({ kind: 'http/1.1', until: Date.now() + HTTP1_RECHECK_MS });
      }
      const session = http2.connect(url.origin, { createConnection: () => socket });
      // Sessions never keep the process alive, and one that fails or is told to go away is
      // forgotten (its streams fail with their own errors), so the next message opens another.
      session.unref();
      const forget = () => {
        const current = origins.get(url.origin);
        if (current && !(current instanceof Promise) && current.kind === 'h2' && current.session === session) origins.delete(url.origin);
      };
      session.on('error', forget);
      session.on('goaway', forget);
      const origin: H2Origin = { kind: 'h2', session, inFlight: new Set(), lastUsed: Date.now() };
      // One timer per session instead of one per message: messages past their time are cancelled,
      // and a session idle for a minute is closed.
      const sweep = setInterval(() => {
        const now = Date.now();
        for (const m of origin.inFlight) if (now - m.started > m.timeoutMs) m.cancel();
        if (!origin.inFlight.size && now - origin.lastUsed > SESSION_IDLE_MS) session.close();
      }, SWEEP_MS);
      sweep.unref();
      session.on('close', () => {
        clearInterval(sweep);
        forget();
      });
      resolve(origin);
    });
  });
}

const { NGHTTP2_CANCEL, NGHTTP2_REFUSED_STREAM } = http2.constants;

/** One message on its way over HTTP/2. */
interface InFlight {
  started: number;
  timeoutMs: number;
  cancel(): void;
}

/**
 * One stream per message, with three listeners and no timer of its own (the session's sweep
 * cancels it when late): a request costs the sender about a quarter less than with a promise, a
 * stream timeout and an error listener settling it (bench/push.mjs).
 */
function postHttp2(origin: H2Origin, path: string, request: PushRequest, done: PushCallback): void {
  const headers: http2.OutgoingHttpHeaders = { ':method': request.method, ':path': path };
  for (const name in request.headers) headers[name.toLowerCase()] = request.headers[name];
  let stream: http2.ClientHttp2Stream;
  try {
    stream = origin.session.request(headers);
  } catch (err) {
    // The session went away between taking it and asking: nothing was sent.
    return done(Object.assign(err as Error, { unprocessed: true }), null);
  }
  const now = Date.now();
  origin.lastUsed = now;
  let status = 0;
  let error: (Error & { code?: string }) | null = null;
  let timedOut = false;
  const message: InFlight = {
    started: now,
    timeoutMs: request.timeoutMs,
    cancel() {
      timedOut = true;
      stream.close(NGHTTP2_CANCEL);
    },
  };
  origin.inFlight.add(message);
  stream.on('response', (h) => (status = Number(h[':status'] ?? 0)));
  stream.on('error', (err: Error) => (error ??= err));
  // A stream always closes, after its error if it had one: the message is settled there, once.
  stream.on('close', () => {
    origin.inFlight.delete(message);
    if (status && !timedOut) return done(null, { status, protocol: 'h2' });
    if (timedOut) return done(timeoutError(), null);
    const refused = stream.rstCode === NGHTTP2_REFUSED_STREAM;
    if (error) return done(Object.assign(error, { unprocessed: refused || error.code === 'ERR_HTTP2_GOAWAY_SESSION' }), null);
    done(Object.assign(new Error(`stream closed (code ${stream.rstCode})`), { code: 'ERR_HTTP2_STREAM_CLOSED', unprocessed: refused }), null);
  });
  stream.resume();
  stream.end(request.body ?? undefined);
}

/** Closes the HTTP/2 sessions (a server stopping, tests). */
export function closePushSessions(): void {
  for (const o of origins.values()) if (!(o instanceof Promise) && o.kind === 'h2') o.session.close();
  origins.clear();
}
