import { randomUUID } from 'node:crypto';

/**
 * Storage keys are made here and nowhere else: `c{client}/{yyyy}/{mm}/{uuid}.{ext}`. Only the
 * extension comes from the upload, and only once it is one of the allowed ones, so a client's
 * name (`../`, `%2e%2e`, NUL, right-to-left override, `CON`) never reaches a path or object key.
 * The client prefix keeps one league's objects apart from another's in listings and sweeps.
 */
export function newStorageKey(clientId: number, extension: string, now = new Date()): string {
  if (!Number.isInteger(clientId) || clientId < 1) throw new Error(`bad client id ${clientId}`);
  if (!/^[a-z0-9]{1,8}$/.test(extension)) throw new Error(`bad extension ${JSON.stringify(extension)}`);
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `c${clientId}/${now.getUTCFullYear()}/${month}/${randomUUID()}.${extension}`;
}

/** Keys a driver accepts: what newStorageKey makes, plus derived keys (`….webp`, `…/poster.jpg`). */
const KEY = /^(?!.*\/\/)[a-z0-9][a-z0-9/_.-]{0,300}$/i;

export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..' || part === '') || key.endsWith('/'))
    throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}
