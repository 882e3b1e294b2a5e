import {
  DEFAULT_UPLOAD_PATH,
  MEDIA_FILES_TYPE,
  type MediaFileDocument,
  type MediaFileListDocument,
  type MediaFileResource,
  type MediaKind,
  type MediaUsage,
  type MediaUsageDocument,
} from '@umpire/schema/media';
import { getRuntime } from '../../lib/configuration';
import { currentLanguage } from '../../lib/i18n';
import { readStoredToken } from '../../lib/token';
import { trustedOrigins } from '../../lib/environment';
import { appHttpClient, readUsages } from '../../providers/json-api';
import { ACCEPT, authorizationFor, readCookie, XSRF_COOKIE, XSRF_HEADER, type HttpClient, type JsonApiError } from '../../providers/http-client';

/**
 * The media library API v1 (packages/schema/src/media.ts) from its own configured base address
 * (`media_library_api_url`), through the app's HTTP client (authorization, XSRF, one retry, error
 * pop-ups; no success pop-ups for `/uploads/files`, spec §8). Uploads use XMLHttpRequest, the only
 * browser API that reports upload progress, with the same headers.
 */
export type MediaFile = MediaFileResource['attributes'] & { id: string; content_url: string | null };

export type MediaSort = 'name' | '-name' | '-created_at' | 'created_at' | '-size' | 'size';

export interface ListQuery {
  path: string;
  q?: string;
  sort?: MediaSort;
  page?: number;
  perPage?: number;
  /** Only these kinds (the tree: folders; a picker: folders and images). */
  kinds?: readonly MediaKind[];
}

export interface FileList {
  files: MediaFile[];
  total: number;
  pages: number;
}

let client: HttpClient | undefined;

/** The app's client (its pop-ups, token and trusted origins), unless a test set its own. */
function http(): HttpClient {
  return client ?? appHttpClient();
}

/** For tests: a client of their own. */
export function setMediaClient(next: HttpClient | undefined): void {
  client = next;
}

export function mediaBase(): string {
  try {
    return getRuntime().urls.mediaLibrary.replace(/\/+$/, '');
  } catch {
    return '/media/v1';
  }
}

/** Where the bytes are: `meta.content` (JSON:API allows only `self` among links), else an older `links.content`. */
export function toMediaFile(resource: MediaFileResource): MediaFile {
  const { meta, links } = resource as { meta?: { content?: string }; links?: { content?: string } };
  return { ...resource.attributes, id: String(resource.id), content_url: meta?.content ?? links?.content ?? null };
}

export function listQueryString(query: ListQuery): string {
  const params: [string, string][] = [['path', query.path]];
  if (query.q?.trim()) params.push(['filter[q]', query.q.trim()]);
  if (query.kinds?.length) params.push(['filter[kind]', query.kinds.join(',')]);
  params.push(['sort', query.sort ?? 'name']);
  params.push(['page[number]', String(query.page ?? 1)]);
  params.push(['page[size]', String(query.perPage ?? 50)]);
  return params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
}

export async function listFiles(query: ListQuery): Promise<FileList> {
  const { body } = await http()<MediaFileListDocument>(`${mediaBase()}/uploads/files?${listQueryString(query)}`);
  const files = body.data.map(toMediaFile);
  return { files: query.kinds?.length ? files.filter((f) => query.kinds!.includes(f.kind)) : files, total: body.meta?.total ?? files.length, pages: body.meta?.pages ?? 1 };
}

export async function createFolder(path: string, name: string): Promise<MediaFile> {
  const { body } = await http()<MediaFileDocument>(`${mediaBase()}/files/create_subdirectory`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ path, name }),
  });
  return toMediaFile(body.data);
}

/** Rename (`name`), move (`path`) or describe (`alt_text`) a file or a folder. */
export async function updateFile(id: string, attributes: Partial<Pick<MediaFile, 'name' | 'path' | 'alt_text'>>): Promise<MediaFile> {
  const { body } = await http()<MediaFileDocument>(`${mediaBase()}/uploads/files/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { data: { type: MEDIA_FILES_TYPE, id, attributes } },
  });
  return toMediaFile(body.data);
}

/**
 * Moves files one by one into the folder `target` (each its own PATCH, so one clash does not hold
 * up the rest); a refused one is reported by the HTTP client's pop-up and listed in `failed`.
 */
export async function moveFiles(files: readonly MediaFile[], target: string): Promise<{ moved: MediaFile[]; failed: MediaFile[] }> {
  const moved: MediaFile[] = [];
  const failed: MediaFile[] = [];
  for (const file of files) {
    try {
      await updateFile(file.id, { path: target });
      moved.push(file);
    } catch {
      failed.push(file);
    }
  }
  return { moved, failed };
}

/** `force` once the user has seen and accepted where the file is used. */
export async function deleteFile(id: string, force = false): Promise<void> {
  await http()(`${mediaBase()}/uploads/files/${encodeURIComponent(id)}${force ? '?force=true' : ''}`, { method: 'DELETE' });
}

export async function fileUsages(id: string): Promise<MediaUsage[]> {
  const { body } = await http()<MediaUsageDocument>(`${mediaBase()}/uploads/files/${encodeURIComponent(id)}/usages`);
  return readUsages(body);
}

/** Where a file's bytes are served (the content route). */
export function contentUrl(file: Pick<MediaFile, 'id' | 'content_url'>): string {
  return file.content_url ?? `${mediaBase()}/uploads/files/${encodeURIComponent(file.id)}/content`;
}

/**
 * The content route's address with the token in it (`?token=`), for a `<video src>` or an
 * `<iframe src>` that cannot send a header: the browser streams it with Range requests (a video
 * plays and seeks without being downloaded first). The token goes only to the page's own origin or
 * a configured API host; elsewhere the address is given bare.
 */
export function streamUrl(file: Pick<MediaFile, 'id' | 'content_url'>): string {
  const url = new URL(contentUrl(file), window.location.href);
  const token = readStoredToken();
  let trusted: readonly string[] = [];
  try {
    trusted = trustedOrigins(getRuntime().urls);
  } catch {
    // No runtime configuration (tests): the page's own origin only.
  }
  if (token && (url.origin === window.location.origin || trusted.includes(url.origin))) url.searchParams.set('token', token);
  return url.toString();
}

export interface UploadCallbacks {
  onProgress: (loaded: number, total: number | undefined) => void;
}

/** Why an upload failed: the server's own words (already in the interface language) when it sent any. */
export class UploadError extends Error {
  override name = 'UploadError';
  constructor(
    message: string,
    readonly status: number,
    readonly error?: JsonApiError,
  ) {
    super(message);
  }
}

export interface UploadHandle {
  done: Promise<MediaFile>;
  abort: () => void;
}

/** POST /uploads/files, multipart: `path` first, then `file` (the server streams the file part). */
export function uploadFile(file: File, path: string = DEFAULT_UPLOAD_PATH, { onProgress }: UploadCallbacks): UploadHandle {
  const url = `${mediaBase()}/uploads/files`;
  const xhr = new XMLHttpRequest();
  const done = new Promise<MediaFile>((resolve, reject) => {
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', ACCEPT);
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    const token = readStoredToken();
    if (token) xhr.setRequestHeader('Authorization', authorizationFor(url, token));
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf !== null && !/^[a-z]+:\/\//i.test(url)) xhr.setRequestHeader(XSRF_HEADER, xsrf);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : undefined);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // Not JSON (a proxy's page): the status speaks for it.
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && (body as MediaFileDocument).data) {
        resolve(toMediaFile((body as MediaFileDocument).data));
        return;
      }
      const first = (body as { errors?: JsonApiError[] } | null)?.errors?.[0];
      reject(new UploadError(first?.detail ?? first?.title ?? `${xhr.status} ${xhr.statusText}`, xhr.status, first));
    };
    xhr.onerror = () => reject(new UploadError('network', 0));
    xhr.onabort = () => reject(new UploadError('aborted', -1));
    const form = new FormData();
    form.append('path', path);
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
