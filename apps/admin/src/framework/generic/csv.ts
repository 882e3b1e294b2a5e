import { downloadCSV, type Exporter, type RaRecord } from 'react-admin';
import { csvLine } from '@umpire/schema';
import type { ResourceManifest } from '@umpire/schema/manifest';
import { belongsTo } from './conventions';

/**
 * CSV exports of lists. Every cell goes through @umpire/schema's csvCell, as the server's exports
 * do, so a fan's display name or comment starting with `=` never runs as a formula in the
 * spreadsheet staff open it in. A byte-order mark makes spreadsheet programs read Polish
 * characters as UTF-8.
 */
export const csvFile = (lines: string[]) => `\uFEFF${lines.join('\r\n')}\r\n`;

/** A declared resource's list: the declared fields under their translated names. */
export function toCsv(def: ResourceManifest, records: RaRecord[], label: (source: string) => string): string {
  const sources = [
    'id',
    ...def.attributes.map((a) => a.name),
    ...belongsTo(def).map((r) => r.source!),
    'created_at',
    'updated_at',
  ];
  const lines = [csvLine(sources.map(label))];
  for (const record of records) lines.push(csvLine(sources.map((s): unknown => record[s])));
  return csvFile(lines);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** A record's fields, nested records flattened under dotted names (`match.home_team.name`), as react-admin's own exporter does. */
function flatten(record: Record<string, unknown>, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, value] of Object.entries(record)) {
    if (isPlainObject(value)) flatten(value, `${prefix}${key}.`, out);
    else out[`${prefix}${key}`] = value;
  }
  return out;
}

/** Any records as CSV: a column per field any of them has, in the order first met. */
export function recordsCsv(records: RaRecord[]): string {
  const rows = records.map((r) => flatten(r));
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return csvFile([csvLine(columns), ...rows.map((r) => csvLine(columns.map((c) => r[c])))]);
}

/**
 * The exporter of lists that are not a declared resource's generic list (comments, audit events,
 * keys, entitlements, jobs): in place of react-admin's default, which writes cells as they are.
 */
export const safeExporter: Exporter = (records: RaRecord[], _fetchRelated, _dataProvider, resource) => downloadCSV(recordsCsv(records), resource ?? 'export');
