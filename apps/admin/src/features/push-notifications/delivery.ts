import type { RaRecord } from 'react-admin';
import { PUSH_EDITABLE_STATUSES } from '@umpire/schema';

/** While a notification is on its way (or due within this window), its screens poll for counts. */
const DUE_SOON_MS = 60_000;
export const POLL_MS = 1000;

/** Made by the match centre from an incident (issue 41), not written by staff. */
export const isMatchAlert = (record: RaRecord | undefined) => record?.origin === 'match_alert';

/** Staff edit their own drafts and scheduled notifications; a match alert is never edited. */
export const isEditable = (record: RaRecord | undefined) =>
  !record || (!isMatchAlert(record) && (PUSH_EDITABLE_STATUSES as readonly string[]).includes(String(record.status ?? 'draft')));

/**
 * The match a match alert tells of: its link when it has one, else the match its tag names (the
 * contract's matchAlertTag: `m155-i9876`, `m155-kick_off`).
 */
export function alertMatchId(record: RaRecord | undefined): string | null {
  if (!isMatchAlert(record)) return null;
  if (record!.match_id != null && record!.match_id !== '') return String(record!.match_id);
  const tag = /^m(\d+)-/.exec(String(record!.alert_tag ?? ''));
  return tag ? tag[1] : null;
}

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
