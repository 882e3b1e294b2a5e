import type { RaRecord } from 'react-admin';
import type { ResourceManifest } from '@umpire/schema/manifest';
import { formatDate, formatDateTime, formatMatchDateTime } from '../lib/locale';

/**
 * How a record is named in titles and pickers: its title field; for records without one (a
 * match, a lineup entry) the first listed field that reads as a name or a date, with the id.
 */
export function recordRepresentation(def: ResourceManifest | undefined): string | ((record: RaRecord) => string) {
  if (!def) return 'id';
  if (def.titleAttribute) return def.titleAttribute;
  const field = def.attributes.find((a) => a.list && ['string', 'date', 'datetime'].includes(a.type) && !a.choices);
  if (!field) return (record) => `#${record.id}`;
  const format =
    field.name === 'kickoff_at' ? formatMatchDateTime : field.type === 'datetime' ? formatDateTime : field.type === 'date' ? formatDate : String;
  return (record) => {
    const value: unknown = record[field.name];
    return value === null || value === undefined || value === '' ? `#${record.id}` : `${format(value as string)} (#${record.id})`;
  };
}
