import type { FastifyInstance } from 'fastify';
import { requireAbility } from '../auth/context';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { apiError } from '../jsonapi/errors';
import { modelOf } from '../jsonapi/model';
import { findRow, parseId, recordDocument } from '../jsonapi/read';
import { API_PREFIX, JSONAPI_MEDIA_TYPE, transactionalWrites, withQueryStats } from '../jsonapi/routes';
import type { ChangeBus } from '../realtime/change-bus';
import { createdTypesOf, undoBatch } from './batches';

export interface ImportDeps {
  config: Config;
  database: Database;
  bus: ChangeBus;
}

/**
 * The staff calls of imports beyond the engine's list and fetch (the history): undo
 * (`DELETE /api/v3/imports/{id}`, answering the import, now undone).
 */
export async function registerImportRoutes(app: FastifyInstance, deps: ImportDeps): Promise<void> {
  const { config, database, bus } = deps;
  const model = modelOf('imports');
  const base = `${API_PREFIX}/${model.path}`;
  const write = transactionalWrites({ config, database, bus });

  app.delete<{ Params: { id: string } }>(`${base}/:id`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'delete', model.type);
      const params = Object.keys(request.query as object);
      if (params.length) throw apiError(400, 'badRequest.deleteQuery', { source: { parameter: params[0] } });
      const doc = await write(request, auth, async (ctx) => {
        const id = parseId(model, request.params.id);
        await findRow(ctx, model, request.params.id);
        // Undo deletes what the import created: the user must be allowed to delete each of those types.
        for (const type of await createdTypesOf(ctx, id)) requireAbility(request, 'delete', type);
        await undoBatch(ctx, id);
        return recordDocument(ctx, model, await findRow(ctx, model, request.params.id), { include: {}, fields: new Map() });
      });
      return reply.code(200).type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-store').send(doc);
    }),
  );
}
