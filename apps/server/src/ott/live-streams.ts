import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { sameJson } from '@umpire/schema';
import type { Span } from '@opentelemetry/api';
import type { Database } from '../db/database';
import { fromDb } from '../db/values';
import { inSpan } from '../telemetry/spans';
import type { IngestEndpoints, LiveControl, LiveHealth, LiveOutputState, LiveStreamConfig, OpenIngest } from './live-control';
import { LiveOwners, type AnnouncedIngest, type OwnerRow } from './live-owners';
import { markersOf } from './live-markers';
import type { LiveHlsStore } from './live-store';

/** What an instance is asked to do with a stream it owns (an internal call from another instance). */
export type LiveOp = 'ingest' | 'start' | 'pause' | 'stop' | 'markers';
export interface ControlCall {
  op: LiveOp;
  config: LiveStreamConfig;
  useBackup?: boolean;
}

/** The stream's owner could not be reached, or nobody could take the stream (the reason is for the operator). */
export class LiveUnavailable extends Error {}

/** Where instances take each other's control calls. */
export const CONTROL_PATH = '/internal/ott/live';
export const CONTROL_HEADER = 'x-umpire-live-control';

export interface LiveStreamsDeps {
  database: Database;
  engine: LiveControl;
  store: LiveHlsStore;
  /** The JWT secret, shared by every instance: the control key is derived from it. */
  secret: Uint8Array;
  /** Secrets of before a rotation: their keys are accepted and tried too, so a rolling restart keeps control working. */
  previousSecrets?: Uint8Array[];
  leaseMs: number;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  /** Tells the other instances that this one let a stream go (a planned stop), so that one claims it at once. */
  released?: (streamId: number) => Promise<void>;
}

const hostsOf = (i: { primary: { rtmp: string; srt: string }; backup: { rtmp: string; srt: string } }) =>
  [i.primary.rtmp, i.primary.srt, i.backup.rtmp, i.backup.srt].map((u) => new URL(u).host).join(' ');

/**
 * Live streams across instances (issue 23). Exactly one instance owns a stream: it holds the lease
 * in `ott_live_owners` (live-owners.ts) and is the only one whose engine opens the stream's ingest
 * listeners and encoder. Every instance answers a stream's reads with what the owner announced
 * there, and sends control calls (start, pause, stop, new keys, markers) to the owner, answering
 * once the owner acted or with its refusal. The output is published to storage as it is written
 * (live-store.ts), so any instance serves viewers.
 *
 * Whoever first needs a stream that nobody holds claims it: a read of its ingest, a control call,
 * or the heartbeat, which every few seconds renews this instance's leases and claims the streams on
 * air whose owner's lease lapsed (it died): the new owner opens the ingest on the ports of before
 * (the same address where a TCP balancer fronts the ingest ports, else its own host, shown to the
 * crews with the old one) and continues the recording from storage after one discontinuity.
 *
 * Never two encoders: an owner that could not renew stops its encoder well before its lease ends
 * (`validUntil`), and a claim only succeeds once the lease has ended.
 */
export class LiveStreams {
  /** This process; a restarted instance is a new owner, and takes its streams back by claiming them. */
  readonly instance = randomUUID();
  private readonly owners: LiveOwners;
  /** This instance's control key first, then those of the previous secrets. */
  private readonly keys: string[];
  private controlUrl: string | null = null;
  /** Streams this instance runs, and until when it may (its last renewal, less a safety margin). */
  private readonly owned = new Map<number, { clientId: number; generation: number; validUntil: number; announced: AnnouncedIngest | null }>();
  private readonly adopting = new Map<number, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> = Promise.resolve();
  private closed = false;
  private closing: Promise<void> | null = null;

  constructor(private readonly deps: LiveStreamsDeps) {
    this.owners = new LiveOwners(deps.database);
    const keyOf = (secret: Uint8Array) => createHmac('sha256', secret).update('umpire ott live control v1').digest('base64url');
    this.keys = [deps.secret, ...(deps.previousSecrets ?? [])].map(keyOf);
  }

  private get tickMs() {
    return Math.max(200, Math.floor(this.deps.leaseMs / 5));
  }

  /** The owner stops two renewals before its lease ends, so its encoder is gone before anyone may claim. */
  private validFrom(sentAt: number) {
    return sentAt + this.deps.leaseMs - 2 * this.tickMs;
  }

  /** Starts owning: this instance is reachable at `controlUrl`; the heartbeat starts (and claims orphans at once). */
  listen(controlUrl: string): void {
    if (this.closed || this.timer) return;
    this.controlUrl = controlUrl.replace(/\/+$/, '');
    this.timer = setInterval(() => void this.beat(), this.tickMs);
    this.timer.unref();
    void this.beat();
  }

  /** Whether a call's header carries the instances' control key. */
  authorised(header: unknown): boolean {
    const got = Buffer.from(typeof header === 'string' ? header : '');
    return this.keys.some((key) => {
      const want = Buffer.from(key);
      return got.length === want.length && timingSafeEqual(got, want);
    });
  }

  // ---- what the routes ask ---------------------------------------------------------------------

  /** The stream's ingest addresses as its owner announced them (claiming the stream if nobody holds it). */
  async addresses(config: LiveStreamConfig): Promise<IngestEndpoints | null> {
    const owner = await this.ownerOf(config);
    const announced = owner === 'self' ? await this.local(config, 'ingest') : (owner.ingest ?? (await this.waitForAnnouncement(config.streamId)));
    if (!announced) return null;
    return { primary: announced.primary, backup: announced.backup, previous: announced.previous ?? null };
  }

  /** New keys (rotate_keys) reach the owner's open listeners before the call answers. */
  async reconfigure(config: LiveStreamConfig): Promise<void> {
    await this.call(config, 'ingest');
  }

  async act(op: 'start' | 'pause' | 'stop', config: LiveStreamConfig, useBackup: boolean): Promise<void> {
    await this.call(config, op, useBackup);
  }

  /** The stream's markers changed (committed): the owner puts them into the playlists. */
  async markersChanged(config: LiveStreamConfig): Promise<void> {
    const row = this.owned.has(config.streamId) ? null : await this.owners.find(config.streamId);
    // Nobody runs the stream: the next owner reads the markers when it starts.
    if (!this.owned.has(config.streamId) && (!row || row.leaseUntil <= Date.now())) return;
    await this.call(config, 'markers');
  }

  /**
   * The output state and health, from the engine here or from what the owner last wrote, and the
   * owner's generation: it changes when another instance takes the stream over (the event page
   * then reads the addresses again).
   */
  async status(streamId: number): Promise<{ state: LiveOutputState; health: LiveHealth | null; generation: number | null }> {
    await this.adopting.get(streamId)?.catch(() => {});
    const mine = this.owned.get(streamId);
    if (mine) return { state: this.deps.engine.state(streamId), health: this.deps.engine.health(streamId), generation: mine.generation };
    const row = await this.owners.find(streamId);
    const generation = row && row.leaseUntil > Date.now() ? row.generation : null;
    // Health of a few seconds ago at most: an owner that died says nothing until the next one does.
    const fresh = row?.health && row.leaseUntil > Date.now() && Date.parse(row.health.at) > Date.now() - 3 * this.tickMs;
    return { state: row?.outputState ?? 'idle', health: fresh ? row.health : null, generation };
  }

  // ---- the owner's side of a call from another instance ------------------------------------------

  async handle(streamId: number, call: ControlCall): Promise<{ status: number; body: Record<string, unknown> }> {
    if (call.config.streamId !== streamId) return { status: 400, body: { code: 'bad_call' } };
    if (!this.owned.has(streamId)) return { status: 409, body: { code: 'not_owner' } };
    try {
      const announced = await this.local(call.config, call.op, call.useBackup ?? false);
      return { status: 200, body: { ingest: announced } };
    } catch (err) {
      return { status: 422, body: { code: 'refused', detail: err instanceof Error ? err.message : String(err) } };
    }
  }

  // ---- ownership ---------------------------------------------------------------------------------

  /** 'self' when this instance runs the stream (after claiming it if nobody held it), else the owner's row. */
  private async ownerOf(config: LiveStreamConfig): Promise<'self' | OwnerRow> {
    const id = config.streamId;
    for (let attempt = 0; attempt < 3; attempt++) {
      if (this.owned.has(id)) {
        await this.adopting.get(id);
        if (this.owned.has(id)) return 'self';
      }
      const now = Date.now();
      const row = await this.owners.find(id);
      if (row && row.leaseUntil > now && row.instance !== this.instance) return row;
      // Stopping (a deploy): the stream is another instance's to take; a read here waits for it.
      if (this.closed && row) {
        const next = await this.waitForOwner(id);
        if (next) return next;
      }
      if (this.closed || !this.controlUrl) throw new LiveUnavailable('this server is not taking live streams (starting or stopping)');
      const claimed = await this.owners.claim(id, config.clientId, this.instance, this.controlUrl, now, this.deps.leaseMs);
      if (claimed) {
        await this.adopt(config, claimed, now);
        return 'self';
      }
    }
    throw new LiveUnavailable(`stream ${id}: no instance could take it`);
  }

  /** Runs a stream just claimed: its ingest on the ports of before, and its output where it was on air. */
  private async adopt(config: LiveStreamConfig, claimed: OwnerRow, claimedAt: number): Promise<void> {
    const { engine, database, store } = this.deps;
    const id = config.streamId;
    this.owned.set(id, { clientId: config.clientId, generation: claimed.generation, validUntil: this.validFrom(claimedAt), announced: null });
    const run = (async () => {
      try {
        const stream = await database.db.selectFrom('ott_streams').select(['status', 'use_backup']).where('id', '=', id).executeTakeFirst();
        const before = claimed.ingest;
        const ports = before?.ports ?? null;
        const recording = await store.recording(config.clientId, id, engine.renditions);
        // A stopped stream is never run again (the database may not say so yet: the stop's own
        // transaction commits after the owner closed the recording).
        if (!stream || stream.status === 'ended' || recording.ended) throw new LiveUnavailable(`stream ${id} has ended`);
        let open: OpenIngest;
        if (stream.status === 'live' || stream.status === 'paused') {
          open = await engine.resume(config, {
            paused: stream.status === 'paused',
            useBackup: fromDb('boolean', stream.use_backup) === true,
            markers: await markersOf(database, id),
            ports,
            recording: recording.segments,
          });
          this.deps.log.info({ streamId: id, generation: claimed.generation }, 'ott: live stream taken over, output continued');
        } else open = await engine.ensureIngest(config, ports);
        await this.announce(id, open, before);
      } catch (err) {
        // Not run here after all: let it go at once, so that another instance (or a later call) tries.
        this.owned.delete(id);
        await engine.suspend(id).catch(() => {});
        await this.owners.release(id, this.instance).catch(() => {});
        throw err;
      }
    })();
    this.adopting.set(id, run);
    try {
      await run;
    } finally {
      this.adopting.delete(id);
    }
  }

  /** Writes the owner's addresses for every instance to answer; those of the previous owner go with them when they differ. */
  private async announce(id: number, open: OpenIngest, before: AnnouncedIngest | null): Promise<AnnouncedIngest> {
    const mine = this.owned.get(id);
    const earlier = mine?.announced ?? before;
    const moved = earlier && hostsOf(earlier) !== hostsOf(open);
    const announced: AnnouncedIngest = {
      primary: open.primary,
      backup: open.backup,
      ports: open.ports,
      previous: moved ? { primary: earlier.primary, backup: earlier.backup } : (earlier?.previous ?? null),
    };
    if (mine?.announced && sameJson(mine.announced, announced)) return announced;
    if (!(await this.owners.announce(id, this.instance, announced, this.deps.engine.state(id)))) {
      await this.lose(id, 'its lease was taken while it opened the ingest');
      throw new LiveUnavailable(`stream ${id} was taken over by another instance`);
    }
    if (mine) mine.announced = announced;
    return announced;
  }

  /**
   * A call to the stream's owner: this instance's engine, or the owner's over HTTP. Traced, a span
   * `live-stream <op>`; the owner's side continues the same trace (fetch carries it).
   */
  private call(config: LiveStreamConfig, op: LiveOp, useBackup = false): Promise<void> {
    return inSpan(`live-stream ${op}`, { 'umpire.live.stream': config.streamId, 'umpire.live.op': op }, (span) => this.callOwner(config, op, useBackup, span));
  }

  private async callOwner(config: LiveStreamConfig, op: LiveOp, useBackup: boolean, span: Span | null): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const owner = await this.ownerOf(config);
      span?.setAttribute('umpire.live.owner', owner === 'self' ? 'self' : owner.controlUrl);
      if (owner === 'self') {
        await this.local(config, op, useBackup);
        return;
      }
      let res: Response;
      try {
        res = await this.post(owner.controlUrl, config, op, useBackup);
      } catch {
        throw new LiveUnavailable(
          `the server running this stream does not answer; another takes the stream over within ${Math.ceil(this.deps.leaseMs / 1000) + 5} s`,
        );
      }
      const body = (await res.json().catch(() => ({}))) as { code?: string; detail?: string };
      if (res.ok) return;
      // It lost the stream a moment ago: ask again who holds it.
      if (res.status === 409 && body.code === 'not_owner') continue;
      throw new Error(body.detail ?? `the server running this stream answered ${res.status}`);
    }
    throw new LiveUnavailable(`stream ${config.streamId}: its owner changed while it was being called`);
  }

  /** The call to the owner, with this instance's key, else (refused, as in a rolling secret rotation) a previous one. */
  private async post(controlUrl: string, config: LiveStreamConfig, op: LiveOp, useBackup: boolean): Promise<Response> {
    let res: Response | null = null;
    for (const key of this.keys) {
      res = await fetch(`${controlUrl}${CONTROL_PATH}/${config.streamId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CONTROL_HEADER]: key },
        body: JSON.stringify({ op, config, useBackup } satisfies ControlCall),
        signal: AbortSignal.timeout(30_000),
      });
      if (res.status !== 403) return res;
      await res.arrayBuffer().catch(() => undefined);
    }
    return res!;
  }

  /** Does `op` with this instance's engine (it owns the stream) and tells the others what changed. */
  private local(config: LiveStreamConfig, op: LiveOp, useBackup = false): Promise<AnnouncedIngest | null> {
    return inSpan(`live-stream.engine ${op}`, { 'umpire.live.stream': config.streamId, 'umpire.live.op': op }, () => this.runLocally(config, op, useBackup));
  }

  private async runLocally(config: LiveStreamConfig, op: LiveOp, useBackup: boolean): Promise<AnnouncedIngest | null> {
    const { engine, database } = this.deps;
    const id = config.streamId;
    await this.adopting.get(id);
    const mine = this.owned.get(id);
    if (!mine) throw new LiveUnavailable(`stream ${id} is no longer run by this server`);
    if (op === 'ingest' || op === 'start') {
      const open = await engine.ensureIngest(config);
      await this.announce(id, open, null);
    }
    if (op === 'start') await engine.start(id, useBackup);
    else if (op === 'pause') await engine.pause(id, useBackup);
    else if (op === 'markers') await engine.setMarkers(id, await markersOf(database, id));
    else if (op === 'stop') {
      await engine.stop(id);
      this.owned.delete(id);
      await this.owners.end(id, this.instance, Date.now() + this.deps.leaseMs);
      return null;
    }
    // The new state is in the row before the call answers: every instance reads it at once.
    const sentAt = Date.now();
    if (await this.owners.renew(id, this.instance, sentAt + this.deps.leaseMs, engine.state(id), engine.health(id))) mine.validUntil = this.validFrom(sentAt);
    return mine.announced;
  }

  private async waitForAnnouncement(streamId: number): Promise<AnnouncedIngest | null> {
    // The owner claimed it a moment ago and is opening the listeners.
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const row = await this.owners.find(streamId);
      if (!row || row.leaseUntil <= Date.now()) return null;
      if (row.ingest) return row.ingest;
    }
    return null;
  }

  /** Another instance's claim of a stream this one let go (within a few heartbeats), or null. */
  private async waitForOwner(streamId: number): Promise<OwnerRow | null> {
    for (let i = 0; i < 30; i++) {
      const row = await this.owners.find(streamId);
      if (row && row.leaseUntil > Date.now() && row.instance !== this.instance) return row;
      await new Promise((r) => setTimeout(r, 100));
    }
    return null;
  }

  private async lose(id: number, why: string): Promise<void> {
    if (!this.owned.delete(id)) return;
    this.deps.log.warn({ streamId: id, why }, 'ott: live stream no longer run here');
    await this.deps.engine.suspend(id).catch(() => {});
  }

  // ---- the heartbeat -----------------------------------------------------------------------------

  /** Another instance let streams go (a planned stop): the orphans are claimed now, not at the next heartbeat. */
  claimReleased(): void {
    if (!this.closed && this.timer) void this.beat();
  }

  private beat(): Promise<void> {
    this.beating = this.beating.then(() => this.beatOnce()).catch((err: unknown) => this.deps.log.warn({ err }, 'ott: live heartbeat failed'));
    return this.beating;
  }

  private async beatOnce(): Promise<void> {
    if (this.closed) return;
    const { engine, leaseMs } = this.deps;
    for (const [id, mine] of [...this.owned]) {
      const sentAt = Date.now();
      let kept: boolean | null;
      try {
        kept = await this.owners.renew(id, this.instance, sentAt + leaseMs, engine.state(id), engine.health(id));
      } catch {
        kept = null; // the database did not answer: the stream is kept while the lease surely holds
      }
      if (kept) mine.validUntil = this.validFrom(sentAt);
      else if (kept === false) await this.lose(id, 'another instance holds its lease');
      else if (Date.now() > mine.validUntil) await this.lose(id, 'its lease could not be renewed');
    }
    // Streams on air whose owner died: one instance wins each claim; it continues the stream.
    for (const row of await this.owners.orphans(Date.now())) {
      if (this.closed) return;
      const config = configOf(row);
      await this.ownerOf(config).catch((err: unknown) => this.deps.log.warn({ err, streamId: config.streamId }, 'ott: live stream could not be taken over'));
    }
  }

  /**
   * The instance stops (a deploy): its streams are suspended, not ended, and let go at once; the
   * other instances are told, so that one continues each within moments rather than a lease (or a
   * heartbeat). Each is let go once its encoder has stopped and its last segment is in storage, so
   * the next owner's numbering goes on after it.
   */
  close(): Promise<void> {
    return (this.closing ??= this.letGo());
  }

  private async letGo(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.beating;
    await Promise.all(
      [...this.owned.keys()].map(async (id) => {
        await this.adopting.get(id)?.catch(() => {});
        this.owned.delete(id);
        await this.deps.engine.suspend(id).catch(() => {});
        await this.owners.release(id, this.instance).catch(() => {});
        await this.deps.released?.(id).catch((err: unknown) => this.deps.log.warn({ err, streamId: id }, 'ott: the other instances were not told; they take the stream at their next heartbeat'));
      }),
    );
  }
}

/** A stream's row (with its secrets) as the engine takes it. */
export function configOf(row: Record<string, unknown>): LiveStreamConfig {
  return {
    streamId: Number(row.id),
    clientId: Number(row.client_id),
    protocol: row.protocol as LiveStreamConfig['protocol'],
    encryption: row.encryption as LiveStreamConfig['encryption'],
    primaryKey: String(row.primary_key),
    backupKey: String(row.backup_key),
    passphrase: row.encryption === 'none' ? null : String(row.passphrase),
  };
}
