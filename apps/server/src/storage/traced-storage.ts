import { inChildSpan } from '../telemetry/spans';
import type { Storage } from './storage';

/**
 * The storage driver with a span per call made inside a traced operation (`storage.get`,
 * `storage.put`, …: the driver and the key as attributes; a live stream's segments, written by no
 * request, make no traces). Used only when tracing is on.
 * A read's span ends when its stream is there, not when the reader has it all: the rest is the
 * reader's pace.
 */
export function tracedStorage(storage: Storage): Storage {
  const attrs = (key: string, more: Record<string, string | number> = {}) => ({ 'umpire.storage.driver': storage.driver, 'umpire.storage.key': key, ...more });
  return {
    driver: storage.driver,
    hashesOnPut: storage.hashesOnPut,
    minPartSize: storage.minPartSize,
    localPath: storage.localPath?.bind(storage),
    put: (key, body, options) => inChildSpan('storage.put', attrs(key), () => storage.put(key, body, options)),
    adoptFile: storage.adoptFile && ((path, key) => inChildSpan('storage.adoptFile', attrs(key), () => storage.adoptFile!(path, key))),
    get: (key, range) => inChildSpan('storage.get', attrs(key), () => storage.get(key, range)),
    head: (key) => inChildSpan('storage.head', attrs(key), () => storage.head(key)),
    delete: (key) => inChildSpan('storage.delete', attrs(key), () => storage.delete(key)),
    // A listing is paged through by its reader (the orphan sweep): its pages' requests are spans of their own.
    list: (prefix) => storage.list(prefix),
    sweepIncomplete: (before) => inChildSpan('storage.sweepIncomplete', { 'umpire.storage.driver': storage.driver }, () => storage.sweepIncomplete(before)),
    createMultipart: (key, options) => inChildSpan('storage.createMultipart', attrs(key), () => storage.createMultipart(key, options)),
    uploadPart: (key, uploadId, partNumber, body, size) => inChildSpan('storage.uploadPart', attrs(key, { 'umpire.storage.part': partNumber }), () => storage.uploadPart(key, uploadId, partNumber, body, size)),
    listParts: (key, uploadId) => inChildSpan('storage.listParts', attrs(key), () => storage.listParts(key, uploadId)),
    completeMultipart: (key, uploadId, parts) => inChildSpan('storage.completeMultipart', attrs(key, { 'umpire.storage.parts': parts.length }), () => storage.completeMultipart(key, uploadId, parts)),
    abortMultipart: (key, uploadId) => inChildSpan('storage.abortMultipart', attrs(key), () => storage.abortMultipart(key, uploadId)),
    presignPart: (key, uploadId, partNumber, expiresSeconds) => inChildSpan('storage.presignPart', attrs(key), () => storage.presignPart(key, uploadId, partNumber, expiresSeconds)),
  };
}
