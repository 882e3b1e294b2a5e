/**
 * The media library API v1 (spec §7, §9), shared by the server and the admin. Documents are
 * JSON:API like the umpire API's, with type `files`:
 *
 *   GET    /media/v1/uploads/files?path=/crests/&filter[q]=wis&sort=-created_at&page[number]=1&page[size]=50
 *   POST   /media/v1/uploads/files                 multipart: `path` (default '/') then `file`
 *   PATCH  /media/v1/uploads/files/{id}            { data: { type: 'files', id, attributes: { name?, path?, alt_text? } } }
 *   DELETE /media/v1/uploads/files/{id}            ?force=true once the user has seen where it is used
 *   POST   /media/v1/files/create_subdirectory     { path: '/crests/', name: '2026' }
 *   GET    /media/v1/uploads/files/{id}/usages     records that point at the file (where used)
 *   GET    /media/v1/uploads/files/{id}/content    the bytes (Range supported), for previews and downloads
 *
 * A folder is a file whose name ends in `/` (spec §9); `path` is the folder a file is in, always
 * starting and ending with `/`.
 */
import { FILE_EXTENSIONS, VIDEO_EXTENSIONS } from './enums';

export const MEDIA_FILES_TYPE = 'files';
export const DEFAULT_UPLOAD_PATH = '/';

export type MediaKind = 'folder' | 'image' | 'video' | 'document';

export interface MediaFileAttributes {
  /** The file's own name (`crest.png`), or a folder's with its slash (`2026/`). */
  name: string;
  /** The folder it is in: `/`, `/crests/`, `/crests/2026/`. */
  path: string;
  kind: MediaKind;
  /** Bytes; null for a folder. */
  size: number | null;
  /** Read from the content, not the client's word; null for a folder. */
  content_type: string | null;
  width: number | null;
  height: number | null;
  /** Seconds, for videos (ffprobe). */
  duration: number | null;
  alt_text: string | null;
  /** The path the image service and the CDN read (`/img/fit-in/...{image_path}`); null if not an image. */
  image_path: string | null;
  /** How many files and folders a folder holds directly; null for a file. */
  children_count: number | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface MediaFileResource {
  type: typeof MEDIA_FILES_TYPE;
  id: string;
  attributes: MediaFileAttributes;
  /** JSON:API 1.0 allows only `self` (and `related`) among a resource's links. */
  links: { self: string };
  /** `content`: where the bytes are (`GET …/{id}/content`, Range supported); absent for a folder. */
  meta?: { content?: string };
}

export interface MediaFileDocument {
  data: MediaFileResource;
}

export interface MediaFileListDocument {
  data: MediaFileResource[];
  meta: { total: number; pages: number; path: string };
  links: { self: string; first?: string; prev?: string | null; next?: string | null; last?: string };
}

/** A record that points at a library file (a club's crest, a player's photo, an article's image). */
export interface MediaUsage {
  type: string;
  id: string;
  /** The relationship or attribute that points at it (`image`, `background_photo`). */
  field: string;
  /** What the admin shows: the record's title. */
  title: string;
}

export interface MediaUsageDocument {
  data: MediaUsage[];
}

export const FILE_EXTENSION_SET: ReadonlySet<string> = new Set(FILE_EXTENSIONS);

/** The part after the last dot, lower-cased; '' when there is none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isFolderName(name: string): boolean {
  return name.endsWith('/');
}

/** Spec §9: avi, mp4 and mpg are videos. */
/** Video types browsers play in `<video>` themselves: what the league's website serves to viewers. */
export const BROWSER_VIDEO_TYPES: readonly string[] = ['video/mp4', 'video/webm', 'video/ogg'];

export function isVideoName(name: string): boolean {
  return (VIDEO_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}

export function mediaKindOf(name: string): MediaKind {
  if (isFolderName(name)) return 'folder';
  const ext = extensionOf(name);
  if (isVideoName(name)) return 'video';
  if (['jpg', 'jpeg', 'gif', 'webp', 'png', 'svg'].includes(ext)) return 'image';
  return 'document';
}

/** Largest upload per kind (bytes); above it the answer is 413 'File is larger than'. */
export const MAX_UPLOAD_BYTES: Record<Exclude<MediaKind, 'folder'>, number> = {
  image: 30 * 1024 * 1024,
  document: 100 * 1024 * 1024,
  video: 5 * 1024 * 1024 * 1024,
};

/** Spec §4: upload progress is floor(loaded / total) in percent, 0 while the total is unknown. */
export function uploadProgress(loaded: number, total: number | undefined | null): number {
  if (!total || total <= 0) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}
