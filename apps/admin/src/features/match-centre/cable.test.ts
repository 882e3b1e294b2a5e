import { afterEach, describe, expect, it, vi } from 'vitest';
import { cableUrl, connectMatchCable, INCIDENTS_CHANNEL, isUncleanClose, MATCH_CHANNEL, type CableError, type MatchCable } from './cable';

/** A WebSocket the test drives: it records what ActionCable sends and plays the server's part. */
class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];
  readyState = FakeWebSocket.CONNECTING;
  protocol = 'actioncable-v1-json';
  sent: { command: string; identifier: string }[] = [];
  closedWith: number | undefined;
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: Event) => void) | null = null;
  onclose: ((e: Event) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocols?: string | string[],
  ) {
    super();
    FakeWebSocket.instances.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data) as { command: string; identifier: string });
  }

  /** Like a browser: closing starts the handshake; the close event comes with the server's frame. */
  close(code?: number) {
    this.closedWith = code;
    if (this.readyState === FakeWebSocket.OPEN) this.readyState = FakeWebSocket.CLOSING;
  }

  /** Listeners in the order a browser calls them: added ones (ours, in the constructor) before `on…`. */
  private emit(type: string, props: Record<string, unknown> = {}) {
    const event = Object.assign(new Event(type), props);
    this.dispatchEvent(event);
    (this as unknown as Record<string, ((e: Event) => void) | null>)[`on${type}`]?.(event);
  }

  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.emit('open');
  }

  receive(payload: unknown) {
    this.emit('message', { data: JSON.stringify(payload) });
  }

  serverClose(code: number, wasClean: boolean, reason = '') {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.emit('close', { code, wasClean, reason });
  }

  /** Welcome, then confirm every subscription ActionCable asked for. */
  welcomeAndConfirm() {
    this.open();
    this.receive({ type: 'welcome' });
    for (const s of this.sent.filter((m) => m.command === 'subscribe')) this.receive({ identifier: s.identifier, type: 'confirm_subscription' });
  }
}

let cable: MatchCable | undefined;
afterEach(() => {
  cable?.dispose();
  cable = undefined;
  FakeWebSocket.instances = [];
});

async function connect() {
  const events = {
    errors: [] as CableError[],
    statuses: [] as string[],
    incidents: [] as unknown[],
    match: [] as unknown[],
    rejected: [] as string[],
  };
  cable = await connectMatchCable({
    url: 'ws://umpire.test/cable?token=t',
    matchId: '157',
    WebSocket: FakeWebSocket as unknown as typeof WebSocket,
    onIncidents: (m) => events.incidents.push(m),
    onMatch: (m) => events.match.push(m),
    onError: (e) => events.errors.push(e),
    onStatus: (s) => events.statuses.push(s),
    onRejected: (c) => events.rejected.push(c),
  });
  const socket = FakeWebSocket.instances.at(-1)!;
  return { events, socket };
}

describe('unclean closes (spec §8)', () => {
  it('a close is unclean unless it is clean with code 1000', () => {
    expect(isUncleanClose({ code: 1000, wasClean: true })).toBe(false);
    expect(isUncleanClose({ code: 1006, wasClean: false })).toBe(true);
    expect(isUncleanClose({ code: 1001, wasClean: true })).toBe(true);
    expect(isUncleanClose({ code: 1000, wasClean: false })).toBe(true);
  });
});

describe('the match cable', () => {
  it('subscribes to both channels of the match and passes their messages on', async () => {
    const { events, socket } = await connect();
    expect(socket.url).toBe('ws://umpire.test/cable?token=t');
    socket.welcomeAndConfirm();
    const identifiers = socket.sent.filter((m) => m.command === 'subscribe').map((m) => JSON.parse(m.identifier) as unknown);
    expect(identifiers).toEqual([
      { channel: INCIDENTS_CHANNEL, match_id: 157 },
      { channel: MATCH_CHANNEL, match_id: 157 },
    ]);
    expect(events.statuses).toEqual(['connecting', 'connected', 'connected']);
    const [incidents, match] = socket.sent.filter((m) => m.command === 'subscribe').map((m) => m.identifier);
    socket.receive({ identifier: incidents, message: { action: 'deleted', id: '4' } });
    socket.receive({ identifier: match, message: { action: 'presence', viewers: [] } });
    expect(events.incidents).toEqual([{ action: 'deleted', id: '4' }]);
    expect(events.match).toEqual([{ action: 'presence', viewers: [] }]);
    expect(events.errors).toEqual([]);
  });

  it('reports an unclean close to the callback as an object with its code, and will reconnect', async () => {
    const { events, socket } = await connect();
    socket.welcomeAndConfirm();
    socket.serverClose(1006, false);
    expect(events.errors).toEqual([{ code: 1006, reason: undefined, willReconnect: true }]);
    expect(events.statuses.at(-1)).toBe('reconnecting');
  });

  it('reports a close with another code than 1000 even when clean (server going away)', async () => {
    const { events, socket } = await connect();
    socket.welcomeAndConfirm();
    socket.serverClose(1001, true, 'server shutting down');
    expect(events.errors).toEqual([{ code: 1001, reason: 'server shutting down', willReconnect: true }]);
  });

  it('does not report a normal close', async () => {
    const { events, socket } = await connect();
    socket.welcomeAndConfirm();
    socket.serverClose(1000, true);
    expect(events.errors).toEqual([]);
  });

  it("reports the server's refusal (4401) as an error it will not reconnect from", async () => {
    const { events, socket } = await connect();
    socket.open();
    socket.receive({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
    socket.serverClose(4401, true, 'unauthorized');
    expect(events.errors).toEqual([{ code: 4401, reason: 'unauthorized', willReconnect: false }]);
    expect(events.statuses.at(-1)).toBe('refused');
  });

  it('says nothing once disposed (leaving the page is not an error)', async () => {
    const { events, socket } = await connect();
    socket.welcomeAndConfirm();
    cable!.dispose();
    socket.serverClose(1006, false);
    expect(events.errors).toEqual([]);
    socket.receive({ identifier: socket.sent[0].identifier, message: { action: 'deleted', id: '1' } });
    expect(events.incidents).toEqual([]);
  });

  it('tells when a channel refuses the subscription', async () => {
    const { events, socket } = await connect();
    socket.open();
    socket.receive({ type: 'welcome' });
    socket.receive({ identifier: socket.sent[0].identifier, type: 'reject_subscription' });
    expect(events.rejected).toEqual([INCIDENTS_CHANNEL]);
  });

  it('resubscribes once when the server rejects the repeat of a subscription it already confirmed', async () => {
    const { events, socket } = await connect();
    socket.welcomeAndConfirm();
    const incidents = socket.sent[0].identifier;
    // ActionCable's guarantor repeated the subscribe; the server says no to the repeat.
    socket.receive({ identifier: incidents, type: 'reject_subscription' });
    expect(events.rejected).toEqual([]);
    expect(socket.sent.slice(-2)).toEqual([
      { command: 'unsubscribe', identifier: incidents },
      { command: 'subscribe', identifier: incidents },
    ]);
    socket.receive({ identifier: incidents, type: 'confirm_subscription' });
    socket.receive({ identifier: incidents, message: { action: 'deleted', id: '9' } });
    expect(events.incidents).toEqual([{ action: 'deleted', id: '9' }]);
  });

  it('closes a socket that was still connecting when disposed, once it opens', async () => {
    const { socket } = await connect();
    cable!.dispose();
    expect(socket.closedWith).toBeUndefined();
    socket.open();
    expect(socket.closedWith).toBe(1000);
  });

  it('loads ActionCable lazily through the given loader', async () => {
    const load = vi.fn(() => import('@rails/actioncable'));
    cable = await connectMatchCable({
      url: 'ws://umpire.test/cable?token=x',
      matchId: 1,
      WebSocket: FakeWebSocket as unknown as typeof WebSocket,
      onIncidents: () => {},
      onMatch: () => {},
      loadActionCable: load,
    });
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('the cable address', () => {
  it('is /cable on the API host with the token; https becomes wss', () => {
    expect(cableUrl('/api/v3', 'abc', 'http://localhost:8080')).toBe('ws://localhost:8080/cable?token=abc');
    expect(cableUrl('https://api.example.com/api/v3', 'a b', 'http://localhost')).toBe('wss://api.example.com/cable?token=a%20b');
    expect(cableUrl('/api/v3', null, 'https://league.example')).toBe('wss://league.example/cable');
  });
});
