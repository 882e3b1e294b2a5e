import { getRuntime } from '../../lib/configuration';
import { PopupStore } from '../../lib/popups';
import { readStoredToken } from '../../lib/token';
import { trustedOrigins } from '../../lib/environment';
import { createHttpClient, HttpFailure, type HttpClient, type JsonApiError } from '../../providers/http-client';
import { appHttpClient } from '../../providers/json-api';
import { errorMessage, type ResourceObject } from '../../providers/data-provider';
import { actionBody, type LiveHealth, type StreamAction } from './live-state';

/**
 * The event page's calls (spec §7, issue 11). Reads go through the app's client (its pop-ups for
 * failures; the status path's 422 comes back as a body, spec §8). Writes use the same client with
 * a pop-up store nobody shows: the page answers each of them in place, next to the button.
 */
interface Document {
  data: ResourceObject | ResourceObject[] | null;
  meta?: Record<string, unknown>;
  errors?: JsonApiError[];
}

export interface IngestAddress {
  rtmp: string;
  srt: string;
}

export interface EventInfo {
  id: string;
  title: string;
  status: string;
  startsAt: string | null;
  streamId: string | null;
}

export interface StreamInfo {
  id: string;
  protocol: string;
  encryption: string;
  kind: string;
  status: string;
  useBackup: boolean;
  liveEngine: boolean;
  primaryKey: string | null;
  backupKey: string | null;
  passphrase: string | null;
  /** `previous`: the addresses of before a server restart that took their ports (the encoders must be told). */
  ingest: { primary: IngestAddress; backup: IngestAddress; previous?: { primary: IngestAddress; backup: IngestAddress } | null } | null;
}

export interface EncodingInfo {
  id: string;
  state: string;
  progress: number;
  output_url: string | null;
}

export interface EventStatus {
  status: string;
  streamStatus: string | null;
  useBackup: boolean | null;
  outputState: string | null;
  health: LiveHealth | null;
  /** Which of the servers that ran the stream runs it now: another one may give other ingest addresses. */
  ownerGeneration: number | null;
  encoding: EncodingInfo | null;
  /** The 422's reason (a failed encoding), shown on the page instead of a pop-up. */
  problem: string | null;
}

export interface Playback {
  kind: 'live' | 'vod' | null;
  url: string | null;
  /** The newest live-to-VOD MP4 and its job: signed like `url` for paid events. */
  downloadUrl: string | null;
  downloadJobId: string | null;
}

export interface Marker {
  id: string;
  kind: string;
  startAt: string;
  durationSeconds: number;
  title: string;
}

export interface Job {
  id: string;
  state: string;
  source: string;
  progress: number;
  outputUrl: string | null;
  error: string | null;
}

export interface EventPageApi {
  event(id: string): Promise<EventInfo>;
  stream(id: string): Promise<StreamInfo>;
  status(eventId: string): Promise<EventStatus>;
  playback(eventId: string): Promise<Playback>;
  act(streamId: string, action: StreamAction, useBackup: boolean): Promise<void>;
  markers(streamId: string): Promise<Marker[]>;
  addMarker(streamId: string, marker: Omit<Marker, 'id'>): Promise<Marker>;
  recordings(eventId: string): Promise<Job[]>;
  download(streamId: string): Promise<Job>;
  /** New stream keys and passphrase (a leaked one replaced); refused while the stream is on air. */
  rotateKeys(streamId: string): Promise<StreamInfo>;
}

const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const relId = (r: ResourceObject, name: string) => {
  const data = r.relationships?.[name]?.data;
  return data && !Array.isArray(data) ? data.id : null;
};
const one = (doc: Document) => doc.data as ResourceObject;
const many = (doc: Document) => (Array.isArray(doc.data) ? doc.data : []);

const markerOf = (r: ResourceObject): Marker => ({
  id: r.id,
  kind: String(r.attributes?.kind ?? 'chapter'),
  startAt: String(r.attributes?.start_at ?? ''),
  durationSeconds: Number(r.attributes?.duration_seconds ?? 0) || 0,
  title: String(r.attributes?.title ?? ''),
});

const jobOf = (r: ResourceObject): Job => ({
  id: r.id,
  state: String(r.attributes?.state ?? 'CREATED'),
  source: String(r.attributes?.source ?? ''),
  progress: Number(r.attributes?.progress ?? 0) || 0,
  outputUrl: str(r.attributes?.output_url),
  error: str(r.attributes?.error),
});

/** A stream as GET and rotate_keys give it: the record, its live state and (for operators) its secrets. */
function streamOf(doc: Document): StreamInfo {
  const a = one(doc).attributes ?? {};
  const meta = doc.meta ?? {};
  return {
    id: one(doc).id,
    protocol: String(a.protocol ?? 'rtmp'),
    encryption: String(a.encryption ?? 'none'),
    kind: String(a.kind ?? 'live'),
    status: String(a.status ?? 'idle'),
    useBackup: a.use_backup === true,
    liveEngine: meta.live_engine === true,
    primaryKey: str(meta.primary_key),
    backupKey: str(meta.backup_key),
    passphrase: str(meta.passphrase),
    ingest: (meta.ingest as StreamInfo['ingest'] | undefined) ?? null,
  };
}

export function createEventPageApi(read: HttpClient, write: HttpClient, base: () => string): EventPageApi {
  const get = async (path: string) => (await read<Document>(`${base()}/${path}`)).body;
  const send = async (method: string, path: string, body?: unknown) => (await write<Document | null>(`${base()}/${path}`, { method, body })).body;
  const enc = encodeURIComponent;

  return {
    async event(id) {
      const r = one(await get(`ott/events/${enc(id)}`));
      return { id: r.id, title: String(r.attributes?.title ?? `#${r.id}`), status: String(r.attributes?.status ?? 'pending'), startsAt: str(r.attributes?.starts_at), streamId: relId(r, 'stream') };
    },

    async stream(id) {
      return streamOf(await get(`ott/streams/${enc(id)}`));
    },

    async status(eventId) {
      const response = await read<Document>(`${base()}/ott/events/${enc(eventId)}/status`);
      const doc = response.body;
      if (response.status === 422) {
        const first = doc.errors?.[0];
        const params = first?.meta?.params ?? {};
        return {
          status: '',
          streamStatus: null,
          useBackup: null,
          outputState: null,
          health: null,
          ownerGeneration: null,
          encoding: params.transcoding_job_id ? { id: String(params.transcoding_job_id), state: String(params.state ?? 'ERROR'), progress: 0, output_url: null } : null,
          problem: first ? errorMessage(first) : '',
        };
      }
      const a = one(doc).attributes ?? {};
      return {
        status: String(a.status ?? 'pending'),
        streamStatus: str(a.stream_status),
        useBackup: typeof a.use_backup === 'boolean' ? a.use_backup : null,
        outputState: str(a.output_state),
        health: (a.health as LiveHealth | null) ?? null,
        ownerGeneration: typeof a.owner_generation === 'number' ? a.owner_generation : null,
        encoding: (a.encoding as EncodingInfo | null) ?? null,
        problem: null,
      };
    },

    async playback(eventId) {
      const a = one(await get(`ott/events/${enc(eventId)}/playback`)).attributes ?? {};
      return { kind: str(a.kind) as Playback['kind'], url: str(a.url), downloadUrl: str(a.download_url), downloadJobId: str(a.download_job_id) };
    },

    async act(streamId, action, useBackup) {
      await send('PATCH', `ott/streams/${enc(streamId)}/${action}`, actionBody(streamId, useBackup));
    },

    async markers(streamId) {
      return many(await get(`ott/markers?filter[stream_id]=${enc(streamId)}&sort=start_at&page[size]=100`)).map(markerOf);
    },

    async addMarker(streamId, marker) {
      const doc = await send('POST', 'ott/markers?include=stream', {
        data: {
          type: 'markers',
          attributes: { kind: marker.kind, start_at: marker.startAt, duration_seconds: marker.durationSeconds, title: marker.title || null },
          relationships: { stream: { data: { type: 'ott_streams', id: streamId } } },
        },
      });
      return markerOf(one(doc!));
    },

    async recordings(eventId) {
      return many(await get(`ott/transcoding_jobs?filter[event_id]=${enc(eventId)}&filter[source]=recording&sort=-created_at&page[size]=5`)).map(jobOf);
    },

    async rotateKeys(streamId) {
      return streamOf((await send('POST', `ott/streams/${enc(streamId)}/rotate_keys`))!);
    },

    async download(streamId) {
      return jobOf(one((await send('POST', `ott/streams/${enc(streamId)}/download`))!));
    },
  };
}

/** The page's API on the app's base URL. */
export function eventPageApi(): EventPageApi {
  const runtime = getRuntime();
  const write = createHttpClient({ getToken: readStoredToken, trustedOrigins: () => trustedOrigins(runtime.urls), popups: new PopupStore() });
  return createEventPageApi(appHttpClient(), write, () => runtime.urls.umpire);
}

/** A failed write as a sentence in the interface language: the server's translated detail, else the generic failure. */
export function failureText(error: unknown, translate: (key: string, options?: Record<string, unknown>) => string): string {
  if (error instanceof HttpFailure) {
    const first = error.errors[0];
    if (first) return errorMessage(first);
    if (error.kind === 'network') return translate('http.networkError', { url: error.url });
    return translate('http.failureResponse', { url: error.url, status: error.status, statusText: error.statusText });
  }
  return translate('http.clientError', { message: (error as Error)?.message ?? String(error) });
}
