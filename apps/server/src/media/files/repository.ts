import type { MediaKind } from '@umpire/schema';
import { sql } from 'kysely';
import { isUniqueViolation, type DB, type Database } from '../../db/database';
import { clientCollation } from '../../jsonapi/shadow';
import { nowIso } from '../../db/values';
import { foldForSearch } from '../../text/collation';
import { foldersOf, numberedName } from './names';

/** A row of media_files (migration 0007): a file or a folder of one client. */
export interface MediaFileRow {
  id: number;
  client_id: number;
  path: string;
  name: string;
  kind: MediaKind;
  /** `stored` once the bytes are complete; nothing else is ever listed. */
  state: string;
  size: number | null;
  content_type: string | null;
  width: number | null;
  height: number | null;
  duration: number | null;
  alt_text: string | null;
  sha256: string | null;
  storage_key: string | null;
  image_path: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export const TABLE = 'media_files';
export const STORED = 'stored';

const COLUMNS = [
  'id', 'client_id', 'path', 'name', 'kind', 'state', 'size', 'content_type', 'width', 'height', 'duration', 'alt_text',
  'sha256', 'storage_key', 'image_path', 'created_by', 'created_at', 'updated_at',
] as const;

/** Rows as the API reads them: numbers as numbers, dates as ISO text on both databases. */
export function rowOf(raw: Record<string, unknown>): MediaFileRow {
  const date = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...(raw as unknown as MediaFileRow),
    id: Number(raw.id),
    client_id: Number(raw.client_id),
    size: num(raw.size),
    width: num(raw.width),
    height: num(raw.height),
    duration: num(raw.duration),
    created_at: date(raw.created_at),
    updated_at: date(raw.updated_at),
  };
}

export function selectFiles(db: DB, clientId: number) {
  return db.selectFrom(TABLE).select([...COLUMNS]).where('client_id', '=', clientId).where('state', '=', STORED);
}

export async function findFile(db: DB, clientId: number, id: number): Promise<MediaFileRow | null> {
  const raw = await selectFiles(db, clientId).where('id', '=', id).executeTakeFirst();
  return raw ? rowOf(raw) : null;
}

export async function findByName(db: DB, clientId: number, path: string, name: string): Promise<MediaFileRow | null> {
  const raw = await selectFiles(db, clientId).where('path', '=', path).where('name', '=', name).executeTakeFirst();
  return raw ? rowOf(raw) : null;
}

/** The hidden search and sort columns of a name (see jsonapi/shadow.ts). */
export async function nameShadows(database: Database, clientId: number, name: string) {
  const collation = await clientCollation({ db: database.db, dialect: database.dialect, clientId });
  const bare = name.endsWith('/') ? name.slice(0, -1) : name;
  return { search_text: foldForSearch(bare), name_sort: collation.key(bare) };
}

/** Creates the folders of `path` that do not exist yet (like `mkdir -p`); existing ones are kept. */
export async function ensureFolders(database: Database, clientId: number, path: string, username: string | null): Promise<void> {
  for (const folder of foldersOf(path)) {
    const exists = await database.db
      .selectFrom(TABLE)
      .select('id')
      .where('client_id', '=', clientId)
      .where('path', '=', folder.path)
      .where('name', '=', folder.name)
      .executeTakeFirst();
    if (exists) continue;
    const now = nowIso();
    await database.db
      .insertInto(TABLE)
      .values({
        client_id: clientId, path: folder.path, name: folder.name, kind: 'folder', state: STORED, created_by: username,
        created_at: now, updated_at: now, ...(await nameShadows(database, clientId, folder.name)),
      })
      .onConflict((oc) => oc.columns(['client_id', 'path', 'name']).doNothing())
      .execute();
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Inserts a row under `values.name`, or under the first free `name (n)` when that name is taken in
 * the folder: two uploads of one name never overwrite each other, and each gets a row. The unique
 * index decides between concurrent writers, so each try is one statement (no transaction to abort).
 */
export async function insertWithFreeName(database: Database, values: Omit<MediaFileRow, 'id'>): Promise<MediaFileRow> {
  let name = values.name;
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      const raw = await database.db
        .insertInto(TABLE)
        .values({ ...values, name, ...(await nameShadows(database, values.client_id, name)) })
        .returning([...COLUMNS])
        .executeTakeFirstOrThrow();
      return rowOf(raw);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      name = await freeName(database.db, values.client_id, values.path, values.name);
    }
  }
  throw new Error(`no free name for ${values.name} in ${values.path}`);
}

/** The smallest `name (n)` (n ≥ 2) not taken in the folder. */
async function freeName(db: DB, clientId: number, path: string, name: string): Promise<string> {
  const [prefix, suffix] = numberedName(name, 0).split(' (0)');
  const taken = await db
    .selectFrom(TABLE)
    .select('name')
    .where('client_id', '=', clientId)
    .where('path', '=', path)
    .where(sql<boolean>`name like ${`${escapeLike(prefix)} (%)${escapeLike(suffix)}`} escape '\\'`)
    .execute();
  const names = new Set(taken.map((row) => String(row.name)));
  let n = 2;
  while (names.has(numberedName(name, n))) n++;
  return numberedName(name, n);
}
