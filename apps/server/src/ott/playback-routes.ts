import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireAbility } from '../jsonapi/access';
import { requestOrigin, type Config } from '../config';
import type { Database } from '../db/database';
import type { Clock } from '../jobs/clock';
import { apiError, notFound } from '../jsonapi/errors';
import { modelOf } from '../jsonapi/model';
import { findRow } from '../jsonapi/read';
import { API_PREFIX, JSONAPI_MEDIA_TYPE } from '../jsonapi/routes';
import { fromDb } from '../db/values';
import type { Storage, StoredStream } from '../storage/storage';
import { countryAllowed, viewerCountry } from './countries';
import type { LiveHlsStore } from './live-store';
import { playbackSecret, signPlayback, verifyPlayback, type PlaybackKind } from './playback';
import { hlsContentType } from './hls-content-type';

/** HLS output of live streams and VOD, read by players on any origin. */
export const HLS_PREFIX = '/ott/hls';
/** A file of the output: segments of letters, digits, `_`, `-` and `.`, never `..`. */
const FILE = /^(?:[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}\/){0,3}[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}$/;
const SIGNED = /^s\/(\d{1,12})\/([A-Za-z0-9_-]{43})\/(.+)$/;

export interface PlaybackDeps {
  config: Config;
  database: Database;
  storage: Storage;
  clock: Clock;
  /** Live streams' output, published to storage by their owner as it is written. */
  liveStore: LiveHlsStore;
}

interface Target {
  clientId: number;
  access: string;
  allowed: string[];
}

function cors(reply: FastifyReply): FastifyReply {
  return reply
    .header('access-control-allow-origin', '*')
    .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
    .header('access-control-allow-headers', 'Range')
    .header('access-control-expose-headers', 'Content-Length, Content-Range')
    .header('cross-origin-resource-policy', 'cross-origin');
}

/**
 * Serves HLS under /ott/hls/{live|vod}/{id}/… (live: a stream's engine output; vod: a finished
 * transcoding job's files in storage) with the media types players expect and open CORS. Free
 * events play from the plain path; pay_per_view and subscription ones only from a signed, expiring
 * path (`…/{id}/s/{expires}/{signature}/master.m3u8`, see playback.ts). Events with
 * `allowed_country` play only where the viewer's country (the configured header) is listed.
 */
export function registerPlaybackRoutes(app: FastifyInstance, deps: PlaybackDeps): void {
  const { config, database, storage, clock, liveStore } = deps;
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  async function targetOf(kind: PlaybackKind, id: number): Promise<Target | null> {
    const db = database.db;
    const event =
      kind === 'live'
        ? await db.selectFrom('ott_events').select(['client_id', 'access', 'allowed_country']).where('stream_id', '=', id).orderBy('id').executeTakeFirst()
        : await db
            .selectFrom('ott_transcoding_jobs as j')
            .innerJoin('ott_events as e', 'e.id', 'j.event_id')
            .select(['e.client_id', 'e.access', 'e.allowed_country'])
            .where('j.id', '=', id)
            .where('j.state', '=', 'FINISHED')
            .executeTakeFirst();
    if (!event) return null;
    return { clientId: Number(event.client_id), access: String(event.access), allowed: (fromDb('json', event.allowed_country) as string[] | null) ?? [] };
  }

  app.options(`${HLS_PREFIX}/*`, async (_request, reply) => cors(reply).code(204).send());

  app.get<{ Params: { kind: string; id: string; '*': string } }>(`${HLS_PREFIX}/:kind/:id/*`, async (request, reply) => {
    cors(reply);
    const { kind, id: rawId } = request.params;
    if ((kind !== 'live' && kind !== 'vod') || !/^[1-9]\d{0,14}$/.test(rawId)) throw notFound('hls', rawId);
    const id = Number(rawId);
    let file = request.params['*'];
    const signed = SIGNED.exec(file);
    if (signed) file = signed[3];
    if (!FILE.test(file) || file.split('/').some((p) => p === '..' || p === '.')) throw notFound('hls', file);
    const target = await targetOf(kind, id);
    if (!target) throw notFound('hls', rawId);
    if (target.access !== 'free') {
      const secret = await playbackSecret(database, target.clientId);
      if (!signed || !verifyPlayback(secret, kind, id, Number(signed[1]), signed[2], nowSeconds())) throw apiError(403, 'playbackSignatureRequired');
    }
    if (!countryAllowed(target.allowed, viewerCountry(request.headers[config.ott.countryHeader]))) throw apiError(403, 'playbackCountryNotAllowed');
    reply.type(hlsContentType(file));
    // Paid output may sit in the viewer's cache, not in shared ones. A live stream's playlists
    // change with every segment: a CDN keeps them a second (players ask again every segment);
    // its segments, and everything of a VOD, never change.
    const scope = target.access === 'free' ? 'public' : 'private';
    const cache = kind === 'live' && file.endsWith('.m3u8') ? `${scope}, max-age=1` : kind === 'live' ? `${scope}, max-age=31536000, immutable` : `${scope}, max-age=3600`;
    reply.header('cache-control', cache);
    return kind === 'live' ? sendLive(request, reply, target.clientId, id, file) : sendStored(request, reply, id, file);
  });

  // The same bytes through every instance: the owner publishes each file to storage as it writes it.
  // A live playlist is rewritten with every segment, so it is always sent whole: a range would be
  // measured on one version and read from the next (players never ask for one).
  async function sendLive(request: FastifyRequest, reply: FastifyReply, clientId: number, streamId: number, file: string) {
    const ranges = !file.endsWith('.m3u8');
    return sendObject(request, reply, file, (range) => liveStore.get(clientId, streamId, file, range), () => liveStore.size(clientId, streamId, file), ranges);
  }

  async function sendStored(request: FastifyRequest, reply: FastifyReply, jobId: number, file: string) {
    const job = await database.db.selectFrom('ott_transcoding_jobs').select('output_key').where('id', '=', jobId).executeTakeFirst();
    if (!job?.output_key) throw notFound('hls', file);
    const key = `${String(job.output_key)}/${file}`;
    // A recording's MP4 is saved by the browser (players ignore the header and still play it).
    if (file.endsWith('.mp4')) reply.header('content-disposition', `attachment; filename="recording-${jobId}.mp4"`);
    return sendObject(request, reply, file, (range) => storage.get(key, range), async () => (await storage.head(key))?.size ?? null);
  }

  /** A stored file, whole or the byte range asked for. */
  async function sendObject(
    request: FastifyRequest,
    reply: FastifyReply,
    file: string,
    get: (range?: { start: number; end: number }) => Promise<StoredStream | null>,
    sizeOf: () => Promise<number | null>,
    ranges = true,
  ) {
    const range = ranges ? /^bytes=(\d+)-(\d*)$/.exec(String(request.headers.range ?? '')) : null;
    if (!range) {
      const object = await get();
      if (!object) throw notFound('hls', file);
      reply.header('accept-ranges', ranges ? 'bytes' : 'none').header('content-length', String(object.size));
      return reply.send(object.body);
    }
    const size = await sizeOf();
    if (size === null) throw notFound('hls', file);
    reply.header('accept-ranges', 'bytes');
    const start = Number(range[1]);
    const end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end) return reply.code(416).header('content-range', `bytes */${size}`).send();
    const object = await get({ start, end });
    if (!object) throw notFound('hls', file);
    return reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`).header('content-length', String(end - start + 1)).send(object.body);
  }

  // The staff's read of where an event plays (with the recording's download), whatever its access
  // and country: staff check what fans will get. Fans ask /public/v1 (entitlements.ts).
  app.get<{ Params: { id: string } }>(`${API_PREFIX}/ott/events/:id/playback`, async (request, reply) => {
    const auth = requireAbility(request, 'read', 'ott_events');
    const ctx = { db: database.db, dialect: database.dialect, clientId: auth.clientId, apiBase: '' };
    const event = await findRow(ctx, modelOf('ott_events'), request.params.id);
    const playback = await resolvePlayback(deps, auth.clientId, event, requestOrigin(request, config), { download: true });
    reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'private, no-store');
    return {
      data: {
        type: 'ott_playbacks',
        id: String(event.id),
        attributes: {
          kind: playback.kind,
          url: playback.url,
          download_url: playback.downloadUrl,
          download_job_id: playback.downloadJobId,
          expires_at: playback.expiresAt,
          access: event.access,
          allowed_country: fromDb('json', event.allowed_country) ?? [],
        },
      },
    };
  });
}

/** Where an event plays now, as the staff's and the fans' playback reads answer it. */
export interface ResolvedPlayback {
  kind: PlaybackKind | null;
  url: string | null;
  /** The newest live-to-VOD MP4 (staff only: `download`). */
  downloadUrl: string | null;
  downloadJobId: string | null;
  /** When the signed URLs stop working (paid events), else null. */
  expiresAt: string | null;
}

/**
 * Where an event plays now: its live output while the stream runs, else its newest finished HLS
 * transcoding, else its stream's recording as HLS VOD after the stop; with `download`, where its
 * newest live-to-VOD MP4 downloads. Signed and expiring for pay_per_view and subscription events.
 * Who may ask is the caller's business (staff abilities, fans' entitlements).
 */
export async function resolvePlayback(
  deps: Pick<PlaybackDeps, 'config' | 'database' | 'clock' | 'liveStore'>,
  clientId: number,
  event: Record<string, unknown>,
  origin: string,
  opts: { download: boolean },
): Promise<ResolvedPlayback> {
  const { config, database, clock, liveStore } = deps;
  const eventId = Number(event.id);
  const finished = (source: 'vod' | 'recording') =>
    database.db
      .selectFrom('ott_transcoding_jobs')
      .select(['id', 'output_url'])
      .where('client_id', '=', clientId)
      .where('event_id', '=', eventId)
      .where('source', '=', source)
      .where('state', '=', 'FINISHED')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  const fileOf = (outputUrl: unknown, fallback: string) => String(outputUrl ?? '').split('/').pop() || fallback;

  let play: { kind: PlaybackKind; path: PlaybackKind; id: number; file: string } | null = null;
  const stream = event.stream_id == null ? undefined : await database.db.selectFrom('ott_streams').select(['id', 'status']).where('id', '=', Number(event.stream_id)).executeTakeFirst();
  if (stream && (stream.status === 'live' || stream.status === 'paused')) play = { kind: 'live', path: 'live', id: Number(stream.id), file: 'master.m3u8' };
  const vod = play ? undefined : await finished('vod');
  if (vod) play = { kind: 'vod', path: 'vod', id: Number(vod.id), file: fileOf(vod.output_url, 'master.m3u8') };
  // The recording's HLS (every segment, vod.m3u8) stays in the stream's directory after the stop.
  else if (!play && stream?.status === 'ended' && (await liveStore.size(clientId, Number(stream.id), 'vod.m3u8')) !== null)
    play = { kind: 'vod', path: 'live', id: Number(stream.id), file: 'vod.m3u8' };
  const mp4 = opts.download ? await finished('recording') : undefined;

  const paid = event.access !== 'free';
  const expires = paid && (play || mp4) ? Math.floor(clock.now().getTime() / 1000) + config.ott.playbackTtlSeconds : null;
  const secret = expires !== null ? await playbackSecret(database, clientId) : null;
  const urlOf = (path: PlaybackKind, id: number, file: string) =>
    `${origin}${HLS_PREFIX}/${path}/${id}/${secret && expires !== null ? `${signPlayback(secret, path, id, expires)}/` : ''}${file}`;
  return {
    kind: play?.kind ?? null,
    url: play ? urlOf(play.path, play.id, play.file) : null,
    downloadUrl: mp4 ? urlOf('vod', Number(mp4.id), fileOf(mp4.output_url, 'recording.mp4')) : null,
    downloadJobId: mp4 ? String(mp4.id) : null,
    expiresAt: expires === null ? null : new Date(expires * 1000).toISOString(),
  };
}
