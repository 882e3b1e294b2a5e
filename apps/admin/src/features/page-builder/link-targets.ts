import type { RaRecord } from 'react-admin';
import type { ResourceManifest } from '@umpire/schema/manifest';
import { recordRepresentation } from '../../framework/representation';
import { formatDateTime, formatMatchDateTime } from '../../lib/locale';

/**
 * What a link editor shows of its picked records, pure: their names, whether each is still
 * there, and the list edits (add once, at most `max`, remove).
 */

/**
 * How a picked record is named: as TARGET_PICKING says (matches, players), else its title field;
 * resources whose title is translated (OTT formats, playlists and events declare no title field of
 * their own) by their `title` or `name`; others as the framework names them.
 */
export function targetNameOf(def: ResourceManifest | undefined): (record: RaRecord) => string {
  const own = def ? TARGET_PICKING[def.type]?.nameOf : undefined;
  const generic = genericNameOf(def);
  return own ? (record) => own(record) ?? generic(record) : generic;
}

function genericNameOf(def: ResourceManifest | undefined): (record: RaRecord) => string {
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

/**
 * Targets staff know otherwise than the generic conventions name them: a match (no title of its
 * own, so named by its kick-off and found by its referee) by its two sides and found by its clubs'
 * names (`filter[club_search]`: "lodz" finds Łódź), its sides' clubs read with it; a player (whose
 * title is the last name) by the whole name.
 */
export interface TargetPicking {
  /** Included with the records: what the name is made of. */
  include?: string[];
  filterToQuery?: (search: string) => Record<string, string>;
  /** The record's name; undefined: the generic one. */
  nameOf?: (record: RaRecord) => string | undefined;
}

const sideName = (squad: unknown): string | undefined => {
  const s = squad as { name?: unknown; team?: { name?: unknown; club?: { name?: unknown } | null } | null } | null | undefined;
  return text(s?.team?.club?.name) ?? text(s?.team?.name) ?? text(s?.name);
};

export const TARGET_PICKING: Readonly<Partial<Record<string, TargetPicking>>> = {
  matches: {
    include: ['home_squad.team.club', 'away_squad.team.club'],
    filterToQuery: (search): Record<string, string> => (search.trim() ? { club_search: search.trim() } : {}),
    nameOf: (record) => {
      const [home, away] = [sideName(record.home_squad), sideName(record.away_squad)];
      if (!home || !away) return undefined;
      const kickoff = text(record.kickoff_at);
      return kickoff ? `${home} – ${away} (${formatMatchDateTime(kickoff)})` : `${home} – ${away}`;
    },
  },
  players: {
    nameOf: (record) => {
      const name = [text(record.first_name), text(record.last_name)].filter(Boolean).join(' ');
      return name || undefined;
    },
  },
};

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
