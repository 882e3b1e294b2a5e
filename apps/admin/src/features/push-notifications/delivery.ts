import type { RaRecord } from 'react-admin';
import { PUSH_EDITABLE_STATUSES } from '@umpire/schema';

/** While a notification is on its way (or due within this window), its screens poll for counts. */
const DUE_SOON_MS = 60_000;
export const POLL_MS = 1000;

export const isEditable = (record: RaRecord | undefined) => !record || (PUSH_EDITABLE_STATUSES as readonly string[]).includes(String(record.status ?? 'draft'));

/** Sending now, or scheduled and due (or nearly): its counts are about to change. */
export function isLive(record: RaRecord | undefined, now = Date.now()): boolean {
  if (!record) return false;
  if (record.status === 'sending') return true;
  return record.status === 'scheduled' && !!record.send_at && Date.parse(String(record.send_at)) <= now + DUE_SOON_MS;
}

/** A react-query refetch interval: poll while any of the records is live. */
export function pollWhileLive(records: readonly RaRecord[] | undefined): number | false {
  return records?.some((r) => isLive(r)) ? POLL_MS : false;
}
