import type { ReadContext } from '../../jsonapi/read';

/** A stored file of the media library, as images, videos and the image service read it. */
export interface LibraryFile {
  id: number;
  client_id: number;
  name: string;
  kind: string;
  size: number | null;
  content_type: string | null;
  width: number | null;
  height: number | null;
  duration: number | null;
  storage_key: string;
  image_path: string | null;
}

const COLUMNS = ['id', 'client_id', 'name', 'kind', 'size', 'content_type', 'width', 'height', 'duration', 'storage_key', 'image_path'] as const;

/**
 * The client's own complete file of `kind` with this id (a string as documents carry it), or
 * undefined: another client's file, a folder, a cut upload and a missing one look the same.
 */
export async function findLibraryFile(ctx: Pick<ReadContext, 'db' | 'clientId'>, id: unknown, kind: 'image' | 'video'): Promise<LibraryFile | undefined> {
  const text = String(id ?? '');
  if (!/^[1-9]\d{0,14}$/.test(text)) return undefined;
  const row = await ctx.db
    .selectFrom('media_files')
    .select([...COLUMNS])
    .where('id', '=', Number(text))
    .where('client_id', '=', ctx.clientId)
    .where('kind', '=', kind)
    .where('state', '=', 'stored')
    .executeTakeFirst();
  return row && row.storage_key ? (row) : undefined;
}
