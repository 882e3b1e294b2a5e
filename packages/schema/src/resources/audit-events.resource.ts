import { z } from 'zod';
import { defineResource } from '../resource';
import { isoDateTime, text } from '../validators';

/** The history of changes, written by the engine in the same transaction as each change. */
export const auditEvents = defineResource({
  type: 'audit_events',
  table: 'audit_events',
  section: 'settings',
  readOnly: true,
  defaultSort: '-id',
  attributes: {
    action: { type: 'string', schema: z.enum(['create', 'update', 'delete']), filter: true, sort: true, list: true },
    resource_type: { type: 'string', schema: text(80), filter: true, sort: true, list: true },
    resource_id: { type: 'string', schema: text(40), filter: true, list: true },
    actor: { type: 'string', schema: text(120), filter: true, sort: true, search: true, list: true },
    changes: { type: 'json', schema: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })) },
    occurred_at: { type: 'datetime', schema: isoDateTime(), filter: 'range', sort: true, list: true },
  },
  relationships: {},
});
