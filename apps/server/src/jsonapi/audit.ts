import { clientCollation, withShadows } from './shadow';
import type { WriteContext } from './context';
import { nowIso, toDb } from '../db/values';

/*
 * The history of changes (audit_events, itself a declared resource that staff read): the engine
 * writes an entry in the transaction of every write it makes, and capabilities that write outside
 * the engine's routes (a stream's controls, a delivery key's secret, a publication) add theirs here.
 */

export type Changes = Record<string, { before: unknown; after: unknown }>;

/** One row of the history of changes, written in the caller's transaction. */
export async function recordAudit(
  ctx: WriteContext,
  action: 'create' | 'update' | 'delete',
  resourceType: string,
  resourceId: string,
  changes: Changes,
): Promise<void> {
  const now = toDb(ctx.dialect, 'datetime', nowIso());
  const values = {
    client_id: ctx.clientId,
    action,
    resource_type: resourceType,
    resource_id: resourceId,
    actor: ctx.actor,
    changes: JSON.stringify(changes),
    occurred_at: now,
    created_at: now,
    updated_at: now,
  };
  await ctx.db.insertInto('audit_events').values(withShadows('audit_events', values, await clientCollation(ctx))).execute();
}

/** Several rows of the history in one statement (a reorder moves many components at once). */
export async function recordAudits(
  ctx: WriteContext,
  entries: { action: 'create' | 'update' | 'delete'; resourceType: string; resourceId: string; changes: Changes }[],
): Promise<void> {
  if (!entries.length) return;
  const now = toDb(ctx.dialect, 'datetime', nowIso());
  const collation = await clientCollation(ctx);
  const rows = entries.map((e) =>
    withShadows(
      'audit_events',
      {
        client_id: ctx.clientId, action: e.action, resource_type: e.resourceType, resource_id: e.resourceId, actor: ctx.actor,
        changes: JSON.stringify(e.changes), occurred_at: now, created_at: now, updated_at: now,
      },
      collation,
    ),
  );
  await ctx.db.insertInto('audit_events').values(rows).execute();
}
