import type { MediaUsage, MediaUsageDocument } from '@umpire/schema';
import type { FastifyInstance } from 'fastify';
import { requireAbility } from '../../auth/context';
import type { Database, DB } from '../../db/database';
import { findRow } from '../../jsonapi/read';
import { allModels, modelOf } from '../../jsonapi/model';
import { API_PREFIX } from '../../jsonapi/routes';
import type { Config } from '../../config';
import { requestOrigin } from '../../auth/routes';

/** Records whose belongsTo relationship of type `images` points at one of `imageIds`, titled. */
export async function imageUsages(db: DB, clientId: number, imageIds: number[]): Promise<MediaUsage[]> {
  if (!imageIds.length) return [];
  const usages: MediaUsage[] = [];
  for (const model of allModels()) {
    for (const [field, { rel, fk }] of model.belongsTo) {
      if (rel.type !== 'images') continue;
      const title = model.def.titleAttribute;
      const rows = await db
        .selectFrom(model.table)
        .select(title ? ['id', title] : ['id'])
        .where('client_id', '=', clientId)
        .where(fk, 'in', imageIds)
        .orderBy('id')
        .execute();
      for (const row of rows)
        usages.push({ type: model.type, id: String(row.id), field, title: title && row[title] != null ? String(row[title]) : `${model.type} ${row.id}` });
    }
  }
  return usages;
}

/**
 * GET /api/v3/images/{id}/usages: where an image is used, so the admin can list the uses before
 * deleting it (deleting clears those links). The shape is media.ts's MediaUsageDocument; its items
 * are not JSON:API resource objects, so it is sent as application/json.
 */
export function registerImageUsageRoute(app: FastifyInstance, config: Config, database: Database): void {
  app.get<{ Params: { id: string } }>(`${API_PREFIX}/images/:id/usages`, async (request, reply) => {
    const auth = requireAbility(request, 'read', 'images');
    const ctx = { db: database.db, dialect: database.dialect, clientId: auth.clientId, apiBase: requestOrigin(request, config) + API_PREFIX };
    const image = await findRow(ctx, modelOf('images'), request.params.id);
    const body: MediaUsageDocument = { data: await imageUsages(database.db, auth.clientId, [Number(image.id)]) };
    reply.header('cache-control', 'private, no-cache').type('application/json');
    return body;
  });
}
