import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/database';
import type { ChangeEvent } from '../jsonapi/context';

/** A committed change as subscribers receive it; `truncated` when its rows were too large to travel. */
export type BusEvent = ChangeEvent & { origin: string; truncated?: boolean };

/** Who has a match open on one instance, shared so every instance can show all of them. */
export interface PresenceMessage {
  presence: true;
  origin: string;
  clientId: number;
  matchId: number;
  viewers: { username: string; since: string }[];
}

/** A word to the other instances that is no change of data (a live stream let go, to be taken at once). */
export interface SignalMessage {
  signal: string;
  origin: string;
  data: unknown;
}

const CHANNEL = 'umpire_changes';
// NOTIFY payloads are limited to 8000 bytes; larger events travel as a reference and are re-read.
const MAX_PAYLOAD = 7000;

/**
 * Committed changes for realtime channels. Within one process it is an event emitter; with
 * PostgreSQL every instance also LISTENs, so a change made through one instance reaches the
 * WebSocket clients of all of them.
 */
export class ChangeBus {
  private readonly emitter = new EventEmitter();
  private readonly committed = new Set<(events: ChangeEvent[]) => Promise<void>>();
  readonly instance = randomUUID();
  private listener: pg.Client | null = null;
  private closed = false;

  constructor(private readonly database: Database) {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    if (this.database.dialect !== 'postgres' || !this.database.url) return;
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.database.url! });
    client.on('notification', (msg) => {
      if (!msg.payload) return;
      const message = JSON.parse(msg.payload) as BusEvent | PresenceMessage | SignalMessage;
      if (message.origin === this.instance) return;
      if ('signal' in message) this.emitter.emit(`signal:${message.signal}`, message.data);
      else this.emitter.emit('presence' in message ? 'presence' : 'change', message);
    });
    client.on('error', () => this.reconnect());
    client.on('end', () => this.reconnect());
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  private reconnect() {
    if (this.closed) return;
    this.listener = null;
    setTimeout(() => void this.connect().catch(() => this.reconnect()), 500).unref();
  }

  /**
   * A capability that must act on this instance's own changes before the request answers (the
   * live engine's markers reach the playlists, through the stream's owner): `publish` awaits it.
   * A failure is the handler's to report; the change has committed all the same.
   */
  onCommitted(handler: (events: ChangeEvent[]) => Promise<void>): () => void {
    this.committed.add(handler);
    return () => this.committed.delete(handler);
  }

  /** Called after commit, never inside a transaction that might still roll back. */
  async publish(events: ChangeEvent[]): Promise<void> {
    for (const handler of this.committed) await handler(events).catch(() => {});
    const sent = events.map((e): BusEvent => ({ ...e, origin: this.instance }));
    // The other instances first, then this one's listeners: the live channel's fan-out to a crowd
    // runs once emitted, and while a NOTIFY was awaited it held up its answer and so the writer's
    // response (0.5–1.3 s with 20,000 fans). Emitted all the same if the NOTIFY fails.
    try {
      if (this.database.dialect === 'postgres')
        for (const event of sent) {
          let payload = JSON.stringify(event);
          if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ ...event, before: null, after: null, truncated: true });
          await sql`select pg_notify(${CHANNEL}, ${payload})`.execute(this.database.db);
        }
    } finally {
      for (const event of sent) this.emitter.emit('change', event);
    }
  }

  /** Presence goes to the other instances only; this one already knows its own viewers. */
  async publishPresence(message: Omit<PresenceMessage, 'presence' | 'origin'>): Promise<void> {
    if (this.database.dialect !== 'postgres') return;
    const payload = JSON.stringify({ ...message, presence: true, origin: this.instance });
    await sql`select pg_notify(${CHANNEL}, ${payload})`.execute(this.database.db);
  }

  /** A signal goes to the other instances only (PostgreSQL; on SQLite there is one process). */
  async publishSignal(signal: string, data: unknown = null): Promise<void> {
    if (this.database.dialect !== 'postgres') return;
    const payload = JSON.stringify({ signal, origin: this.instance, data } satisfies SignalMessage);
    await sql`select pg_notify(${CHANNEL}, ${payload})`.execute(this.database.db);
  }

  onSignal(signal: string, listener: (data: unknown) => void): () => void {
    this.emitter.on(`signal:${signal}`, listener);
    return () => this.emitter.off(`signal:${signal}`, listener);
  }

  subscribePresence(listener: (message: PresenceMessage) => void): () => void {
    this.emitter.on('presence', listener);
    return () => this.emitter.off('presence', listener);
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listener?.end().catch(() => {});
  }
}
