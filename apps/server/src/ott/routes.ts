import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csvCell } from '@umpire/schema';
import { requireAbility, type AuthContext } from '../jsonapi/access';
import { requestOrigin, type Config } from '../config';
import type { Database } from '../db/database';
import type { Clock } from '../jobs/clock';
import { ApiError, apiError, errorLanguageOf } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';
import { modelOf } from '../jsonapi/model';
import { parseRecordQuery, type RawQuery } from '../jsonapi/query';
import { buildDocument, findRow, recordDocument, type ReadContext, type Row } from '../jsonapi/read';
import { API_PREFIX, JSONAPI_MEDIA_TYPE, transactionalWrites, withQueryStats } from '../jsonapi/routes';
import { withTranslations } from '../jsonapi/translations';
import { fromDb, toDb } from '../db/values';
import type { ChangeBus } from '../realtime/change-bus';
import { countryList } from './countries';
import { configOf, type LiveStreams } from './live-streams';
import { newStreamSecrets } from './rules';
import { cancelJob, createJob } from './transcoding';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface OttDeps {
  config: Config;
  database: Database;
  bus: ChangeBus;
  clock: Clock;
  /** Live streams across instances; absent where this instance runs no live engine (OTT_LIVE=false). */
  live?: LiveStreams;
}

/** Stream actions (spec §7): from which states each goes, and where to. Stop is final. */
const TRANSITIONS = {
  start: { from: ['idle', 'paused'], to: 'live' },
  pause: { from: ['live'], to: 'paused' },
  stop: { from: ['live', 'paused'], to: 'ended' },
} as const;
type StreamAction = keyof typeof TRANSITIONS;

const SECRET_COLUMNS = ['id', 'client_id', 'protocol', 'encryption', 'primary_key', 'backup_key', 'passphrase'] as const;

/** Body of start, pause and stop: `{data: {id, type: ott_stream, attributes: {use_backup}}}`. */
function parseActionBody(body: unknown, id: string): boolean {
  if (!isObject(body) || !isObject(body.data)) throw ApiError.many([fieldError('/data', 'data', 'required')]);
  const data = body.data;
  if (data.type !== 'ott_stream' && data.type !== 'ott_streams')
    throw apiError(409, 'conflict.type', { values: { given: String(data.type), expected: 'ott_stream' }, source: { pointer: '/data/type' } });
  if (data.id !== undefined && String(data.id) !== id) throw apiError(409, 'conflict', { source: { pointer: '/data/id' } });
  const attributes = data.attributes === undefined ? {} : data.attributes;
  if (!isObject(attributes)) throw ApiError.many([fieldError('/data/attributes', 'attributes', 'invalidType')]);
  for (const name of Object.keys(attributes))
    if (name !== 'use_backup') throw ApiError.many([fieldError(`/data/attributes/${name}`, name, 'unknownAttribute')]);
  if (attributes.use_backup === undefined) throw ApiError.many([fieldError('/data/attributes/use_backup', 'use_backup', 'required')]);
  if (typeof attributes.use_backup !== 'boolean')
    throw ApiError.many([fieldError('/data/attributes/use_backup', 'use_backup', 'invalidType', { expected: 'boolean' })]);
  return attributes.use_backup;
}

/** An empty body (`POST …/recreate_encoding`, `…/download`): nothing, `{}` or `{data: null}`. */
function requireEmptyBody(body: unknown): void {
  if (body === undefined || body === null || (isObject(body) && Object.keys(body).every((k) => k === 'data' && (body.data === null || body.data === undefined)))) return;
  throw ApiError.many([fieldError('/data', 'data', 'unknownAttribute')]);
}

const CSV_HEADER = ['id', 'title', 'status', 'access', 'starts_at', 'allowed_country', 'stream_id', 'video_id', 'created_at'];

/** An export's cell: @umpire/schema's csvCell (a formula never runs), every cell quoted, a list as words. */
const exportCell = (value: unknown): string => csvCell(Array.isArray(value) ? value.join(' ') : value, { quoteAll: true });

/**
 * The OTT calls beyond the generic routes (spec §7, issue 11): the country list, the export, an
 * event's status, encoding and stream; a stream's secrets, live state and actions; a playlist's
 * events; cancelling a transcoding job.
 */
export function registerOttRoutes(app: FastifyInstance, deps: OttDeps): void {
  const { config, database, bus, clock, live } = deps;
  const events = modelOf('ott_events');
  const streams = modelOf('ott_streams');
  const jobs = modelOf('transcoding_jobs');
  const base = `${API_PREFIX}/ott`;

  const readCtx = (request: FastifyRequest, auth: AuthContext): ReadContext => ({
    db: database.db,
    dialect: database.dialect,
    clientId: auth.clientId,
    apiBase: requestOrigin(request, config) + API_PREFIX,
  });
  const write = transactionalWrites({ config, database, bus });
  const send = (reply: FastifyReply, status = 200) => reply.code(status).type(JSONAPI_MEDIA_TYPE).header('cache-control', 'private, no-store');

  app.get(`${base}/events/allowed_country`, async (request, reply) => {
    requireAbility(request, 'read', 'ott_events');
    const q = request.query as RawQuery;
    const lang = q.locale === 'pl' || q.locale === 'en' ? q.locale : errorLanguageOf(request);
    reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'private, max-age=3600');
    return { data: countryList(lang).map((c) => ({ type: 'countries', id: c.code, attributes: { code: c.code, name: c.name } })), meta: { total: countryList(lang).length } };
  });

  // A file download of the client's events (spec §7: a blob), one row per event.
  app.get(`${base}/events/export`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'read', 'ott_events');
      const ctx = readCtx(request, auth);
      const rows = await withTranslations(
        ctx,
        events.translation!,
        await ctx.db.selectFrom(events.table).select(events.readColumns).where('client_id', '=', auth.clientId).orderBy('starts_at', 'desc').orderBy('id', 'desc').execute(),
        typeof (request.query as RawQuery).locale === 'string' ? String((request.query as RawQuery).locale) : undefined,
      );
      const lines = [CSV_HEADER.join(',')];
      for (const r of rows)
        lines.push(
          [r.id, r.title, r.status, r.access, fromDb('datetime', r.starts_at), fromDb('json', r.allowed_country), r.stream_id, r.video_id, fromDb('datetime', r.created_at)]
            .map(exportCell)
            .join(','),
        );
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="ott-events.csv"')
        .header('cache-control', 'private, no-store');
      return `\uFEFF${lines.join('\r\n')}\r\n`;
    }),
  );

  /** The event's newest transcoding job, or undefined. */
  const latestJob = (ctx: ReadContext, eventId: number) =>
    ctx.db.selectFrom(jobs.table).select(jobs.readColumns).where('client_id', '=', ctx.clientId).where('event_id', '=', eventId).orderBy('id', 'desc').limit(1).executeTakeFirst();

  // Spec §8: a 422 here carries the reason in its body (the admin shows it without a pop-up).
  app.get<{ Params: { id: string } }>(`${base}/events/:id/status`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'read', 'ott_events');
      const ctx = readCtx(request, auth);
      const event = await findRow(ctx, events, request.params.id);
      const stream = event.stream_id == null ? undefined : await ctx.db.selectFrom('ott_streams').select(['id', 'status', 'use_backup']).where('id', '=', Number(event.stream_id)).executeTakeFirst();
      const job = await latestJob(ctx, Number(event.id));
      if (job && (job.state === 'ERROR' || job.state === 'TRANSFER_ERROR'))
        throw apiError(422, 'ottEncodingFailed', {
          values: { state: String(job.state), reason: String(job.error ?? '').split('\n').filter(Boolean).pop() ?? '' },
          source: { pointer: '/data/attributes/encoding' },
          params: { state: job.state, transcoding_job_id: String(job.id), error: job.error },
        });
      const output = stream && live ? await live.status(Number(stream.id)) : null;
      send(reply);
      return {
        data: {
          type: 'ott_event_statuses',
          id: String(event.id),
          attributes: {
            status: String(event.status),
            stream_status: stream ? String(stream.status) : null,
            use_backup: stream ? fromDb('boolean', stream.use_backup) : null,
            output_state: output?.state ?? null,
            health: output?.health ?? null,
            // Changes when another server takes the stream over: its ingest addresses may have moved.
            owner_generation: output?.generation ?? null,
            encoding: job ? { id: String(job.id), state: String(job.state), progress: Number(job.progress), output_url: (job.output_url as string | null) ?? null } : null,
          },
        },
      };
    }),
  );

  app.post<{ Params: { id: string } }>(`${base}/events/:id/recreate_encoding`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'update', 'ott_events');
      requireAbility(request, 'read', 'transcoding_jobs');
      requireEmptyBody(request.body);
      const doc = await write(request, auth, async (ctx) => {
        const event = await findRow(ctx, events, request.params.id);
        if (event.video_id == null) throw apiError(422, 'ottNoVideo', { source: { pointer: '/data/relationships/video' } });
        const job = await createJob(ctx, { eventId: Number(event.id), videoId: Number(event.video_id), source: 'vod' }, clock.now());
        return recordDocument(ctx, jobs, job, { include: {}, fields: new Map() });
      });
      send(reply, 202);
      return doc;
    }),
  );

  app.get<{ Params: { id: string } }>(`${base}/events/:id/stream`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const query = parseRecordQuery(streams, request.query as RawQuery);
      const auth = requireAbility(request, 'read', 'ott_events');
      requireAbility(request, 'read', 'ott_streams');
      const ctx = readCtx(request, auth);
      const event = await findRow(ctx, events, request.params.id);
      send(reply);
      if (event.stream_id == null) return { data: null };
      return recordDocument(ctx, streams, await findRow(ctx, streams, String(event.stream_id)), query);
    }),
  );

  /** Beside the record (which stays what every read shows): the live state, and for those who operate streams the secrets and ingest addresses. */
  async function streamMeta(ctx: ReadContext, auth: AuthContext, row: Row): Promise<Record<string, unknown>> {
    const id = Number(row.id);
    const output = live ? await live.status(id) : null;
    const meta: Record<string, unknown> = { output_state: output?.state ?? null, health: output?.health ?? null, live_engine: !!live };
    if (!auth.ability.can('update', 'ott_streams')) return meta;
    const config = configOf(await ctx.db.selectFrom('ott_streams').select(SECRET_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow());
    // The owner's addresses; none where nobody can run the stream now (its owner gone, not yet taken over).
    const ingest = live && row.kind === 'live' && row.status !== 'ended' ? await live.addresses(config).catch(() => null) : null;
    return Object.assign(meta, { primary_key: config.primaryKey, backup_key: config.backupKey, passphrase: config.passphrase, ingest });
  }

  // A stream with its live state for all readers, and its secrets and ingest addresses for those who operate streams.
  app.get<{ Params: { id: string } }>(`${base}/streams/:id`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const query = parseRecordQuery(streams, request.query as RawQuery);
      const auth = requireAbility(request, 'read', 'ott_streams');
      const ctx = readCtx(request, auth);
      const row = await findRow(ctx, streams, request.params.id);
      const doc = await recordDocument(ctx, streams, row, query);
      doc.meta = await streamMeta(ctx, auth, row);
      send(reply);
      return doc;
    }),
  );

  // A leaked stream key or passphrase replaced (SECURITY.md): new secrets for both ingests, which
  // the open listeners (on the stream's owner) take before the call answers, on the same
  // addresses. Refused on air: the encoder sending the stream would be cut off in front of the viewers.
  app.post<{ Params: { id: string } }>(`${base}/streams/:id/rotate_keys`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'update', 'ott_streams');
      requireEmptyBody(request.body);
      const { doc, after } = await write(request, auth, async (ctx) => {
        const before = await findRow(ctx, streams, request.params.id);
        const id = Number(before.id);
        const at = toDb(ctx.dialect, 'datetime', clock.now().toISOString()) as string;
        const after = await ctx.db
          .updateTable(streams.table)
          .set({ ...newStreamSecrets(), updated_at: at })
          .where('id', '=', id)
          .where('client_id', '=', ctx.clientId)
          .where('status', 'not in', ['live', 'paused'])
          .returning(streams.readColumns)
          .executeTakeFirst();
        if (!after) throw apiError(409, 'streamKeysOnAir', { source: { pointer: '/data' } });
        ctx.events!.push({ clientId: ctx.clientId, type: streams.type, id: String(id), action: 'update', actor: ctx.actor, before, after });
        return { doc: await recordDocument(ctx, streams, after, { include: {}, fields: new Map() }), after };
      });
      // An ended stream's listeners are closed for good: nothing to hand the new keys to.
      if (live && after.kind === 'live' && after.status !== 'ended') {
        const config = configOf(await database.db.selectFrom('ott_streams').select(SECRET_COLUMNS).where('id', '=', Number(after.id)).executeTakeFirstOrThrow());
        await live.reconfigure(config).catch((err: unknown) => request.log.warn({ err, streamId: config.streamId }, 'ott: new stream keys not given to the live engine'));
      }
      doc.meta = await streamMeta(readCtx(request, auth), auth, after);
      send(reply);
      return doc;
    }),
  );

  for (const action of Object.keys(TRANSITIONS) as StreamAction[]) {
    app.patch<{ Params: { id: string } }>(`${base}/streams/:id/${action}`, async (request, reply) =>
      withQueryStats(reply, async () => {
        const auth = requireAbility(request, 'update', 'ott_streams');
        requireAbility(request, 'update', 'ott_events');
        const useBackup = parseActionBody(request.body, request.params.id);
        const { from, to } = TRANSITIONS[action];
        // The stream's owner acts first (through whichever instance this is), and the state is
        // written once it has: if it refuses, nothing changed here either. A transition that cannot
        // happen is refused before the engine is asked.
        if (live) {
          const current = await findRow(readCtx(request, auth), streams, request.params.id);
          if (!(from as readonly string[]).includes(String(current.status)))
            throw apiError(409, 'streamTransition', { values: { action, status: String(current.status) }, source: { pointer: '/data' }, params: { action, status: current.status } });
          const config = configOf(await database.db.selectFrom('ott_streams').select(SECRET_COLUMNS).where('id', '=', Number(current.id)).executeTakeFirstOrThrow());
          try {
            await live.act(action, config, useBackup);
          } catch (err) {
            throw apiError(409, 'liveEngineFailed', { values: { reason: err instanceof Error ? err.message : String(err) } });
          }
        }
        const doc = await write(request, auth, async (ctx) => {
          const before = await findRow(ctx, streams, request.params.id);
          const id = Number(before.id);
          const at = toDb(ctx.dialect, 'datetime', clock.now().toISOString()) as string;
          // Guarded by the state it leaves: of two operators pressing at once, one wins.
          const after = await ctx.db
            .updateTable(streams.table)
            .set({ status: to, use_backup: toDb(ctx.dialect, 'boolean', useBackup) as never, updated_at: at })
            .where('id', '=', id)
            .where('client_id', '=', ctx.clientId)
            .where('status', 'in', [...from])
            .returning(streams.readColumns)
            .executeTakeFirst();
          if (!after) throw apiError(409, 'streamTransition', { values: { action, status: String(before.status) }, source: { pointer: '/data' }, params: { action, status: before.status } });
          ctx.events!.push({ clientId: ctx.clientId, type: streams.type, id: String(id), action: 'update', actor: ctx.actor, before, after });
          // The stream's events follow: live once started, ended once stopped (spec §4 status path).
          const eventStatus = action === 'start' ? { to: 'live', from: ['pending'] } : action === 'stop' ? { to: 'ended', from: ['pending', 'live'] } : null;
          if (eventStatus) {
            const olds = await ctx.db.selectFrom(events.table).select(events.readColumns).where('client_id', '=', ctx.clientId).where('stream_id', '=', id).where('status', 'in', eventStatus.from).execute();
            for (const old of olds) {
              const updated = await ctx.db.updateTable(events.table).set({ status: eventStatus.to, updated_at: at }).where('id', '=', Number(old.id)).returning(events.readColumns).executeTakeFirstOrThrow();
              ctx.events!.push({ clientId: ctx.clientId, type: events.type, id: String(old.id), action: 'update', actor: ctx.actor, before: old, after: updated });
            }
          }
          return recordDocument(ctx, streams, after, { include: {}, fields: new Map() });
        });
        send(reply);
        return doc;
      }),
    );
  }

  // Live-to-VOD: the recording made into an MP4, as a job of the event.
  app.post<{ Params: { id: string } }>(`${base}/streams/:id/download`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'update', 'ott_streams');
      requireAbility(request, 'read', 'transcoding_jobs');
      requireEmptyBody(request.body);
      const doc = await write(request, auth, async (ctx) => {
        const stream = await findRow(ctx, streams, request.params.id);
        if (!live) throw apiError(503, 'liveEngineUnavailable');
        const event = await ctx.db.selectFrom(events.table).select('id').where('client_id', '=', ctx.clientId).where('stream_id', '=', Number(stream.id)).orderBy('id').executeTakeFirst();
        if (!event) throw apiError(422, 'ottNoStream', { source: { pointer: '/data' } });
        const job = await createJob(ctx, { eventId: Number(event.id), videoId: null, source: 'recording', streamId: Number(stream.id) }, clock.now());
        return recordDocument(ctx, jobs, job, { include: {}, fields: new Map() });
      });
      send(reply, 202);
      return doc;
    }),
  );

  app.post<{ Params: { id: string } }>(`${base}/transcoding_jobs/:id/cancel`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'update', 'transcoding_jobs');
      requireEmptyBody(request.body);
      const doc = await write(request, auth, async (ctx) => {
        const row = await findRow(ctx, jobs, request.params.id);
        const after = await cancelJob(ctx, row, clock.now());
        if (after.state !== 'CANCELED' || row.state === 'CANCELED')
          throw apiError(409, 'transcodingEnded', { values: { state: String(row.state) }, params: { state: row.state } });
        return recordDocument(ctx, jobs, after, { include: {}, fields: new Map() });
      });
      send(reply);
      return doc;
    }),
  );

  // A playlist's events in their order (spec §7), with the includes and locale of an event read.
  app.get<{ Params: { id: string } }>(`${base}/playlists/:id/events`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const query = parseRecordQuery(events, request.query as RawQuery);
      const auth = requireAbility(request, 'read', 'playlists');
      requireAbility(request, 'read', 'ott_events');
      const ctx = readCtx(request, auth);
      const playlist = await findRow(ctx, modelOf('playlists'), request.params.id);
      const rows = await ctx.db
        .selectFrom('ott_playlist_events as pe')
        .innerJoin('ott_events as e', 'e.id', 'pe.event_id')
        .select(events.readColumns.map((c) => `e.${c}`) as never[])
        .where('pe.playlist_id', '=', Number(playlist.id))
        .where('pe.client_id', '=', ctx.clientId)
        .orderBy('pe.position')
        .orderBy('pe.id')
        .execute();
      const doc = await buildDocument(ctx, events, rows, query, false);
      doc.meta = { total: rows.length };
      send(reply);
      return doc;
    }),
  );
}
