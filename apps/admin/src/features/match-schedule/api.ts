import { getRuntime } from '../../lib/configuration';
import { readStoredToken } from '../../lib/token';
import { trustedOrigins } from '../../lib/environment';
import { PopupStore } from '../../lib/popups';
import { resourceDef } from '../../framework/definitions';
import { createHttpClient, HttpFailure, type HttpClient, type JsonApiError } from '../../providers/http-client';
import { errorMessage, filterParams } from '../../providers/data-provider';

/**
 * The calls of bulk edits and postponements (issue 26): PATCH /matches with a selection and the
 * changes, POST /matches/{id}/postponement and /rounds/{id}/postponement, each with `dry_run` for
 * the preview. Errors are answered in the dialog, next to what they concern, so the client's
 * pop-ups stay silent.
 */
export interface Named {
  id: string;
  name: string | null;
}

export interface ScheduleSide {
  kickoff_at: string;
  status: string;
  venue: Named | null;
  round: Named;
}

export interface ScheduleRow {
  id: string;
  home: Named | null;
  away: Named | null;
  before: ScheduleSide;
  after: ScheduleSide;
  errors: JsonApiError[];
}

export interface ScheduleConflict {
  kind: 'club_same_day' | 'venue_same_time';
  matches: string[];
  club?: Named;
  venue?: Named;
  date?: string;
}

export interface ScheduleAnswer {
  meta: {
    dry_run: boolean;
    count: number;
    valid?: boolean;
    matches: ScheduleRow[];
    conflicts: ScheduleConflict[];
    skipped?: { id: string; status: string }[];
    notifications?: string[];
  };
}

/** Which matches: those ticked in the list, or every one the list's filter shows. */
export type Selection = { ids: string[] } | { filter: Record<string, unknown> };

export interface BulkChanges {
  kickoff_date?: string;
  kickoff_shift?: string;
  kickoff_time?: string;
  venue?: string;
  round?: string;
  status?: string;
}

export interface PostponementInput {
  kickoff_at?: string;
  date?: string;
  reason?: string;
  notify: boolean;
}

export interface MatchScheduleApi {
  bulkEdit(selection: Selection, changes: BulkChanges, dryRun: boolean): Promise<ScheduleAnswer>;
  postpone(target: { kind: 'match' | 'round'; id: string }, input: PostponementInput, dryRun: boolean): Promise<ScheduleAnswer>;
}

const qs = (params: [string, string][]) => (params.length ? `?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}` : '');

/** The bulk body: identifiers in `data`, the changes in `meta`. */
export function bulkBody(selection: Selection, changes: BulkChanges) {
  const attributes = changes.status ? { status: changes.status } : {};
  const relationships = {
    ...(changes.venue ? { venue: { data: { type: 'venues', id: changes.venue } } } : {}),
    ...(changes.round ? { round: { data: { type: 'rounds', id: changes.round } } } : {}),
  };
  return {
    ...('ids' in selection ? { data: selection.ids.map((id) => ({ type: 'matches', id: String(id) })) } : {}),
    meta: {
      attributes,
      relationships,
      ...(changes.kickoff_date ? { kickoff_date: changes.kickoff_date } : {}),
      ...(changes.kickoff_shift ? { kickoff_shift: changes.kickoff_shift } : {}),
      ...(changes.kickoff_time ? { kickoff_time: changes.kickoff_time } : {}),
    },
  };
}

export function createMatchScheduleApi(http: HttpClient, base: () => string): MatchScheduleApi {
  return {
    async bulkEdit(selection, changes, dryRun) {
      const params: [string, string][] = 'filter' in selection ? filterParams(resourceDef('matches'), selection.filter) : [];
      if (dryRun) params.push(['dry_run', 'true']);
      return (await http<ScheduleAnswer>(`${base()}/matches${qs(params)}`, { method: 'PATCH', body: bulkBody(selection, changes) })).body;
    },
    async postpone(target, input, dryRun) {
      const path = `${target.kind === 'match' ? 'matches' : 'rounds'}/${encodeURIComponent(target.id)}/postponement`;
      const attributes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== ''));
      const body = { data: { type: 'match_postponements', attributes } };
      return (await http<ScheduleAnswer>(`${base()}/${path}${dryRun ? '?dry_run=true' : ''}`, { method: 'POST', body })).body;
    },
  };
}

let shared: MatchScheduleApi | null = null;
export function matchScheduleApi(): MatchScheduleApi {
  if (shared) return shared;
  const trusted = trustedOrigins(getRuntime().urls);
  const http = createHttpClient({ getToken: readStoredToken, trustedOrigins: () => trusted, popups: new PopupStore() });
  shared = createMatchScheduleApi(http, () => getRuntime().urls.umpire);
  return shared;
}

/** A failure's error objects, and one sentence for it when it has none. */
export function failureOf(error: unknown, translate: (key: string, options?: Record<string, unknown>) => string): { errors: JsonApiError[]; text: string } {
  if (error instanceof HttpFailure) {
    if (error.kind === 'network') return { errors: [], text: translate('apiErrors.networkError') };
    const errors = error.errors;
    return { errors, text: errors[0] ? errorMessage(errors[0]) : translate('http.failureResponse', { url: error.url, status: error.status, statusText: error.statusText }) };
  }
  return { errors: [], text: translate('http.clientError', { message: (error as Error)?.message ?? String(error) }) };
}
