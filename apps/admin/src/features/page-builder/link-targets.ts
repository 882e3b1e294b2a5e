import type { RaRecord } from 'react-admin';
import type { ResourceManifest } from '@umpire/schema/manifest';
import { recordRepresentation } from '../../framework/representation';
import { formatDateTime } from '../../lib/locale';

/**
 * What a link editor shows of its picked records, pure: their names, whether each is still
 * there, and the list edits (add once, at most `max`, remove).
 */

/**
 * How a picked record is named: its title field; resources whose title is translated (OTT
 * formats, playlists and events declare no title field of their own) by their `title` or
 * `name`; others as the framework names them.
 */
export function targetNameOf(def: ResourceManifest | undefined): (record: RaRecord) => string {
  const named = def?.titleAttribute ?? def?.attributes.find((a) => (a.name === 'title' || a.name === 'name') && a.type === 'string')?.name;
  // Events of the same match share a title: their start tells them apart.
  const starts = !def?.titleAttribute && def?.attributes.some((a) => a.name === 'starts_at' && a.type === 'datetime');
  const fallback = recordRepresentation(def);
  const other = typeof fallback === 'function' ? fallback : (record: RaRecord) => text(record[fallback]) ?? `#${record.id}`;
  return (record) => {
    const name = named ? text(record[named]) : undefined;
    if (name === undefined) return other(record);
    const start = starts ? text(record.starts_at) : undefined;
    return start ? `${name} (${formatDateTime(start)})` : name;
  };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : undefined);

export type PickedState = 'loading' | 'found' | 'missing';

export interface PickedTarget {
  id: string;
  state: PickedState;
  record?: RaRecord;
}

/**
 * The picked ids in their order with their records. Once the records are fetched (`settled`), an
 * id without one no longer exists (or is not the client's): it is shown as such, never dropped
 * silently, so the editor can remove it.
 */
export function pickedTargets(ids: readonly string[], records: readonly RaRecord[] | undefined, settled: boolean): PickedTarget[] {
  const byId = new Map((records ?? []).map((r) => [String(r.id), r]));
  return ids.map((id) => {
    const record = byId.get(id);
    if (record) return { id, state: 'found', record };
    return { id, state: settled ? 'missing' : 'loading' };
  });
}

/** The ids with `id` added at the end, once; unchanged when it is there already or the list is full. */
export function addTarget(ids: readonly string[], id: string, max?: number): string[] {
  if (ids.includes(id) || (max !== undefined && ids.length >= max)) return [...ids];
  return [...ids, id];
}

export const removeTarget = (ids: readonly string[], id: string): string[] => ids.filter((i) => i !== id);
