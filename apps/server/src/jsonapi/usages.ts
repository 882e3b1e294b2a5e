import type { MediaUsage } from '@umpire/schema/media';
import type { FastifyInstance } from 'fastify';
import { requireAbility } from './access';
import { requestOrigin, type Config } from '../config';
import type { Database, DB } from '../db/database';
import { findRow } from './read';
import { allModels, type Model } from './model';

/**
 * What points at a record: the belongsTo relationships of every resource (a club's crest image)
 * and what other capabilities add (the components of pages linking to it: content/usages.ts).
 * One answer for the admin's delete confirmations, the media library's "where used" and the
 * refusals of deletes.
 */
type UsageProvider = (db: DB, clientId: number, model: Model, ids: number[]) => Promise<MediaUsage[]>;
const PROVIDERS: UsageProvider[] = [];

export function addUsageProvider(provider: UsageProvider): void {
  if (!PROVIDERS.includes(provider)) PROVIDERS.push(provider);
}

export function titleOf(model: Model, row: Record<string, unknown>): string {
  const attribute = model.def.titleAttribute ?? ['name', 'title', 'alt_text_en', 'alt_text_pl', 'alt_text'].find((a) => model.attributes.has(a));
  const value = attribute ? row[attribute] : null;
  return typeof value === 'string' && value.trim() ? value : `${model.type} ${String(row.id)}`;
}

export const titleColumns = (model: Model) =>
  ['id', model.def.titleAttribute, 'name', 'title', 'alt_text_en', 'alt_text_pl', 'alt_text'].filter(
    (c, i, all): c is string => !!c && (c === 'id' || model.attributes.has(c)) && all.indexOf(c) === i,
  );

/** Records that point at rows `ids` of `model`, titled, with the field that points. */
export async function recordUsages(db: DB, clientId: number, model: Model, ids: number[]): Promise<MediaUsage[]> {
  if (!ids.length) return [];
  const usages: MediaUsage[] = [];
  for (const ref of model.referencedBy) {
    const other = ref.model();
    const rows = await db.selectFrom(other.table).select(titleColumns(other)).where('client_id', '=', clientId).where(ref.fk, 'in', ids).orderBy('id').execute();
    for (const row of rows) usages.push({ type: other.type, id: String(row.id), field: ref.name, title: titleOf(other, row) });
  }
  for (const provider of PROVIDERS) usages.push(...(await provider(db, clientId, model, ids)));
  return usages;
}

/**
 * GET /api/v3/{type}/{id}/usages for every resource: where a record is used, so the admin can
 * list the uses before deleting it. The shape is media.ts's MediaUsageDocument; its items are not
 * JSON:API resource objects, so it is sent as application/json.
 */
export function registerUsageRoutes(app: FastifyInstance, config: Config, database: Database, prefix: string): void {
  for (const model of allModels()) {
    app.get<{ Params: { id: string } }>(`${prefix}/${model.path}/:id/usages`, async (request, reply) => {
      const auth = requireAbility(request, 'read', model.type);
      const ctx = { db: database.db, dialect: database.dialect, clientId: auth.clientId, apiBase: requestOrigin(request, config) + prefix };
      const row = await findRow(ctx, model, request.params.id);
      const data = await recordUsages(database.db, auth.clientId, model, [Number(row.id)]);
      reply.header('cache-control', 'private, no-cache').type('application/json');
      return { data };
    });
  }
}
