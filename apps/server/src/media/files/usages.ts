import type { MediaUsage } from '@umpire/schema/media';
import type { DB } from '../../db/database';
import type { WriteContext } from '../../jsonapi/context';
import { allModels, type Model } from '../../jsonapi/model';
import { recordUsages, titleColumns, titleOf } from '../../jsonapi/usages';
import { deleteRecord } from '../../jsonapi/write';

/**
 * Where a library file is used, computed from the declarations: rows of any resource with a
 * `file_id` attribute equal to the file (images, videos), and the records whose belongsTo
 * relationships point at those rows (a club's crest image, a video's poster, an article's image).
 */

/** Resources that hold a library file by `file_id`. */
const holders = (): Model[] => allModels().filter((model) => model.attributes.has('file_id'));

/** The rows that hold the file, per resource. */
export async function holdersOf(db: DB, clientId: number, fileIds: number[]): Promise<{ model: Model; ids: number[] }[]> {
  if (!fileIds.length) return [];
  const out: { model: Model; ids: number[] }[] = [];
  for (const model of holders()) {
    const rows = await db
      .selectFrom(model.table)
      .select('id')
      .where('client_id', '=', clientId)
      .where('file_id', 'in', fileIds.map((id) => (model.attributes.get('file_id')?.type === 'integer' ? id : String(id))))
      .execute();
    if (rows.length) out.push({ model, ids: rows.map((r) => Number(r.id)) });
  }
  return out;
}

export async function usagesOf(db: DB, clientId: number, fileIds: number[]): Promise<MediaUsage[]> {
  const usages: MediaUsage[] = [];
  for (const { model, ids } of await holdersOf(db, clientId, fileIds)) {
    const rows = await db.selectFrom(model.table).select(titleColumns(model)).where('client_id', '=', clientId).where('id', 'in', ids).execute();
    for (const row of rows) usages.push({ type: model.type, id: String(row.id), field: 'file_id', title: titleOf(model, row) });
    usages.push(...(await recordUsages(db, clientId, model, ids)));
  }
  return usages;
}

/**
 * Deletes the rows holding these files (images, videos) through the engine, so their referrers'
 * links are cleared by the declared onDelete rules, the change is audited and realtime is told.
 */
export async function deleteHolders(ctx: WriteContext, fileIds: number[]): Promise<void> {
  for (const { model, ids } of await holdersOf(ctx.db, ctx.clientId, fileIds))
    for (const id of ids) await deleteRecord(ctx, model, String(id));
}
