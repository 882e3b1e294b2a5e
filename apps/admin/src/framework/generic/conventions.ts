import type { RaRecord } from 'react-admin';
import type { AttributeManifest, RelationshipManifest, ResourceManifest } from '@umpire/schema/manifest';
import { recordRepresentation } from '../representation';

/**
 * How generic screens present an attribute. Types come from the declaration; a few names
 * carry a meaning the type does not (a country, an address, a colour), and screens follow
 * these conventions so a new resource needs no screen code.
 */
export type Widget =
  | 'text'
  | 'multiline'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'matchDate'
  | 'json'
  | 'choice'
  /** Several values of an enumeration, each a checkbox. */
  | 'choices'
  | 'country'
  | 'url'
  | 'email'
  | 'color'
  | 'currency';

export function widgetOf(attr: AttributeManifest): Widget {
  if (attr.choices) return 'choice';
  if (attr.itemChoices) return 'choices';
  if (/^(country|nationality|second_nationality)$|_country$/.test(attr.name)) return 'country';
  if (attr.name === 'website' || attr.name === 'url' || attr.name.endsWith('_url')) return 'url';
  if (attr.name === 'email' || attr.name.endsWith('_email')) return 'email';
  if (attr.name.endsWith('_color') || attr.name === 'color') return 'color';
  if (attr.name === 'price') return 'currency';
  // Spec §1: match dates read "EEEE, dd.MM.yyyy" at the league's fixed offset.
  if (attr.name === 'kickoff_at') return 'matchDate';
  switch (attr.type) {
    case 'text':
      return 'multiline';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'json':
      return 'json';
    default:
      return 'text';
  }
}

export function belongsTo(def: ResourceManifest): RelationshipManifest[] {
  return def.relationships.filter((r) => r.kind === 'belongsTo');
}

/** `-start_date` → react-admin's sort; several keys keep the first (the list header shows one). */
export function defaultSortOf(def: ResourceManifest): { field: string; order: 'ASC' | 'DESC' } {
  const first = (def.defaultSort ?? '').split(',')[0]?.trim();
  if (!first) return { field: 'id', order: 'ASC' };
  return first.startsWith('-') ? { field: first.slice(1), order: 'DESC' } : { field: first, order: 'ASC' };
}

export function writableAttributes(def: ResourceManifest): AttributeManifest[] {
  return def.attributes.filter((a) => !a.readOnly);
}

/**
 * How a reference picker searches its target: the free-text search where the target declares
 * searchable fields, else its title field; sorted by the title when that is sortable.
 */
export function referencePicker(target: ResourceManifest | undefined): {
  optionText: string | ((record: RaRecord) => string);
  sort: { field: string; order: 'ASC' | 'DESC' };
  filterToQuery: (q: string) => Record<string, string>;
} {
  const title = target?.attributes.find((a) => a.name === target.titleAttribute);
  const optionText = recordRepresentation(target);
  const searchable = !!target?.attributes.some((a) => a.search);
  return {
    optionText,
    sort: title?.sort ? { field: title.name, order: 'ASC' } : { field: 'id', order: 'DESC' },
    filterToQuery: (q: string): Record<string, string> => {
      if (!q) return {};
      if (searchable) return { q };
      return title?.filter ? { [title.name]: q } : { id: q };
    },
  };
}
