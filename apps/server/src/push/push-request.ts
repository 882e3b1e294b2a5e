import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isInternalHost } from './subscription-input';

/**
 * The one way the server calls a push service, whose address a fan gave (server-side request
 * forgery is the risk). A name is resolved here and every address it resolves to must be public;
 * the connection then goes to the address that was checked, so a name that answers a public address
 * to the check and 127.0.0.1 to the connection (DNS rebinding) gets nowhere. Redirects are not
 * followed. `allowLoopback` (tests: the local push service) admits only the literal 127.0.0.1, never
 * a name that resolves to it.
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

export function postToPushService(endpoint: string, request: PushRequest): Promise<PushResponse> {
  return new Promise((resolve, reject) => {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return reject(new Error('not an address'));
    }
    const protocol = url.protocol as keyof typeof agents;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const loopbackLiteral = request.allowLoopback && protocol === 'http:' && host === '127.0.0.1';
    if (!loopbackLiteral && (protocol !== 'https:' || (isIP(host) && isInternalHost(host))))
      return reject(new InternalAddressError(`${url.host} is not a public https address`));
    const req = (protocol === 'https:' ? https : http).request(
      url,
      {
        method: request.method,
        headers: request.headers,
        agent: agents[protocol],
        // Node calls `lookup` only for names; an IP literal was checked above.
        lookup: publicOnly,
        timeout: request.timeoutMs,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })));
    req.on('error', reject);
    req.end(request.body ?? undefined);
  });
}
