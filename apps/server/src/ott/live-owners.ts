import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { IngestEndpoints, IngestPorts, LiveHealth, LiveOutputState } from './live-control';

/** What the owner announces of a stream's ingest: the addresses crews push to, and the ports behind them. */
export interface AnnouncedIngest extends IngestEndpoints {
  ports: IngestPorts;
}

/** A row of `ott_live_owners`: who runs a stream, until when, and what every instance answers for it. */
export interface OwnerRow {
  streamId: number;
  clientId: number;
  instance: string;
  controlUrl: string;
  /** Epoch milliseconds. */
  leaseUntil: number;
  generation: number;
  ingest: AnnouncedIngest | null;
  outputState: LiveOutputState;
  health: LiveHealth | null;
}

const parse = <T>(text: unknown): T | null => {
  if (typeof text !== 'string' || !text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
};

const toOwner = (r: Record<string, unknown>): OwnerRow => ({
  streamId: Number(r.stream_id),
  clientId: Number(r.client_id),
  instance: String(r.instance),
  controlUrl: String(r.control_url),
  leaseUntil: Number(r.lease_until),
  generation: Number(r.generation),
  ingest: parse<AnnouncedIngest>(r.ingest),
  outputState: String(r.output_state) as LiveOutputState,
  health: parse<LiveHealth>(r.health),
});

/**
 * The leases of live streams (migration 0024), as the job queue leases jobs: a claim succeeds only
 * on a stream nobody holds or whose lease has lapsed, in one statement, so two instances never both
 * win; a renewal succeeds only for the holder, so an instance that lost a stream learns it at its
 * next renewal. Times are epoch milliseconds of the instances' clocks (kept in step, as for jobs).
 */
export class LiveOwners {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  async find(streamId: number): Promise<OwnerRow | null> {
    const row = await this.db.selectFrom('ott_live_owners').selectAll().where('stream_id', '=', streamId).executeTakeFirst();
    return row ? toOwner(row) : null;
  }

  /**
   * Takes the stream for `instance` until `now + leaseMs` if nobody holds it; the row comes back
   * with what the previous owner announced (its ingest, to be asked for again), else null.
   */
  async claim(streamId: number, clientId: number, instance: string, controlUrl: string, now: number, leaseMs: number): Promise<OwnerRow | null> {
    const row = await this.db
      .insertInto('ott_live_owners')
      .values({ stream_id: streamId, client_id: clientId, instance, control_url: controlUrl, lease_until: now + leaseMs, generation: 1, output_state: 'idle' })
      .onConflict((oc) =>
        oc
          .column('stream_id')
          .doUpdateSet({ instance, control_url: controlUrl, lease_until: now + leaseMs, generation: sql`ott_live_owners.generation + 1` })
          // A lapsed lease, or this instance's own (it lost the stream here, as when its engine failed).
          .where((eb) => eb.or([eb('ott_live_owners.lease_until', '<', now), eb('ott_live_owners.instance', '=', instance)])),
      )
      .returningAll()
      .executeTakeFirst();
    return row ? toOwner(row) : null;
  }

  /** Keeps the stream: false when `instance` no longer holds it (another took it over). */
  async renew(streamId: number, instance: string, leaseUntil: number, state: LiveOutputState, health: LiveHealth | null): Promise<boolean> {
    const res = await this.db
      .updateTable('ott_live_owners')
      .set({ lease_until: leaseUntil, output_state: state, health: health ? JSON.stringify(health) : null })
      .where('stream_id', '=', streamId)
      .where('instance', '=', instance)
      .executeTakeFirst();
    return Number(res.numUpdatedRows ?? 0) > 0;
  }

  async announce(streamId: number, instance: string, ingest: AnnouncedIngest, state: LiveOutputState): Promise<boolean> {
    const res = await this.db
      .updateTable('ott_live_owners')
      .set({ ingest: JSON.stringify(ingest), output_state: state })
      .where('stream_id', '=', streamId)
      .where('instance', '=', instance)
      .executeTakeFirst();
    return Number(res.numUpdatedRows ?? 0) > 0;
  }

  /** Lets the stream go at once (a graceful stop of the instance): the next claim needs no wait. */
  async release(streamId: number, instance: string): Promise<void> {
    await this.db.updateTable('ott_live_owners').set({ lease_until: 0 }).where('stream_id', '=', streamId).where('instance', '=', instance).execute();
  }

  /**
   * The stream has ended here: every instance answers `ended`. The lease is kept a while rather
   * than let go, so that nobody takes the stream for an orphan before the stop's own transaction
   * has committed the stream's status; nobody renews it after.
   */
  async end(streamId: number, instance: string, leaseUntil: number): Promise<void> {
    await this.db
      .updateTable('ott_live_owners')
      .set({ output_state: 'ended', health: null, lease_until: leaseUntil })
      .where('stream_id', '=', streamId)
      .where('instance', '=', instance)
      .execute();
  }

  /** Streams on air (live or paused) that nobody holds: an owner died, or stopped without handing over. */
  async orphans(now: number): Promise<Record<string, unknown>[]> {
    return this.db
      .selectFrom('ott_streams as s')
      .leftJoin('ott_live_owners as o', 'o.stream_id', 's.id')
      .select(['s.id', 's.client_id', 's.protocol', 's.encryption', 's.primary_key', 's.backup_key', 's.passphrase'])
      .where('s.status', 'in', ['live', 'paused'])
      .where('s.kind', '=', 'live')
      .where((eb) => eb.or([eb('o.stream_id', 'is', null), eb('o.lease_until', '<', now)]))
      .orderBy('s.id')
      .execute();
  }
}
