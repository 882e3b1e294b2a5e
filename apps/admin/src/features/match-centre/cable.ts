/**
 * Realtime for one match over /cable with the official @rails/actioncable client (loaded
 * lazily, with the match centre). Spec §8: an unclean close is an error and the callback gets an
 * object with its code; ActionCable itself only says "disconnected", so the socket it opens is
 * watched here. ActionCable reconnects on its own, and every (re)subscription brings a snapshot,
 * so the screen catches up after a gap.
 */
export const INCIDENTS_CHANNEL = 'API::V3::IncidentsChannel';
export const MATCH_CHANNEL = 'API::V3::MatchChannel';
/** Code of a normal closure (RFC 6455). */
export const NORMAL_CLOSURE = 1000;

export interface CableError {
  code: number;
  reason?: string;
  /** False when the server refused the connection for good (e.g. 4401, session ended). */
  willReconnect: boolean;
}

export type CableStatus = 'connecting' | 'connected' | 'reconnecting' | 'refused';

export interface CloseLike {
  code: number;
  wasClean: boolean;
  reason?: string;
}

/** Spec §8: a close is an error unless it was clean with the normal code. */
export function isUncleanClose(event: CloseLike): boolean {
  return !event.wasClean || event.code !== NORMAL_CLOSURE;
}

/** `/cable` on the API's host (same origin when the API address is relative); https becomes wss. */
export function cableUrl(apiBase: string, token: string | null, origin = window.location.origin): string {
  const host = /^[a-z][a-z\d+.-]*:\/\//i.test(apiBase) ? new URL(apiBase).origin : origin;
  const ws = host.replace(/^http(s?):/i, (_, s: string) => `ws${s}:`);
  return `${ws}/cable${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

type ActionCableModule = typeof import('@rails/actioncable');

export interface MatchCableOptions {
  url: string;
  matchId: number | string;
  onIncidents: (data: unknown) => void;
  onMatch: (data: unknown) => void;
  onStatus?: (status: CableStatus, info?: { reconnected: boolean }) => void;
  onError?: (error: CableError) => void;
  /** A channel refused the subscription (no such match, or no right to read it). */
  onRejected?: (channel: string) => void;
  /** For tests: the ActionCable module and the WebSocket class. */
  loadActionCable?: () => Promise<ActionCableModule>;
  WebSocket?: typeof WebSocket;
}

export interface MatchCable {
  dispose(): void;
}

interface Watcher {
  opened(socket: WebSocket): void;
  message(event: MessageEvent): void;
  close(event: CloseEvent): void;
}

/** Sockets are matched to their consumer by address: ActionCable opens them with the consumer's url. */
const watchers = new Map<string, Watcher>();
const wrapped = new WeakMap<typeof WebSocket, typeof WebSocket>();

function watchingWebSocket(Base: typeof WebSocket): typeof WebSocket {
  const known = wrapped.get(Base);
  if (known) return known;
  class WatchedWebSocket extends Base {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      const watcher = watchers.get(String(url));
      if (watcher) {
        watcher.opened(this);
        this.addEventListener('message', (e) => watcher.message(e));
        this.addEventListener('close', (e) => watcher.close(e));
      }
    }
  }
  wrapped.set(Base, WatchedWebSocket);
  return WatchedWebSocket;
}

/** Subscribes to both channels of a match. Resolves once the client is loaded and connecting. */
export async function connectMatchCable(options: MatchCableOptions): Promise<MatchCable> {
  const ActionCable = await (options.loadActionCable ?? (() => import('@rails/actioncable')))();
  const Base = options.WebSocket ?? ActionCable.adapters.WebSocket ?? globalThis.WebSocket;
  ActionCable.adapters.WebSocket = watchingWebSocket(Base);

  let disposed = false;
  let refused = false;
  let socket: WebSocket | null = null;
  const consumer = ActionCable.createConsumer(options.url);
  const address = consumer.url;
  const watcher: Watcher = {
    opened(ws) {
      socket = ws;
    },
    message(event) {
      if (disposed || typeof event.data !== 'string') return;
      try {
        const data = JSON.parse(event.data) as { type?: string; reconnect?: boolean };
        // ActionCable's refusal: the client will not reconnect.
        if (data.type === 'disconnect' && data.reconnect === false) refused = true;
      } catch {
        /* not ours to judge */
      }
    },
    close(event) {
      if (disposed) return;
      if (refused) {
        options.onStatus?.('refused');
        options.onError?.({ code: event.code, reason: event.reason || undefined, willReconnect: false });
        return;
      }
      if (isUncleanClose(event)) {
        options.onStatus?.('reconnecting');
        options.onError?.({ code: event.code, reason: event.reason || undefined, willReconnect: true });
      }
    },
  };
  watchers.set(address, watcher);
  options.onStatus?.('connecting');

  const matchId = Number(options.matchId);
  const subscribe = (channel: string, received: (data: unknown) => void, retried = false): void => {
    let confirmed = false;
    const params = { channel, match_id: matchId };
    consumer.subscriptions.create(params, {
      connected(info: { reconnected: boolean }) {
        if (disposed) return;
        confirmed = true;
        refused = false;
        options.onStatus?.('connected', info);
      },
      rejected() {
        if (disposed) return;
        // ActionCable repeats a subscribe that is not confirmed within 0.5 s; a server that
        // rejects the repeat (instead of ignoring it, as Rails does) makes the client drop a
        // subscription that works. Once: unsubscribe and subscribe again.
        if (confirmed && !retried) {
          (consumer as unknown as { send(data: object): boolean }).send({ command: 'unsubscribe', identifier: JSON.stringify(params) });
          subscribe(channel, received, true);
          return;
        }
        options.onRejected?.(channel);
      },
      received(data: unknown) {
        if (!disposed) received(data);
      },
    });
  };
  subscribe(INCIDENTS_CHANNEL, options.onIncidents);
  subscribe(MATCH_CHANNEL, options.onMatch);

  return {
    dispose() {
      if (disposed) return;
      disposed = true;
      if (watchers.get(address) === watcher) watchers.delete(address);
      consumer.disconnect();
      // ActionCable leaves a socket that is still connecting open: close it once it opens.
      const ws = socket;
      if (ws && ws.readyState === 0) ws.addEventListener('open', () => ws.close(NORMAL_CLOSURE), { once: true });
    },
  };
}
