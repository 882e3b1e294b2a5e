import type { RaRecord } from 'react-admin';

/** An entry of the history of changes (`audit_events`). */
export interface AuditEvent extends RaRecord {
  action: 'create' | 'update' | 'delete';
  resource_type: string;
  resource_id: string;
  actor: string;
  changes?: Record<string, { before: unknown; after: unknown }> | null;
  occurred_at: string;
}

export const AUDIT_RESOURCE = 'audit_events';

/** The fields a change touched, without the timestamps every change touches. */
export function changedFields(event: Pick<AuditEvent, 'changes'>): string[] {
  return Object.keys(event.changes ?? {}).filter((f) => f !== 'updated_at' && f !== 'created_at');
}

/** A name for the record from the change itself, useful once the record is gone. */
export function titleFromChanges(event: Pick<AuditEvent, 'changes'>, titleAttribute: string | undefined): string | undefined {
  if (!titleAttribute) return undefined;
  const change = event.changes?.[titleAttribute];
  const value = change?.after ?? change?.before;
  return typeof value === 'string' && value ? value : undefined;
}
