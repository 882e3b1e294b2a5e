import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { authenticateToken, SESSION_COOKIE } from '../auth/authenticate';
import type { AuthContext } from '../jsonapi/access';
import { DELIVERY_KEY_HEADER } from '@umpire/schema';
import { clientAddress, type Config } from '../config';
import { anonymousReadsAllowed } from '../delivery/anonymous-reads';
import type { Database } from '../db/database';
import { modelOf, type Model } from '../jsonapi/model';
import { projectRecordNow, PUBLIC_PREFIX } from '../jsonapi/public-projection';
import { toResourceObject, type Row } from '../jsonapi/read';
import type { BusEvent, ChangeBus, PresenceMessage } from './change-bus';
import { CONTENT_CHANNEL, isContentType } from './content-types';
import { SnapshotCache, type Snapshot } from './snapshot-cache';

/**
 * /cable speaks the ActionCable wire protocol (welcome, ping, subscribe, confirm or reject,
 * message, disconnect), so the official @rails/actioncable client works unchanged.
 */
export const CABLE_PROTOCOL = 'actioncable-v1-json';
const PING_INTERVAL_MS = 3000;
const TICK_MS = 100;
const PING_SLICES = PING_INTERVAL_MS / TICK_MS;
/**
 * A socket with more than this waiting to be sent (its reader is slow, stalled or gone, and the
 * kernel's buffers are already full) is dropped rather than buffered without end; its client
 * reconnects and gets a fresh snapshot. Healthy readers hold nothing here: the kernel takes it.
 */
export const SEND_BUFFER_LIMIT = 512 * 1024;
/** WebSocket pings (which browsers answer by themselves): a socket silent for two rounds is dead. */
const HEARTBEAT_MS = 15_000;
const BEAT_SLICES = HEARTBEAT_MS / TICK_MS;
const SLUG_TTL_MS = 60_000;
/** Changes that a public snapshot (a match and its incidents, a round's matches) shows. */
const SNAPSHOT_TYPES = new Set(['matches', 'incidents', 'rounds']);
const PRESENCE_TTL_MS = 30_000;
const CHANNELS = { incidents: 'API::V3::IncidentsChannel', match: 'API::V3::MatchChannel' } as const;
/**
 * Fans' live scores (issue 24, point 4): a match's incidents and score, or a round's matches, for
 * anyone, without a token (`/cable?client=<slug>`); what they carry is cut by the delivery API's
 * projection, and staff presence is never sent on them.
 */
const PUBLIC_CHANNELS = { match: 'Public::MatchChannel', round: 'Public::RoundChannel' } as const;

interface Subscription {
  connection: Connection;
  /** Echoed exactly as the client sent it: the client matches messages by this string. */
  identifier: string;
  key: string;
}

interface Connection {
  id: number;
  ws: WebSocket;
  /** Staff: their token's context; a fan's public connection has none. */
  auth: AuthContext | null;
  clientId: number;
  /** The address a public connection counts against. */
  address: string | null;
  subscriptions: Map<string, Subscription>;
  /** Heard from (a pong or a message) since the last heartbeat. */
  alive: boolean;
  /** Subscribes being checked, so a repeat does not subscribe twice. */
  pending: Set<string>;
  apiBase: string;
  /** A public connection's allowance of new subscribes (a token bucket: see admitPublic), and whether it was closed for running out. */
  subscribes: { tokens: number; at: number; exhausted: boolean };
}

const parseCookies = (header: string | undefined) =>
  Object.fromEntries((header ?? '').split(';').map((p) => p.trim().split('=')).filter((p) => p.length === 2).map(([k, v]) => [k, decodeURIComponent(v)]));

function refuseUpgrade(socket: Duplex, status: number, reason: string) {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export class Cable {
  private readonly wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: 64 * 1024,
    handleProtocols: (protocols) => (protocols.has(CABLE_PROTOCOL) ? CABLE_PROTOCOL : false),
  });
  private readonly streams = new Map<string, Set<Subscription>>();
  private readonly connections = new Set<Connection>();
  /** Viewers of each match on other instances: key → instance → viewers. */
  private readonly remotePresence = new Map<string, Map<string, { viewers: PresenceMessage['viewers']; at: number }>>();
  private nextId = 1;
  private ticks = 0;
  /** Public round subscriptions per client: only then does an incident look up its match's round. */
  private readonly publicRounds = new Map<number, number>();
  /** Open public connections per address (CABLE_PUBLIC_CONNECTIONS_PER_ADDRESS). */
  private readonly publicByAddress = new Map<string, number>();
  private readonly timers: NodeJS.Timeout[] = [];
  /** Sockets dropped for a full send buffer, and for missing pongs. */
  private readonly dropped = { slow: 0, silent: 0 };
  /** Fans' subscribes refused past their connection's bounds (and connections closed for the rate). */
  private readonly refused = { subscriptions: 0, identifier: 0, rate: 0 };
  /** League slug → id for public connections: a reconnecting crowd does not ask the database each time. */
  private readonly slugs = new Map<string, { id: number; anonymous: boolean; at: number }>();
  /** Public snapshots by what they show and their link base, each valid while its league's serial stands. */
  private readonly snapshots: SnapshotCache;
  /** Per league, counts changes of what public snapshots show. */
  private readonly serials = new Map<number, number>();
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly config: Config,
    private readonly database: Database,
    private readonly bus: ChangeBus,
    /** The league of an active delivery key (delivery-keys/access.ts), for leagues that read only with keys. */
    private readonly deliveryKeyClient: (secret: string) => Promise<number | null>,
  ) {
    this.snapshots = new SnapshotCache(config.cablePublic.snapshotCache);
    // On the next turn of the event loop: the change has committed, and the writer's answer (built
    // by then) need not wait for a fan-out to a crowd. Immediates keep the events' order.
    this.unsubscribe.push(bus.subscribe((e) => setImmediate(() => void this.onChange(e).catch(() => {}))));
    this.unsubscribe.push(bus.subscribePresence((m) => this.onRemotePresence(m)));
    this.timers.push(setInterval(() => this.tick(), TICK_MS));
    // Other instances forget viewers of an instance that stopped; ours are re-announced.
    this.timers.push(setInterval(() => void this.announceAllPresence(), PRESENCE_TTL_MS / 3));
    for (const t of this.timers) t.unref();
  }

  attach(app: FastifyInstance) {
    app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      // Node leaves an upgrading socket's errors to us: a reset (HAProxy resets its side once a
      // refusal is answered) must close that socket, not end the process.
      socket.on('error', () => socket.destroy());
      void this.upgrade(req, socket, head).catch(() => refuseUpgrade(socket, 500, 'Internal Server Error'));
    });
  }

  private originAllowed(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    if (!origin) return true; // not a browser: the token alone decides
    const host = req.headers.host;
    return this.config.allowedOrigins.includes(origin) || (!!host && (origin === `http://${host}` || origin === `https://${host}`));
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/cable') return refuseUpgrade(socket, 404, 'Not Found');
    const header = req.headers.authorization?.replace(/^Bearer\s+/i, '');
    // A league's website, on its own origin, with no token: a public connection (no cookie is read).
    const slug = url.searchParams.get('client');
    if (slug !== null && !url.searchParams.has('token') && !header) return this.upgradePublic(req, socket, head, slug);
    if (!this.originAllowed(req)) return refuseUpgrade(socket, 403, 'Forbidden');
    // Browsers cannot set headers on a WebSocket: the token comes in the query or the gateway's cookie.
    const token = url.searchParams.get('token') ?? header ?? parseCookies(req.headers.cookie)[SESSION_COOKIE];
    const auth = token ? await authenticateToken(token, 'query', this.config, this.database) : { error: 'unauthorized' as const };
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      if ('error' in auth) {
        // ActionCable's way of saying no: the client stops reconnecting.
        ws.send(JSON.stringify({ type: 'disconnect', reason: 'unauthorized', reconnect: false }));
        ws.close(4401, 'unauthorized');
        return;
      }
      this.open({ id: this.nextId++, ws, auth, clientId: auth.clientId, address: null, subscriptions: new Map(), alive: true, pending: new Set(), apiBase: this.apiBaseOf(req), subscribes: { tokens: 0, at: 0, exhausted: false } });
    });
  }

  private apiBaseOf(req: IncomingMessage): string {
    // Believed from a trusted proxy only, as Fastify's request.protocol does.
    const trust = this.config.trustProxy;
    const proxied = !!trust && trust(req.socket.remoteAddress ?? '', 0);
    const proto = proxied && (req.headers['x-forwarded-proto'] as string | undefined) === 'https' ? 'https' : 'http';
    return `${this.config.publicUrl ?? `${proto}://${req.headers.host}`}/api/v3`;
  }

  private async upgradePublic(req: IncomingMessage, socket: Duplex, head: Buffer, slug: string) {
    // As HTTP's request.ip: the right-most X-Forwarded-For entry the trusted proxies did not write.
    const address = clientAddress(req, this.config.trustProxy);
    // One address (a stadium's Wi-Fi, a carrier's NAT) holds many fans, but not without end.
    const full = () => (this.publicByAddress.get(address) ?? 0) >= this.config.cablePublicConnectionsPerAddress;
    if (full()) return refuseUpgrade(socket, 429, 'Too Many Requests');
    const league = await this.clientOfSlug(slug);
    if (league === null) return refuseUpgrade(socket, 404, 'Not Found');
    const clientId = league.id;
    // A league that reads only with delivery keys (public_anonymous_reads: false) lets in only
    // connections carrying one of its keys, as /public/v1 does: apps send the header; browsers cannot.
    const key = req.headers[DELIVERY_KEY_HEADER.toLowerCase()];
    if (key !== undefined) {
      if (typeof key !== 'string' || (await this.deliveryKeyClient(key)) !== clientId) return refuseUpgrade(socket, 401, 'Unauthorized');
    } else if (!league.anonymous) return refuseUpgrade(socket, 401, 'Unauthorized');
    // Others may have come in while the league was looked up.
    if (full()) return refuseUpgrade(socket, 429, 'Too Many Requests');
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      // Counted once it is open (a socket gone during the upgrade never is), until it closes.
      this.publicByAddress.set(address, (this.publicByAddress.get(address) ?? 0) + 1);
      const conn: Connection = { id: this.nextId++, ws, auth: null, clientId, address, subscriptions: new Map(), alive: true, pending: new Set(), apiBase: this.apiBaseOf(req), subscribes: { tokens: this.subscribeBurst(), at: Date.now(), exhausted: false } };
      this.open(conn);
    });
  }

  /** A league by its slug, and whether it lets anyone read without a key; kept a minute, or until the league's settings change. */
  private async clientOfSlug(slug: string): Promise<{ id: number; anonymous: boolean } | null> {
    if (!/^[a-z0-9-]{1,80}$/.test(slug)) return null;
    const known = this.slugs.get(slug);
    if (known && Date.now() - known.at < SLUG_TTL_MS) return known;
    const client = await this.database.db.selectFrom('clients').select(['id', 'settings']).where('slug', '=', slug).executeTakeFirst();
    // Only leagues that exist are remembered, so made-up slugs cannot grow the map.
    if (!client) return null;
    const league = { id: Number(client.id), anonymous: anonymousReadsAllowed(client.settings), at: Date.now() };
    this.slugs.set(slug, league);
    return league;
  }


  private open(conn: Connection) {
    this.connections.add(conn);
    conn.ws.send(JSON.stringify({ type: 'welcome' }));
    const expiresAt = conn.auth?.expiresAt;
    const expiry =
      expiresAt === undefined
        ? undefined
        : setTimeout(() => {
            conn.ws.send(JSON.stringify({ type: 'disconnect', reason: 'unauthorized', reconnect: false }));
            conn.ws.close(4401, 'token expired');
          }, Math.max(0, Math.min(expiresAt - Date.now(), 2 ** 31 - 1)));
    conn.ws.on('message', (data) => {
      conn.alive = true;
      void this.onMessage(conn, data.toString()).catch(() => {});
    });
    conn.ws.on('pong', () => (conn.alive = true));
    conn.ws.on('close', () => {
      clearTimeout(expiry);
      this.connections.delete(conn);
      if (conn.address !== null) {
        const left = (this.publicByAddress.get(conn.address) ?? 1) - 1;
        if (left > 0) this.publicByAddress.set(conn.address, left);
        else this.publicByAddress.delete(conn.address);
      }
      for (const sub of conn.subscriptions.values()) this.removeSubscription(sub);
    });
    conn.ws.on('error', () => conn.ws.terminate());
  }

  private async onMessage(conn: Connection, text: string) {
    let msg: { command?: string; identifier?: string; data?: string };
    try {
      msg = JSON.parse(text) as typeof msg;
    } catch {
      return;
    }
    if (typeof msg.identifier !== 'string') return;
    if (msg.command === 'subscribe') await this.subscribe(conn, msg.identifier);
    else if (msg.command === 'unsubscribe') {
      const sub = conn.subscriptions.get(msg.identifier);
      if (sub) {
        conn.subscriptions.delete(msg.identifier);
        this.removeSubscription(sub);
      }
    }
  }

  private send(conn: Connection, payload: object) {
    this.deliver(conn.ws, JSON.stringify(payload));
  }

  /**
   * Every frame goes through here: one that cannot take more (see SEND_BUFFER_LIMIT) is dropped at
   * once, never waited for, so a stalled reader costs the others nothing.
   */
  private deliver(ws: WebSocket, data: Buffer | string): boolean {
    if (!this.writable(ws)) return false;
    ws.send(data, { binary: false });
    return true;
  }

  private writable(ws: WebSocket): boolean {
    if (ws.readyState !== ws.OPEN) return false;
    if (ws.bufferedAmount <= SEND_BUFFER_LIMIT) return true;
    this.dropped.slow++;
    ws.terminate();
    return false;
  }

  private async subscribe(conn: Connection, identifier: string) {
    // The client repeats a subscribe that is not confirmed quickly; like Rails, answer it once.
    if (conn.subscriptions.has(identifier) || conn.pending.has(identifier)) return;
    if (!conn.auth && !this.admitPublic(conn, identifier)) return;
    conn.pending.add(identifier);
    try {
      await this.confirmSubscription(conn, identifier);
    } finally {
      conn.pending.delete(identifier);
    }
  }

  /**
   * New subscribes a fan's connection may send at once: a page subscribes to all it shows together
   * (up to its subscriptions), so that many and a rate's worth more; then they come at the rate.
   */
  private subscribeBurst() {
    const { subscriptions, subscribeRate } = this.config.cablePublic;
    return subscriptions + subscribeRate.max;
  }

  /**
   * A fan's page follows a few matches or rounds. Past the connection's bounds (subscriptions held
   * or being checked, the identifier's size) a subscribe is rejected without a lookup; past its
   * allowance of new subscribes (subscribeBurst, refilled at the rate) the connection is closed and
   * told not to reconnect. So one socket asking for 10,000 made-up matches costs a few dozen
   * lookups, not 10,000, and no crowd's snapshot.
   */
  private admitPublic(conn: Connection, identifier: string): boolean {
    const { subscriptions, identifierBytes, subscribeRate } = this.config.cablePublic;
    const bucket = conn.subscribes;
    // Once closed, what the socket had already sent behind is dropped as it arrives.
    if (bucket.exhausted) return false;
    const now = Date.now();
    bucket.tokens = Math.min(this.subscribeBurst(), bucket.tokens + ((now - bucket.at) * subscribeRate.max) / (subscribeRate.windowSeconds * 1000));
    bucket.at = now;
    if (bucket.tokens < 1) {
      bucket.exhausted = true;
      this.refused.rate++;
      this.send(conn, { type: 'disconnect', reason: 'invalid_request', reconnect: false });
      conn.ws.close(1008, 'too many subscribes');
      return false;
    }
    bucket.tokens--;
    const tooLarge = Buffer.byteLength(identifier) > identifierBytes;
    if (tooLarge || conn.subscriptions.size + conn.pending.size >= subscriptions) {
      this.refused[tooLarge ? 'identifier' : 'subscriptions']++;
      this.send(conn, { identifier, type: 'reject_subscription' });
      return false;
    }
    return true;
  }

  private async confirmSubscription(conn: Connection, identifier: string) {
    const reject = () => this.send(conn, { identifier, type: 'reject_subscription' });
    let params: { channel?: string; match_id?: unknown; round_id?: unknown; type?: unknown };
    try {
      params = JSON.parse(identifier) as typeof params;
    } catch {
      return reject();
    }
    if (params.channel === PUBLIC_CHANNELS.match || params.channel === PUBLIC_CHANNELS.round) return this.confirmPublic(conn, identifier, params);
    // Everything else is the staff's.
    const auth = conn.auth;
    if (!auth) return reject();
    if (params.channel === CONTENT_CHANNEL) {
      // Published content of the client (articles, pages): who may read the type hears its changes.
      const type = typeof params.type === 'string' ? params.type : 'articles';
      if (!isContentType(type) || !auth.ability.can('read', type)) return reject();
      const key = `content:${auth.clientId}:${type}`;
      const sub: Subscription = { connection: conn, identifier, key };
      conn.subscriptions.set(identifier, sub);
      let set = this.streams.get(key);
      if (!set) this.streams.set(key, (set = new Set()));
      set.add(sub);
      this.send(conn, { identifier, type: 'confirm_subscription' });
      return;
    }
    const matchId = Number(params.match_id);
    const kind = params.channel === CHANNELS.incidents ? 'incidents' : params.channel === CHANNELS.match ? 'match' : null;
    const subject = kind === 'incidents' ? 'incidents' : 'matches';
    if (!kind || !Number.isInteger(matchId) || matchId < 1 || !auth.ability.can('read', subject)) return reject();
    // Another client's match looks exactly like one that does not exist.
    const match = await this.database.db
      .selectFrom('matches')
      .selectAll()
      .where('id', '=', matchId)
      .where('client_id', '=', auth.clientId)
      .executeTakeFirst();
    if (!this.connections.has(conn)) return;
    if (!match) return reject();
    const key = streamKey(kind, auth.clientId, matchId);
    const sub: Subscription = { connection: conn, identifier, key };
    conn.subscriptions.set(identifier, sub);
    let set = this.streams.get(key);
    if (!set) this.streams.set(key, (set = new Set()));
    set.add(sub);
    this.send(conn, { identifier, type: 'confirm_subscription' });
    // A (re)connected client catches up with the current state at once.
    if (kind === 'incidents') {
      const rows = await this.database.db
        .selectFrom('incidents')
        .selectAll()
        .where('client_id', '=', auth.clientId)
        .where('match_id', '=', matchId)
        .orderBy('sort_key')
        .orderBy('stoppage_minute')
        .orderBy('id')
        .execute();
      const model = modelOf('incidents');
      this.send(conn, { identifier, message: { action: 'snapshot', incidents: rows.map((r) => toResourceObject(model, r, conn.apiBase)) } });
    } else {
      this.send(conn, { identifier, message: { action: 'snapshot', match: toResourceObject(modelOf('matches'), match, conn.apiBase) } });
      this.presenceChanged(auth.clientId, matchId, true);
    }
  }

  /** A fan's subscription: a match (its score and incidents) or a round (its matches), public fields only. */
  private async confirmPublic(conn: Connection, identifier: string, params: { channel?: string; match_id?: unknown; round_id?: unknown }) {
    const kind = params.channel === PUBLIC_CHANNELS.round ? 'round' : 'match';
    const id = Number(kind === 'round' ? params.round_id : params.match_id);
    const reject = () => this.send(conn, { identifier, type: 'reject_subscription' });
    if (!Number.isInteger(id) || id < 1) return reject();
    let subscribed = false;
    for (let attempt = 1; ; attempt++) {
      const snapshot = this.publicSnapshot(conn, kind, id);
      const body = await snapshot.body;
      // Gone while the database answered: its close has already removed what it had.
      if (!this.connections.has(conn)) return;
      if (body === null) {
        const sub = conn.subscriptions.get(identifier);
        if (sub) {
          conn.subscriptions.delete(identifier);
          this.removeSubscription(sub);
        }
        return reject();
      }
      if (!subscribed) {
        this.addSubscription(conn, identifier, publicKey(kind, conn.clientId, id));
        this.send(conn, { identifier, type: 'confirm_subscription' });
        subscribed = true;
      }
      // Subscribed now, it hears every change from here on; one that came while the snapshot was
      // read may be missing from it and from what it heard, so then it is read again (a few times
      // at most: a league changing without pause still gets its snapshot).
      if (snapshot.serial === this.publicSerial(conn.clientId) || attempt === 3) {
        this.deliver(conn.ws, `{"identifier":${JSON.stringify(identifier)},"message":${body}}`);
        return;
      }
    }
  }

  private publicSerial(clientId: number) {
    return this.serials.get(clientId) ?? 0;
  }

  /**
   * A match's or a round's public snapshot, read once for every fan subscribing until the league's
   * next change of a match, an incident or a round (a crowd reconnecting after a restart asks the
   * database once, not 20,000 times); null when there is no such match or round.
   */
  private publicSnapshot(conn: Connection, kind: 'match' | 'round', id: number): Snapshot {
    const key = `${kind}:${conn.clientId}:${id}:${conn.apiBase}`;
    const serial = this.publicSerial(conn.clientId);
    const known = this.snapshots.get(key, serial);
    if (known) return known;
    // Bounded, and made-up ids ("no such match", remembered too) never push out a found one.
    const snapshot: Snapshot = { serial, body: this.readPublicSnapshot(conn.clientId, conn.apiBase, kind, id) };
    this.snapshots.set(key, snapshot);
    return snapshot;
  }

  private async readPublicSnapshot(clientId: number, apiBase: string, kind: 'match' | 'round', id: number): Promise<string | null> {
    const db = this.database.db;
    const matches = modelOf('matches');
    if (kind === 'round') {
      if (!(await db.selectFrom('rounds').select('id').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst())) return null;
      const rows = await db.selectFrom('matches').selectAll().where('client_id', '=', clientId).where('round_id', '=', id).orderBy('kickoff_at').orderBy('id').execute();
      return JSON.stringify({ action: 'snapshot', matches: rows.map((r) => publicResource(matches, r, apiBase)) });
    }
    const match = await db.selectFrom('matches').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
    if (!match) return null;
    const incidents = await db.selectFrom('incidents').selectAll().where('client_id', '=', clientId).where('match_id', '=', id).orderBy('sort_key').orderBy('stoppage_minute').orderBy('id').execute();
    return JSON.stringify({ action: 'snapshot', match: publicResource(matches, match, apiBase), incidents: incidents.map((r) => publicResource(modelOf('incidents'), r, apiBase)) });
  }

  private addSubscription(conn: Connection, identifier: string, key: string) {
    const sub: Subscription = { connection: conn, identifier, key };
    conn.subscriptions.set(identifier, sub);
    let set = this.streams.get(key);
    if (!set) this.streams.set(key, (set = new Set()));
    set.add(sub);
    if (key.startsWith('public-round:')) this.publicRounds.set(conn.clientId, (this.publicRounds.get(conn.clientId) ?? 0) + 1);
  }

  /** A change of a match or an incident, to the fans of that match and of its round. */
  private async broadcastPublic(event: BusEvent, row: Row | null, matchId: number) {
    if (event.type === 'lineups') return;
    const action = event.action === 'create' ? 'created' : event.action === 'update' ? 'updated' : 'deleted';
    const name = event.type === 'incidents' ? 'incident' : 'match';
    const message = (apiBase: string) => ({ action, [name]: row ? publicResource(modelOf(event.type), row, apiBase) : { type: event.type, id: event.id }, id: event.id, match_id: String(matchId) });
    const matchKey = publicKey('match', event.clientId, matchId);
    const first = (key: string) => this.streams.get(key)?.values().next().value;
    const onMatch = first(matchKey);
    if (onMatch) this.broadcast(matchKey, message(onMatch.connection.apiBase));
    if (!this.publicRounds.get(event.clientId)) return;
    const roundId =
      event.type === 'matches'
        ? Number(row?.round_id ?? 0)
        : Number((await this.database.db.selectFrom('matches').select('round_id').where('id', '=', matchId).where('client_id', '=', event.clientId).executeTakeFirst())?.round_id ?? 0);
    const roundKey = publicKey('round', event.clientId, roundId);
    const onRound = first(roundKey);
    if (onRound) this.broadcast(roundKey, message(onRound.connection.apiBase));
  }

  private removeSubscription(sub: Subscription) {
    if (sub.key.startsWith('public-round:')) {
      const left = (this.publicRounds.get(sub.connection.clientId) ?? 1) - 1;
      if (left > 0) this.publicRounds.set(sub.connection.clientId, left);
      else this.publicRounds.delete(sub.connection.clientId);
    }
    const set = this.streams.get(sub.key);
    set?.delete(sub);
    if (set && !set.size) this.streams.delete(sub.key);
    const [kind, clientId, matchId] = sub.key.split(':');
    if (kind === 'match') this.presenceChanged(Number(clientId), Number(matchId), true);
  }

  /**
   * Serializes a message once and sends the same bytes to every subscriber of the stream: the
   * frame differs only by the identifier, which the client library writes the same way for
   * everyone, so a crowd of 20,000 costs one encoding and 20,000 writes.
   */
  private broadcast(key: string, message: object) {
    const set = this.streams.get(key);
    if (!set?.size) return;
    const body = JSON.stringify(message);
    const frames = new Map<string, Buffer>();
    for (const sub of set) {
      let frame = frames.get(sub.identifier);
      if (!frame) frames.set(sub.identifier, (frame = Buffer.from(`{"identifier":${JSON.stringify(sub.identifier)},"message":${body}}`)));
      this.deliver(sub.connection.ws, frame);
    }
  }

  private async rowOf(event: BusEvent): Promise<Row | null> {
    if (!event.truncated) return event.after ?? event.before;
    if (event.action === 'delete') return null;
    return (await this.database.db.selectFrom(modelOf(event.type).table).selectAll().where('id', '=', Number(event.id)).executeTakeFirst()) ?? null;
  }

  private async onChange(event: BusEvent) {
    // A league's settings changed (whether it reads without a key): looked up again at the next connection.
    if (event.type === 'clients') for (const [slug, league] of this.slugs) if (league.id === event.clientId) this.slugs.delete(slug);
    // At once, before anything is awaited: a snapshot read from here on is no longer current.
    if (SNAPSHOT_TYPES.has(event.type)) this.serials.set(event.clientId, this.publicSerial(event.clientId) + 1);
    if (isContentType(event.type)) {
      const action = event.action === 'create' ? 'created' : event.action === 'update' ? 'updated' : 'deleted';
      this.broadcast(`content:${event.clientId}:${event.type}`, { action, type: event.type, id: event.id, actor: event.actor });
      return;
    }
    if (event.type !== 'incidents' && event.type !== 'matches' && event.type !== 'lineups') return;
    const row = await this.rowOf(event);
    const matchId = event.type === 'matches' ? Number(event.id) : Number(row?.match_id ?? 0);
    const kind = event.type === 'incidents' ? 'incidents' : 'match';
    await this.broadcastPublic(event, row, matchId);
    const key = streamKey(kind, event.clientId, matchId);
    const set = this.streams.get(key);
    if (!set?.size) return;
    const apiBase = set.values().next().value!.connection.apiBase;
    const action = event.action === 'create' ? 'created' : event.action === 'update' ? 'updated' : 'deleted';
    const resource = row ? toResourceObject(modelOf(event.type), row, apiBase) : { type: event.type, id: event.id };
    // Broadcasters are links through a join table, not columns: send them so other screens see a change.
    if (row && event.type === 'matches' && 'attributes' in resource) {
      const links = await this.database.db
        .selectFrom('match_transmissions')
        .select('transmission_provider_id')
        .where('match_id', '=', matchId)
        .where('client_id', '=', event.clientId)
        .orderBy('transmission_provider_id')
        .execute();
      resource.relationships = {
        ...resource.relationships,
        transmission_providers: { data: links.map((l) => ({ type: 'transmission_providers', id: String(l.transmission_provider_id) })) },
      };
    }
    const name = event.type === 'incidents' ? 'incident' : event.type === 'matches' ? 'match' : 'lineup';
    this.broadcast(key, { action, [name]: resource, id: event.id, actor: event.actor });
  }

  private localViewers(clientId: number, matchId: number) {
    const set = this.streams.get(streamKey('match', clientId, matchId));
    return [...(set ?? [])].flatMap((s) => (s.connection.auth ? [{ username: s.connection.auth.username, since: new Date().toISOString() }] : []));
  }

  private presenceChanged(clientId: number, matchId: number, announce: boolean) {
    const key = streamKey('match', clientId, matchId);
    if (announce) void this.bus.publishPresence({ clientId, matchId, viewers: this.localViewers(clientId, matchId) }).catch(() => {});
    const now = Date.now();
    const names = new Map<string, number>();
    const add = (username: string) => names.set(username, (names.get(username) ?? 0) + 1);
    for (const v of this.localViewers(clientId, matchId)) add(v.username);
    for (const remote of this.remotePresence.get(key)?.values() ?? []) if (now - remote.at < PRESENCE_TTL_MS) for (const v of remote.viewers) add(v.username);
    const viewers = [...names].map(([username, connections]) => ({ username, connections })).sort((a, b) => a.username.localeCompare(b.username));
    this.broadcast(key, { action: 'presence', viewers });
  }

  private onRemotePresence(m: PresenceMessage) {
    const key = streamKey('match', m.clientId, m.matchId);
    let byInstance = this.remotePresence.get(key);
    if (!byInstance) this.remotePresence.set(key, (byInstance = new Map<string, { viewers: PresenceMessage['viewers']; at: number }>()));
    byInstance.set(m.origin, { viewers: m.viewers, at: Date.now() });
    this.presenceChanged(m.clientId, m.matchId, false);
  }

  private async announceAllPresence() {
    for (const key of this.streams.keys()) {
      const [kind, clientId, matchId] = key.split(':');
      if (kind === 'match') await this.bus.publishPresence({ clientId: Number(clientId), matchId: Number(matchId), viewers: this.localViewers(Number(clientId), Number(matchId)) });
    }
  }

  /**
   * Pings and heartbeats, each connection in its own slice of the interval: 20,000 writes at once
   * would hold the event loop (and any broadcast waiting behind it) for a noticeable moment.
   */
  private tick() {
    const tick = this.ticks++;
    const pingSlice = tick % PING_SLICES;
    const beatSlice = tick % BEAT_SLICES;
    let ping: Buffer | null = null;
    for (const conn of this.connections) {
      const ws = conn.ws;
      if (ws.readyState !== ws.OPEN) continue;
      if (conn.id % PING_SLICES === pingSlice) {
        // ActionCable's ping: the client counts a connection without messages for 6 s as stale.
        ping ??= Buffer.from(JSON.stringify({ type: 'ping', message: Math.floor(Date.now() / 1000) }));
        this.deliver(ws, ping);
      }
      if (conn.id % BEAT_SLICES === beatSlice) this.heartbeat(conn);
    }
  }

  /** Clients never write on their own, so a dead peer (no FIN, no RST) shows only by a missing pong. */
  private heartbeat(conn: Connection) {
    if (!conn.alive) {
      this.dropped.silent++;
      conn.ws.terminate();
      return;
    }
    conn.alive = false;
    if (this.writable(conn.ws)) conn.ws.ping();
  }

  /**
   * Open connections and subscriptions, sockets dropped (slow: full buffer; silent: no pong), fans'
   * subscribes refused by their connection's bounds, and the public snapshots' cache (entries,
   * answers from memory, database reads), for metrics and tests.
   */
  stats() {
    let subscriptions = 0;
    for (const set of this.streams.values()) subscriptions += set.size;
    return { connections: this.connections.size, subscriptions, dropped: { ...this.dropped }, refused: { ...this.refused }, snapshots: this.snapshots.stats() };
  }

  async close() {
    for (const t of this.timers) clearInterval(t);
    for (const u of this.unsubscribe) u();
    // As Rails says it on a restart: the official client reconnects (through the balancer, to an
    // instance still up) and subscribes again, and each channel sends a fresh snapshot.
    const restart = JSON.stringify({ type: 'disconnect', reason: 'server_restart', reconnect: true });
    for (const conn of this.connections) {
      this.deliver(conn.ws, restart);
      conn.ws.close(1001, 'server restart');
    }
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

function publicKey(kind: 'match' | 'round', clientId: number, id: number) {
  return `public-${kind}:${clientId}:${id}`;
}

/** A record as fans may see it: the delivery API's projection, links under /public/v1. */
function publicResource(model: Model, row: Row, apiBase: string) {
  return projectRecordNow(toResourceObject(model, row, apiBase), { from: apiBase, to: apiBase.replace(/\/api\/v3$/, PUBLIC_PREFIX) });
}

function streamKey(kind: 'incidents' | 'match', clientId: number, matchId: number) {
  return `${kind}:${clientId}:${matchId}`;
}
