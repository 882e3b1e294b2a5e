import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { DB, Dialect } from '../db/database';
import { apiError } from './errors';

export interface StoredResponse {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** The `Idempotency-Key` of a request, checked for shape. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return null;
  if (typeof key !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(key))
    throw apiError(400, 'badRequest.idempotencyKey', { source: { header: 'Idempotency-Key' } });
  return key;
}

/** Same key, same call: method, path and body must match, or the key was reused by mistake. */
export function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');
}

export async function findStored(db: DB, clientId: number, key: string, fingerprint: string): Promise<StoredResponse | null> {
  const row = (await db.selectFrom('idempotency_keys').selectAll().where('client_id', '=', clientId).where('key', '=', key).executeTakeFirst()) as
    | { fingerprint: string; status: number | string; body: string; headers: string | Record<string, string> }
    | undefined;
  if (!row) return null;
  if (row.fingerprint !== fingerprint)
    throw apiError(422, 'idempotencyKeyReused', { source: { header: 'Idempotency-Key' } });
  return { status: Number(row.status), body: row.body, headers: typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : row.headers };
}

/** How long a key is remembered: long enough for any retry, short enough to keep the table small. */
const KEEP_MS = 24 * 3600 * 1000;

export async function storeResponse(db: DB, clientId: number, key: string, fingerprint: string, res: StoredResponse, now: string) {
  if (Math.random() < 0.01) await db.deleteFrom('idempotency_keys').where('created_at', '<', new Date(Date.now() - KEEP_MS).toISOString()).execute();
  await db
    .insertInto('idempotency_keys')
    .values({ client_id: clientId, key, fingerprint, status: res.status, body: res.body, headers: JSON.stringify(res.headers), created_at: now })
    .execute();
}

/**
 * PostgreSQL: a transaction-scoped advisory lock per key, so concurrent requests with one key run
 * one after the other. SQLite runs one write transaction at a time already.
 */
export async function lockIdempotencyKey(db: DB, dialect: Dialect, clientId: number, key: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${`${clientId}:${key}`}))`.execute(db);
}
