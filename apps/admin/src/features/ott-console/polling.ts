import type { RaRecord } from 'react-admin';

export const POLL_MS = 1000;
const ACTIVE_JOB_STATES = ['CREATED', 'QUEUED', 'RUNNING'];

/** A job still moving: its progress bar must follow. */
export const isActiveJob = (record: RaRecord | undefined) => !!record && ACTIVE_JOB_STATES.includes(String(record.state));

/** A react-query refetch interval: every second while any job moves, every 5 s while any event is live. */
export function pollJobs(records: readonly RaRecord[] | undefined): number | false {
  return records?.some(isActiveJob) ? POLL_MS : false;
}

export function pollEvents(records: readonly RaRecord[] | undefined): number | false {
  return records?.some((r) => r.status === 'live') ? 5 * POLL_MS : false;
}

/** A progress value for a bar: 0 to 100, whatever the record holds. */
export const progressOf = (record: RaRecord | undefined): number => Math.max(0, Math.min(100, Number(record?.progress ?? 0) || 0));
