import { useCallback, useEffect, useReducer, useRef } from 'react';
import { uuid } from '../../lib/uuid';
import { uploadFile, UploadError, type MediaFile, type UploadHandle } from './media-api';
import { MAX_UPLOAD_BYTES, mediaKindOf } from '@umpire/schema/media';
import { formatBytes, newUpload, nextToStart, uploadReducer, type FileToUpload, type UploadReason } from './upload-queue';

/** A few files at once: enough to fill the line, few enough that each shows its progress moving. */
const PARALLEL_UPLOADS = 3;

export type MediaUpload = FileToUpload<MediaFile>;

/** Why an upload failed, for the list: the server's detail, else the spec's generic text (§8). */
export function reasonOf(error: unknown, file: File): UploadReason {
  if (error instanceof UploadError) {
    if (error.status === -1) return { key: 'mediaLibrary.upload.cancelled' };
    if (error.error?.detail) return { text: error.error.detail };
    if (error.status === 413) return { key: 'ui.fileTooLarge', params: { size: formatBytes(MAX_UPLOAD_BYTES[mediaKindOf(file.name) as keyof typeof MAX_UPLOAD_BYTES]) } };
    if (error.status === 415) return { key: 'ui.wrongFileType' };
  }
  return { key: 'ui.uploadFailed' };
}

/**
 * Sends the files of the queue, a few at a time; `onUploaded` hears of each finished file (the
 * library reloads its folder). Leaving the screen cancels what is still going.
 */
export function useUploadQueue(onUploaded: (file: MediaFile) => void) {
  const [queue, dispatch] = useReducer(uploadReducer<MediaFile>, []);
  const running = useRef(new Map<string, UploadHandle>());
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  });

  useEffect(() => {
    for (const item of nextToStart(queue, new Set(running.current.keys()), PARALLEL_UPLOADS)) {
      const handle = uploadFile(item.file, item.path, {
        onProgress: (loaded, total) => dispatch({ type: 'progress', id: item.id, loaded, total }),
      });
      running.current.set(item.id, handle);
      // Moves to IN_PROGRESS at once: a small file may finish before its first progress event.
      dispatch({ type: 'progress', id: item.id, loaded: 0, total: item.file.size });
      handle.done
        .then((file) => {
          dispatch({ type: 'done', id: item.id, uploadedFile: file });
          uploaded.current(file);
        })
        .catch((error: unknown) => dispatch({ type: 'fail', id: item.id, reason: reasonOf(error, item.file) }))
        .finally(() => running.current.delete(item.id));
    }
  }, [queue]);

  useEffect(() => {
    const handles = running.current;
    return () => handles.forEach((handle) => handle.abort());
  }, []);

  const add = useCallback((files: Iterable<File>, path: string) => {
    dispatch({ type: 'add', items: [...files].map((file) => newUpload<MediaFile>(uuid(), file, path)) });
  }, []);
  const retry = useCallback((id: string) => dispatch({ type: 'retry', id }), []);
  /** Stops a running upload (it fails as cancelled, and can be retried); a waiting one just leaves. */
  const cancel = useCallback((id: string) => {
    const handle = running.current.get(id);
    if (handle) handle.abort();
    else dispatch({ type: 'remove', id });
  }, []);
  const clearFinished = useCallback(() => dispatch({ type: 'clearFinished' }), []);

  return { queue, add, retry, cancel, clearFinished };
}
