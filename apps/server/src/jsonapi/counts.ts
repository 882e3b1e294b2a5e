import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { COUNTS_PATH, COUNTS_TYPES_PARAMETER, type CountsDocument } from '@umpire/schema';
import { requireAuth } from './access';
import type { Database } from '../db/database';
import { keptRowCountsSelect } from '../db/row-counts';
import type { ComputedCache } from '../db/computed-cache';
import { badParameter } from './errors';
import { allModels, findModel, type Model } from './model';
import type { RawQuery } from './query';
import { API_PREFIX, cachedResponse, JSONAPI_MEDIA_TYPE, withQueryStats } from './routes';

/**
 * The types a counts request names (all of them when `types` is absent), in its order without
 * repeats, or a 400 naming the parameter at fault.
 */
export function parseCountTypes(raw: RawQuery): Model[] {
  const parameter = COUNTS_TYPES_PARAMETER;
  for (const key of Object.keys(raw))
    if (key !== parameter) throw badParameter(key, 'badRequest.unknownParameter', { parameter: key, names: [parameter] });
  const value = raw[parameter];
  if (Array.isArray(value)) throw badParameter(parameter, 'badRequest.repeatedParameter', { parameter });
  if (value === undefined) return allModels();
  const names = [...new Set(value.split(',').map((name) => name.trim()).filter(Boolean))];
  if (!names.length) throw badParameter(parameter, 'badRequest.noType', { parameter });
  return names.map((type) => findModel(type) ?? badType(type));
}

function badType(type: string): never {
  throw badParameter(COUNTS_TYPES_PARAMETER, 'badRequest.unknownType', { parameter: COUNTS_TYPES_PARAMETER, type });
}

/**
 * Rows of each type held by one client, in one statement: on SQLite the kept counts of their tables
 * (db/row-counts.ts), and the others (PostgreSQL, views) counted.
 */
async function countRows(database: Database, clientId: number, models: Model[]): Promise<Record<string, number>> {
  if (!models.length) return {};
  const { db } = database;
  const kept = keptRowCountsSelect(
    db,
    models.map((m) => m.table),
    clientId,
  );
  const countOf = (table: string) =>
    db
      .selectFrom(table)
      .select((eb) => [sql<string>`${sql.lit(table)}`.as('key'), eb.fn.countAll().as('n')])
      .where('client_id', '=', clientId);
  const parts = [...(kept ? [kept.query] : []), ...[...new Set(models.map((m) => m.table))].filter((t) => !kept?.tables.has(t)).map(countOf)];
  const [first, ...rest] = parts;
  const rows = await rest.reduce((q, part) => q.unionAll(part), first).execute();
  const byTable = new Map(rows.map((r) => [String(r.key), Number(r.n)]));
  return Object.fromEntries(models.map((m) => [m.type, byTable.get(m.table) ?? 0]));
}

/**
 * GET /api/v3/counts?types=clubs,players: how many records of each type the client holds, for the
 * dashboard's figures in one request instead of one list per type. Types the user may not read
 * are left out (never counted); the answer is kept with the client's other computed reads.
 */
export function registerCountRoutes(app: FastifyInstance, database: Database, cache: ComputedCache) {
  app.get(`${API_PREFIX}/${COUNTS_PATH}`, async (request: FastifyRequest, reply) =>
    withQueryStats(reply, async () => {
      const requested = parseCountTypes(request.query as RawQuery);
      const auth = requireAuth(request);
      const readable = requested.filter((m) => auth.ability.can('read', m.type));
      reply.type(JSONAPI_MEDIA_TYPE);
      // Keyed by what is counted, so users who may read the same types share the answer.
      const key = `counts:${readable.map((m) => m.type).join(',')}`;
      return cachedResponse(cache, request, reply, auth.clientId, key, async (): Promise<CountsDocument> => ({
        meta: { counts: await countRows(database, auth.clientId, readable) },
      }));
    }),
  );
}
