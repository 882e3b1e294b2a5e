import type { RaRecord } from 'react-admin';
import type { ResourceManifest } from '@umpire/schema/manifest';
import { belongsTo } from './conventions';

/**
 * CSV export of a list: the declared fields under their translated names. A byte-order mark
 * makes spreadsheet programs read Polish characters as UTF-8.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(def: ResourceManifest, records: RaRecord[], label: (source: string) => string): string {
  const sources = [
    'id',
    ...def.attributes.map((a) => a.name),
    ...belongsTo(def).map((r) => r.source!),
    'created_at',
    'updated_at',
  ];
  const lines = [sources.map((s) => csvCell(label(s))).join(',')];
  for (const record of records) lines.push(sources.map((s) => csvCell(record[s])).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
