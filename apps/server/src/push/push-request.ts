import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import tls from 'node:tls';
import { isInternalHost } from './subscription-input';

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

const publicOnly: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses;
    const internal = list.find((a) => isInternalHost(a.address));
    if (internal || !list.length) return callback(new InternalAddressError(`${hostname} resolves to an internal address`), '', 0);
    if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    else callback(null, list[0].address, list[0].family);
  });
};

export interface PushResponse {
  status: number;
  /** The protocol the push service answered on: 'h2' or 'http/1.1'. */
  protocol?: string;
}

export interface PushRequest {
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | null;
  timeoutMs: number;
  allowLoopback: boolean;
}

/** How a message reaches a push service: `postToPushService`, or a stand-in where none can be reached (the demo seed). */
export type PushTransport = (endpoint: string, request: PushRequest) => Promise<PushResponse>;

const timeoutError = () => Object.assign(new Error('timeout'), { name: 'TimeoutError' });

export function postToPushService(endpoint: string, request: PushRequest): Promise<PushResponse> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return Promise.reject(new Error('not an address'));
  }
  const protocol = url.protocol as keyof typeof agents;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopbackLiteral = request.allowLoopback && (protocol === 'http:' || protocol === 'https:') && host === '127.0.0.1';
  if (!loopbackLiteral && (protocol !== 'https:' || (isIP(host) && isInternalHost(host))))
    return Promise.reject(new InternalAddressError(`${url.host} is not a public https address`));
  if (protocol === 'http:') return postHttp1(url, request, false);
  return viaOrigin(url, request, loopbackLiteral, true);
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

type Origin = { kind: 'h2'; session: http2.ClientHttp2Session } | { kind: 'http/1.1'; until: number };
/** What each origin speaks: an HTTP/2 session, or HTTP/1.1 (asked again after an hour). */
const origins = new Map<string, Origin | Promise<Origin>>();
const HTTP1_RECHECK_MS = 3_600_000;
/** A session nobody used for this long is closed; the next message opens another. */
const SESSION_IDLE_MS = 60_000;

async function viaOrigin(url: URL, request: PushRequest, loopbackTls: boolean, retry: boolean): Promise<PushResponse> {
  const origin = await originOf(url, loopbackTls, request.timeoutMs);
  if (origin.kind === 'http/1.1') return postHttp1(url, request, loopbackTls);
  try {
    return await postHttp2(origin.session, url, request);
  } catch (err) {
    // A stream the service refused before reading it (REFUSED_STREAM, or asked of a session it had
    // told to go away) was never delivered: sent once more. Anything else may have arrived, and is
    // not resent.
    if (retry && (err as { unprocessed?: boolean }).unprocessed) return viaOrigin(url, request, loopbackTls, false);
    throw err;
  }
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
      session.on('close', forget);
      session.setTimeout(SESSION_IDLE_MS, () => session.close());
      resolve({ kind: 'h2', session });
    });
  });
}

const { NGHTTP2_CANCEL, NGHTTP2_REFUSED_STREAM } = http2.constants;

function postHttp2(session: http2.ClientHttp2Session, url: URL, request: PushRequest): Promise<PushResponse> {
  return new Promise((resolve, reject) => {
    const headers: http2.OutgoingHttpHeaders = { ':method': request.method, ':path': url.pathname + url.search };
    for (const name in request.headers) headers[name.toLowerCase()] = request.headers[name];
    let stream: http2.ClientHttp2Stream;
    try {
      stream = session.request(headers);
    } catch (err) {
      // The session went away between taking it and asking: nothing was sent.
      return reject(Object.assign(err as Error, { unprocessed: true }));
    }
    let status = 0;
    stream.on('response', (h) => (status = Number(h[':status'] ?? 0)));
    stream.setTimeout(request.timeoutMs, () => {
      stream.close(NGHTTP2_CANCEL);
      reject(timeoutError());
    });
    stream.on('error', (err: Error & { code?: string }) => {
      reject(Object.assign(err, { unprocessed: stream.rstCode === NGHTTP2_REFUSED_STREAM || err.code === 'ERR_HTTP2_GOAWAY_SESSION' }));
    });
    stream.on('close', () => {
      if (status) resolve({ status, protocol: 'h2' });
      else reject(Object.assign(new Error(`stream closed (code ${stream.rstCode})`), { code: 'ERR_HTTP2_STREAM_CLOSED', unprocessed: stream.rstCode === NGHTTP2_REFUSED_STREAM }));
    });
    stream.resume();
    stream.end(request.body ?? undefined);
  });
}

/** Closes the HTTP/2 sessions (a server stopping, tests). */
export function closePushSessions(): void {
  for (const o of origins.values()) if (!(o instanceof Promise) && o.kind === 'h2') o.session.close();
  origins.clear();
}
