import { sameJson } from '@umpire/schema';
import type { MatchChanges } from './api';
import type { MatchInfo } from './types';

/** The fields of a match a person types in (score and status follow from the incidents). */
export const ATTRIBUTES = ['kickoff_at', 'referee', 'attendance'] as const;
export const LINKS = [
  ['round', 'round_id'],
  ['group', 'group_id'],
  ['venue', 'venue_id'],
  ['home_squad', 'home_squad_id'],
  ['away_squad', 'away_squad_id'],
] as const;
export const PROVIDERS = 'transmission_providers_ids';

export type FormRecord = Record<string, unknown> & { id: string };

export function recordOf(m: MatchInfo): FormRecord {
  return {
    id: m.id,
    kickoff_at: m.kickoff_at,
    referee: m.referee,
    attendance: m.attendance,
    round_id: m.round_id,
    group_id: m.group_id,
    venue_id: m.venue_id,
    home_squad_id: m.home_squad_id,
    away_squad_id: m.away_squad_id,
    [PROVIDERS]: [...m.transmission_providers_ids].sort(),
  };
}

export const same = (a: unknown, b: unknown) => sameJson(a ?? null, b ?? null);
const blank = (v: unknown) => (v === '' || v === undefined ? null : v);

/** What the form changed, as attributes and links of a PATCH. */
export function changesOf(record: FormRecord, values: Record<string, unknown>): MatchChanges {
  // A field missing from the values (a disabled input) is not a change.
  const changed = (key: string) => key in values && values[key] !== undefined && !same(blank(values[key]), blank(record[key]));
  const attributes: Record<string, unknown> = {};
  for (const key of ATTRIBUTES) if (changed(key)) attributes[key] = blank(values[key]);
  const relationships: Record<string, string | null | string[]> = {};
  for (const [name, source] of LINKS) if (changed(source)) relationships[name] = (blank(values[source]) as string | null) ?? null;
  if (Array.isArray(values[PROVIDERS])) {
    const providers = (values[PROVIDERS] as unknown[]).map(String).sort();
    if (!same(providers, record[PROVIDERS])) relationships.transmission_providers = providers;
  }
  return { attributes, relationships };
}

