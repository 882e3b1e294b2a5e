import type { ImportKind as DeclaredKind } from '@umpire/schema';
import { recordAudit } from '../jsonapi/audit';
import type { WriteContext } from '../jsonapi/context';
import { apiError } from '../jsonapi/errors';
import { findModel, modelOf, type Model } from '../jsonapi/model';
import { findRow, parseId } from '../jsonapi/read';
import { fromDb, nowIso, toDb } from '../db/values';
import { deleteRecord, nextUpdatedAt, publish } from '../jsonapi/write';

/**
 * Imports are batches (issue 26): whatever an import writes goes through the engine in the
 * caller's transaction, and the batch remembers each record it created or updated, in order, so
 * that undo removes exactly what it created. The file import (imports/routes.ts) and the fixture
 * generator both write through here.
 */
export type ImportKind = DeclaredKind;

export interface BatchStart {
  kind: ImportKind;
  fileName?: string | null;
  format?: 'csv' | 'xlsx' | null;
  mapping?: unknown;
  options?: unknown;
}

export type BatchSummary = Record<string, { created: number; updated: number; skipped: number }>;

const model = () => modelOf('imports');
const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** Opens an import in the caller's transaction; returns its id. */
export async function openBatch(ctx: WriteContext, start: BatchStart): Promise<number> {
  const now = toDb(ctx.dialect, 'datetime', nowIso());
  const row = await ctx.db
    .insertInto('imports')
    .values({
      client_id: ctx.clientId,
      kind: start.kind,
      status: 'committed',
      file_name: start.fileName ?? null,
      format: start.format ?? null,
      mapping: json(start.mapping),
      options: json(start.options),
      summary: json({}),
      row_count: 0,
      created_by: ctx.actor,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Where the next record of an import goes in its order. */
async function nextPosition(ctx: WriteContext, importId: number): Promise<number> {
  const rows = await ctx.db
    .selectFrom('import_records')
    .select('position')
    .where('import_id', '=', importId)
    .where('client_id', '=', ctx.clientId)
    .orderBy('position', 'desc')
    .limit(1)
    .execute();
  return rows.length ? Number(rows[0].position) + 1 : 0;
}

/** Records are noted in slices, so that a 5,000-player import stays within the databases' parameter limits. */
const SLICE = 500;

async function note(ctx: WriteContext, importId: number, type: string, ids: (number | string)[], action: 'created' | 'updated'): Promise<void> {
  if (!ids.length) return;
  if (!findModel(type)) throw new Error(`imports: unknown resource type ${type}`);
  let position = await nextPosition(ctx, importId);
  for (let i = 0; i < ids.length; i += SLICE) {
    const values = ids.slice(i, i + SLICE).map((id) => ({
      client_id: ctx.clientId,
      import_id: importId,
      resource_type: type,
      record_id: String(id),
      action,
      position: position++,
    }));
    await ctx.db.insertInto('import_records').values(values).execute();
  }
}

/** Remembers records this import created (in creation order). */
export async function recordCreated(ctx: WriteContext, importId: number, type: string, ids: (number | string)[]): Promise<void> {
  await note(ctx, importId, type, ids, 'created');
}

/** Remembers records this import updated. */
export async function recordUpdated(ctx: WriteContext, importId: number, type: string, ids: (number | string)[]): Promise<void> {
  await note(ctx, importId, type, ids, 'updated');
}

/** Closes it with its summary and row count (status 'committed'), and writes its history entry. */
export async function closeBatch(ctx: WriteContext, importId: number, summary: BatchSummary, rowCount: number): Promise<void> {
  const after = await ctx.db
    .updateTable('imports')
    .set({ summary: JSON.stringify(summary), row_count: rowCount, status: 'committed' })
    .where('id', '=', importId)
    .where('client_id', '=', ctx.clientId)
    .returning(model().readColumns)
    .executeTakeFirst();
  if (!after) throw new Error(`imports: no import ${importId} to close`);
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const name of ['kind', 'status', 'file_name', 'format', 'mapping', 'options', 'summary', 'row_count', 'created_by']) {
    const value = fromDb(model().attributeTypes.get(name)!, after[name]);
    if (value !== null && value !== undefined) changes[name] = { before: null, after: value };
  }
  await recordAudit(ctx, 'create', 'imports', String(importId), changes);
  publish(ctx, model(), 'create', String(importId), null, after);
}

/** At most this many dependents are named in a refusal (the count says how many there are). */
const NAMED_DEPENDENTS = 10;

interface Dependent {
  type: string;
  id: string;
  relationship: string;
  record_type: string;
  record_id: string;
}

/**
 * Later records (not created by this import) that refer to any record it created: undo would
 * delete them with it (cascade), clear their link (set null) or be refused (restrict), so it is
 * refused with them named.
 */
async function dependentsOf(ctx: WriteContext, created: Map<string, Set<string>>): Promise<{ count: number; named: Dependent[] }> {
  let count = 0;
  const named: Dependent[] = [];
  for (const [type, ids] of created) {
    const target = modelOf(type);
    const numeric = [...ids].map(Number).filter((n) => Number.isSafeInteger(n));
    if (!numeric.length) continue;
    for (const ref of target.referencedBy) {
      const other: Model = ref.model();
      if (other.def.view) continue; // computed from other rows: no one writes them
      const ours = created.get(other.type) ?? new Set<string>();
      for (let i = 0; i < numeric.length; i += SLICE) {
        const rows = await ctx.db
          .selectFrom(other.table)
          .select(['id', ref.fk])
          .where(ref.fk, 'in', numeric.slice(i, i + SLICE))
          .where('client_id', '=', ctx.clientId)
          .orderBy('id')
          .execute();
        for (const row of rows) {
          if (ours.has(String(row.id))) continue;
          count++;
          if (named.length < NAMED_DEPENDENTS)
            named.push({ type: other.type, id: String(row.id), relationship: ref.name, record_type: type, record_id: String(row[ref.fk]) });
        }
      }
    }
  }
  return { count, named };
}

/**
 * Undo: deletes exactly what the import created, newest first, through the engine's deleteRecord
 * (history, change events); refuses with a 409 naming the dependent records when later records
 * (not created by this import) refer to any of them; marks the import undone. Undoing twice is a
 * 409 too. Records the import updated keep their values; records already deleted meanwhile are
 * passed over.
 */
export async function undoBatch(ctx: WriteContext, importId: number): Promise<void> {
  const imports = model();
  const before = await findRow(ctx, imports, String(importId));
  // Two undos at once: the row lock makes the second wait, then see it undone (PostgreSQL);
  // SQLite writes one transaction at a time anyway.
  if (ctx.dialect === 'postgres')
    await ctx.db.selectFrom('imports').select('id').where('id', '=', parseId(imports, String(importId))).where('client_id', '=', ctx.clientId).forUpdate().execute();
  const status = String((await ctx.db.selectFrom('imports').select('status').where('id', '=', Number(before.id)).where('client_id', '=', ctx.clientId).executeTakeFirstOrThrow()).status);
  if (status === 'undone') throw apiError(409, 'importUndone');

  const records = await ctx.db
    .selectFrom('import_records')
    .select(['resource_type', 'record_id'])
    .where('import_id', '=', Number(before.id))
    .where('client_id', '=', ctx.clientId)
    .where('action', '=', 'created')
    .orderBy('position', 'desc')
    .execute();
  const created = new Map<string, Set<string>>();
  for (const r of records) {
    const type = String(r.resource_type);
    if (!created.has(type)) created.set(type, new Set());
    created.get(type)!.add(String(r.record_id));
  }

  const { count, named } = await dependentsOf(ctx, created);
  if (count > 0)
    throw apiError(409, 'importHasDependents', {
      values: { count, examples: named.map((d) => `${d.type} ${d.id} → ${d.record_type} ${d.record_id}`).join(', ') },
      params: { count, dependents: named },
    });

  // Newest first: a match's incidents before the match, a round's matches before the round.
  for (const r of records) {
    const type = String(r.resource_type);
    const target = modelOf(type);
    const id = String(r.record_id);
    const exists = await ctx.db.selectFrom(target.table).select('id').where('id', '=', Number(id)).where('client_id', '=', ctx.clientId).executeTakeFirst();
    if (!exists) continue; // deleted meanwhile (by staff, or with a parent this undo removed)
    await deleteRecord(ctx, target, id);
  }

  const at = nowIso();
  const after = await ctx.db
    .updateTable('imports')
    .set({
      status: 'undone',
      undone_at: toDb(ctx.dialect, 'datetime', at),
      undone_by: ctx.actor,
      updated_at: toDb(ctx.dialect, 'datetime', nextUpdatedAt(before.updated_at)),
    })
    .where('id', '=', Number(before.id))
    .where('client_id', '=', ctx.clientId)
    .returning(imports.readColumns)
    .executeTakeFirstOrThrow();
  await recordAudit(ctx, 'update', 'imports', String(before.id), {
    status: { before: 'committed', after: 'undone' },
    undone_at: { before: null, after: at },
    undone_by: { before: null, after: ctx.actor },
  });
  publish(ctx, imports, 'update', String(before.id), before, after);
}

/** The types of the records an import created (the route checks the user may delete each). */
export async function createdTypesOf(ctx: WriteContext, importId: number): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('import_records')
    .select('resource_type')
    .distinct()
    .where('import_id', '=', importId)
    .where('client_id', '=', ctx.clientId)
    .where('action', '=', 'created')
    .execute();
  return rows.map((r) => String(r.resource_type));
}
