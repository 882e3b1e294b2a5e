import { extensionOf, FILE_EXTENSION_SET, MAX_UPLOAD_BYTES, mediaKindOf, uploadProgress } from '@umpire/schema/media';

/**
 * The files being uploaded (spec §3 `filesToUpload`, §4 states): each is PENDING, then
 * IN_PROGRESS while progress arrives (floor of loaded over total, 0 while the total is unknown),
 * then DONE at 100 with the uploaded file, or ERROR at 100 with the reason. A pure model: the
 * hook that sends the files (use-upload-queue.ts) only dispatches these actions.
 */
export type UploadState = 'PENDING' | 'IN_PROGRESS' | 'DONE' | 'ERROR';

/** Why a file failed: a translation key with its values, or the server's own (translated) words. */
export type UploadReason = { key: string; params?: Record<string, unknown> } | { text: string };

export interface FileToUpload<U = unknown> {
  id: string;
  file: File;
  /** The folder it goes to. */
  path: string;
  progress: number;
  state: UploadState;
  uploadedFile?: U;
  reason?: UploadReason;
}

export type UploadAction<U> =
  | { type: 'add'; items: FileToUpload<U>[] }
  | { type: 'progress'; id: string; loaded: number; total: number | undefined }
  | { type: 'done'; id: string; uploadedFile: U }
  | { type: 'fail'; id: string; reason: UploadReason }
  | { type: 'retry'; id: string }
  | { type: 'remove'; id: string }
  | { type: 'clearFinished' };

/** A new entry; a file the server would refuse anyway (extension, size) fails at once, unsent. */
export function newUpload<U>(id: string, file: File, path: string): FileToUpload<U> {
  const base = { id, file, path, progress: 0, state: 'PENDING' as UploadState };
  const reason = precheck(file);
  return reason ? { ...base, state: 'ERROR', progress: 100, reason } : base;
}

/** Spec §3 extensions and the per-kind limits of the media contract. */
export function precheck(file: File): UploadReason | undefined {
  if (!FILE_EXTENSION_SET.has(extensionOf(file.name))) return { key: 'ui.wrongFileType' };
  const kind = mediaKindOf(file.name);
  if (kind !== 'folder' && file.size > MAX_UPLOAD_BYTES[kind]) return { key: 'ui.fileTooLarge', params: { size: formatBytes(MAX_UPLOAD_BYTES[kind]) } };
  return undefined;
}

export function uploadReducer<U>(queue: FileToUpload<U>[], action: UploadAction<U>): FileToUpload<U>[] {
  const update = (id: string, change: (item: FileToUpload<U>) => FileToUpload<U>) => queue.map((item) => (item.id === id ? change(item) : item));
  switch (action.type) {
    case 'add':
      return [...queue, ...action.items];
    case 'progress':
      // A late progress event never moves a finished file back.
      return update(action.id, (item) =>
        item.state === 'PENDING' || item.state === 'IN_PROGRESS' ? { ...item, state: 'IN_PROGRESS', progress: uploadProgress(action.loaded, action.total) } : item,
      );
    case 'done':
      return update(action.id, (item) => ({ ...item, state: 'DONE', progress: 100, uploadedFile: action.uploadedFile, reason: undefined }));
    case 'fail':
      return update(action.id, (item) => ({ ...item, state: 'ERROR', progress: 100, reason: action.reason }));
    case 'retry':
      return update(action.id, (item) => (item.state === 'ERROR' && !precheck(item.file) ? { ...item, state: 'PENDING', progress: 0, reason: undefined } : item));
    case 'remove':
      return queue.filter((item) => item.id !== action.id);
    case 'clearFinished':
      return queue.filter((item) => item.state === 'PENDING' || item.state === 'IN_PROGRESS');
  }
}

/** The next files to send, keeping at most `limit` uploads at once. */
export function nextToStart<U>(queue: readonly FileToUpload<U>[], running: ReadonlySet<string>, limit: number): FileToUpload<U>[] {
  const free = limit - running.size;
  if (free <= 0) return [];
  return queue.filter((item) => item.state === 'PENDING' && !running.has(item.id)).slice(0, free);
}

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

/** 1536 → "1.5 kB" (binary multiples, written the way file managers do). */
export function formatBytes(bytes: number | null | undefined, locale?: string): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}
