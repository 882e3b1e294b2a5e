import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request that went through the proxy: what was asked, when, and whether it reached the store. */
export interface ProxiedRequest {
  method: string;
  /** The object key (path-style: without the bucket), query left off. */
  key: string;
  at: number;
  held: boolean;
  /** Passed on to the store (at once, or when a hold was released with `pass`). */
  reached: boolean;
}

/**
 * A pass-through in front of an S3-compatible store, for cluster tests: it records every request
 * (which instance wrote which object, and how often) and can hold the requests matching a test,
 * so that an instance is caught in the middle of storing a job's output.
 */
export interface S3Proxy {
  url: string;
  requests: ProxiedRequest[];
  /** Holds every matching request from now on; resolves with the first one held. */
  hold(match: (r: ProxiedRequest) => boolean): Promise<ProxiedRequest>;
  /** Stops holding; the requests held so far go on to the store (`pass`) or are cut off (their sender is dead). */
  release(pass?: boolean): void;
  close(): Promise<void>;
}

export async function startS3Proxy(target: () => string): Promise<S3Proxy> {
  const requests: ProxiedRequest[] = [];
  let holding: { match: (r: ProxiedRequest) => boolean; first: (r: ProxiedRequest) => void } | null = null;
  const held: { r: ProxiedRequest; req: IncomingMessage; res: ServerResponse }[] = [];

  const forward = (r: ProxiedRequest, req: IncomingMessage, res: ServerResponse) => {
    r.reached = true;
    const to = new URL(target());
    const out = httpRequest({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  };

  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    const r: ProxiedRequest = { method: req.method ?? 'GET', key: path.split('/').slice(2).join('/'), at: Date.now(), held: false, reached: false };
    requests.push(r);
    if (holding?.match(r)) {
      r.held = true;
      held.push({ r, req, res });
      holding.first(r);
      return;
    }
    forward(r, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy: S3Proxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    hold(match) {
      return new Promise((first) => {
        let told = false;
        holding = {
          match,
          first: (r) => {
            if (!told) first(r);
            told = true;
          },
        };
      });
    },
    release(pass = false) {
      holding = null;
      for (const { r, req, res } of held.splice(0)) {
        if (pass) forward(r, req, res);
        else res.destroy();
      }
    },
    async close() {
      proxy.release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
