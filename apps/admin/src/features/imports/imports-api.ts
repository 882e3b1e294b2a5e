import { getRuntime } from '../../lib/configuration';
import { currentLanguage } from '../../lib/i18n';
import { readStoredToken } from '../../lib/token';
import { appHttpClient } from '../../providers/json-api';
import { ACCEPT, authorizationFor, readCookie, XSRF_COOKIE, XSRF_HEADER, type JsonApiError } from '../../providers/http-client';

/**
 * The imports API (issue 26): POST /imports (multipart, `?dry_run=true` for the report) sent with
 * XMLHttpRequest, the browser API that reports upload progress, with the app's headers; undo
 * (DELETE /imports/{id}) through the app's HTTP client.
 */
export type ImportKind = 'fixtures' | 'results' | 'clubs' | 'squads' | 'players';
export type RowAction = 'create' | 'update' | 'skip' | 'error';

export interface CellMatch {
  column: string;
  type: string;
  value: string;
  status: 'exact' | 'fuzzy' | 'ambiguous' | 'none' | 'chosen' | 'new';
  record: { id: string; label: string } | null;
  candidates: { id: string; label: string }[];
}

export interface ReportRow {
  row: number;
  action: RowAction;
  type: string;
  record: { id: string | null; label: string };
  changes: Record<string, unknown>;
  matches: CellMatch[];
  warnings: JsonApiError[];
  errors: JsonApiError[];
}

export interface ImportReport {
  kind: ImportKind;
  file_name: string;
  format: 'csv' | 'xlsx';
  headers: string[];
  mapping: Record<string, string>;
  fields: { name: string; required?: boolean }[];
  mapping_errors: JsonApiError[];
  totals: { rows: number; create: number; update: number; skip: number; error: number; warnings: number; errors: number };
  summary: Record<string, { created: number; updated: number; skipped: number }>;
  /** Per type, every record a name may be set to. */
  choices: Record<string, { id: string; label: string }[]>;
  rows: ReportRow[];
}

export interface ImportRequest {
  kind: ImportKind;
  file: File;
  mapping?: Record<string, string>;
  /** `"row:column"` → the record chosen (or `new`). */
  matches?: Record<string, string>;
  targets: Record<string, string>;
}

export class ImportFailure extends Error {
  constructor(
    readonly status: number,
    readonly errors: JsonApiError[],
  ) {
    super(errors[0]?.detail ?? errors[0]?.title ?? String(status));
  }
}

export const importsBase = () => `${getRuntime().urls.umpire.replace(/\/+$/, '')}/imports`;

/** Sends the file and its choices; `onProgress` follows the upload (0–1), then the server works. */
export function sendImport(request: ImportRequest, dryRun: boolean, onProgress?: (fraction: number) => void): Promise<{ status: number; body: { data: { id: string; attributes: Record<string, unknown> }; meta?: { report?: ImportReport } } }> {
  const url = `${importsBase()}${dryRun ? '?dry_run=true' : ''}`;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', ACCEPT);
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    const token = readStoredToken();
    if (token) xhr.setRequestHeader('Authorization', authorizationFor(url, token));
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf !== null && !/^[a-z]+:\/\//i.test(url)) xhr.setRequestHeader(XSRF_HEADER, xsrf);
    xhr.upload.onprogress = (event) => onProgress?.(event.lengthComputable && event.total ? event.loaded / event.total : 0);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // Not JSON (a proxy's page): the status speaks for it.
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve({ status: xhr.status, body: body as never });
      else reject(new ImportFailure(xhr.status, (body as { errors?: JsonApiError[] } | null)?.errors ?? []));
    };
    xhr.onerror = () => reject(new ImportFailure(0, []));
    const form = new FormData();
    form.append('kind', request.kind);
    if (request.mapping) form.append('mapping', JSON.stringify(request.mapping));
    if (request.matches && Object.keys(request.matches).length) form.append('matches', JSON.stringify(request.matches));
    for (const [name, value] of Object.entries(request.targets)) if (value) form.append(name, value);
    form.append('file', request.file, request.file.name);
    xhr.send(form);
  });
}

/** Undo: what the import created goes; refused (409) with the reason when later records depend on it. */
export async function undoImport(id: string): Promise<void> {
  await appHttpClient()(`${importsBase()}/${id}`, { method: 'DELETE' });
}
