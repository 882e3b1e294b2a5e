import { pointerSegment, type ValidationFailure, type ValidationKey } from '../validators';
import { componentKindDef, LINK_CATALOGUE, type ComponentFieldDef, type LinkName } from './component-kinds';
import type { ComponentOwnerType, PageArea, PageKind } from './enums';
import { hasValidIndex } from './ordering';
import { TEMPLATE_DEFS, type TemplateKind } from './templates';

/** One linked record as given: an id, or a JSON:API resource identifier. */
export type LinkValue = string | number | { type?: unknown; id?: unknown } | null;

export interface ComponentInput {
  kind: unknown;
  index?: unknown;
  settings?: unknown;
  /** Link name → one id (or null) or a list of ids, as given in the document's relationships. */
  links?: Record<string, LinkValue | LinkValue[] | undefined>;
}

/** Where the component would live. */
export interface ComponentPlace {
  owner: ComponentOwnerType;
  /** Kind of the page's type, when the owner is a page. */
  pageKind?: PageKind | null;
  /** Area of the global page element, when the owner is one. */
  area?: PageArea | null;
  /** The template kind of the page's type: the links its record fills are not demanded. */
  template?: TemplateKind | null;
}

export interface ComponentIssue {
  /** JSON:API pointer: `/data/attributes/settings/url`, `/data/relationships/club/data`. */
  pointer: string;
  /** Field or link name the message names. */
  field: string;
  key: ValidationKey;
  params?: Record<string, string | number>;
}

export interface ValidateOptions {
  /** Whether a target type is registered (pickable); by default every declared target is. */
  isTargetAvailable?: (target: string) => boolean;
  /** When false, links not given are not reported as missing (a partial update). Default true. */
  requireLinks?: boolean;
  /** When false, fields not given are not reported as missing. Default true. */
  requireFields?: boolean;
}

const ID_PATTERN = /^[1-9]\d{0,14}$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** A rich-text document of the editor: `{ type: 'doc', content: [...] }`, not empty of text. */
function richTextHasContent(node: unknown, depth = 0): boolean {
  if (depth > 50 || !isObject(node)) return false;
  if (typeof node.text === 'string' && node.text.trim() !== '') return true;
  if (node.type === 'image' || node.type === 'horizontalRule') return true;
  return Array.isArray(node.content) && node.content.some((c) => richTextHasContent(c, depth + 1));
}

function checkField(def: ComponentFieldDef, value: unknown, pointer: string, field: string, parent: Record<string, unknown>, issues: ComponentIssue[], requireFields: boolean) {
  const push = (f: ValidationFailure | { key: ValidationKey; params?: Record<string, string | number> }) =>
    issues.push({ pointer, field, key: f.key, ...(f.params ? { params: f.params } : {}) });
  if (isEmpty(value)) {
    if (def.required && requireFields) push({ key: def.type === 'object_list' ? 'atLeastOneItemRequired' : 'required' });
    else for (const v of def.validators ?? []) { const f = v(value, { parent }); if (f) return push(f); }
    return;
  }
  switch (def.type) {
    case 'string':
    case 'text':
    case 'url':
      if (typeof value !== 'string') return push({ key: 'invalidType' });
      break;
    case 'rich_text': {
      const format = parent.format === 'plain' ? 'plain' : 'rich';
      if (format === 'plain') {
        if (typeof value !== 'string') return push({ key: 'invalidType' });
        if (value.trim() === '') return push({ key: 'whitespace' });
        if (value.length > 100_000) return push({ key: 'maxLength', params: { max: 100_000 } });
      } else {
        if (!isObject(value) || value.type !== 'doc' || !Array.isArray(value.content)) return push({ key: 'invalidType' });
        if (!richTextHasContent(value)) return push({ key: def.required ? 'required' : 'whitespace' });
        if (JSON.stringify(value).length > 500_000) return push({ key: 'maxLength', params: { max: 500_000 } });
      }
      break;
    }
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return push({ key: 'invalidType' });
      break;
    case 'boolean':
      if (typeof value !== 'boolean') return push({ key: 'invalidType' });
      break;
    case 'enum':
      if (typeof value !== 'string' || !(def.enum ?? []).includes(value)) return push({ key: 'invalidEnum' });
      break;
    case 'enum_list':
      if (!Array.isArray(value)) return push({ key: 'invalidType' });
      if (value.some((v) => typeof v !== 'string' || !(def.enum ?? []).includes(v))) return push({ key: 'invalidEnum' });
      if (new Set(value).size !== value.length) return push({ key: 'unique' });
      break;
    case 'datetime':
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value)) || !/T\d{2}:\d{2}/.test(value)) return push({ key: 'invalidDateTime' });
      break;
    case 'page':
      if (typeof value !== 'string') return push({ key: 'invalidType' });
      if (!ID_PATTERN.test(value)) return push({ key: 'notFound' });
      break;
    case 'object_list': {
      if (!Array.isArray(value)) return push({ key: 'invalidType' });
      if (value.length > 50) return push({ key: 'maxLength', params: { max: 50 } });
      if (!def.item) break; // no shape of its own: its validators say what it may hold
      value.forEach((item, i) => {
        if (!isObject(item)) {
          issues.push({ pointer: `${pointer}/${i}`, field, key: 'invalidType' });
          return;
        }
        for (const name of Object.keys(item))
          if (!def.item?.[name]) issues.push({ pointer: `${pointer}/${i}/${pointerSegment(name)}`, field: name, key: 'unknownAttribute' });
        for (const [name, sub] of Object.entries(def.item ?? {})) checkField(sub, item[name], `${pointer}/${i}/${name}`, name, item, issues, true);
      });
      break;
    }
  }
  for (const v of def.validators ?? []) {
    const f = v(value, { parent });
    if (f) return push(f);
  }
}

function linkIds(value: LinkValue | LinkValue[] | undefined): { ids: (string | null)[]; many: boolean } {
  const one = (v: LinkValue): string | null => {
    if (v === null) return null;
    if (isObject(v)) return v.id === undefined || v.id === null ? '' : String(v.id);
    return String(v);
  };
  if (Array.isArray(value)) return { ids: value.map(one), many: true };
  return { ids: value === undefined ? [] : [one(value)], many: false };
}

/**
 * Checks a component against its kind's declaration and where it would live. The server answers
 * these issues as 422 errors and the admin shows them next to the fields: the same keys on both.
 * It does not check that linked records exist (the server does, for the client).
 */
export function validateComponent(input: ComponentInput, place: ComponentPlace | null, options: ValidateOptions = {}): ComponentIssue[] {
  const issues: ComponentIssue[] = [];
  const available = options.isTargetAvailable ?? (() => true);
  const requireLinks = options.requireLinks ?? true;
  const requireFields = options.requireFields ?? true;
  // On a template's page a link its record fills may stay empty: "the match of this page".
  const filled = new Set<string>(place?.owner === 'page' && place.template ? TEMPLATE_DEFS[place.template].fills : []);
  if (isEmpty(input.kind)) return [{ pointer: '/data/attributes/kind', field: 'kind', key: 'required' }];
  const def = componentKindDef(String(input.kind));
  if (!def) return [{ pointer: '/data/attributes/kind', field: 'kind', key: 'invalidEnum' }];
  if (input.index !== undefined && !hasValidIndex(input.index))
    issues.push({ pointer: '/data/attributes/index', field: 'index', key: typeof input.index === 'number' && Number.isInteger(input.index) ? 'min' : 'invalidType', params: { min: 0 } });

  if (place) {
    const allowed =
      def.owners.includes(place.owner) &&
      (place.owner !== 'page' || (place.pageKind != null && def.pageKinds.includes(place.pageKind))) &&
      (place.owner !== 'global_page_element' || (place.area != null && def.areas.includes(place.area)));
    if (!allowed)
      issues.push({
        pointer: '/data/attributes/kind',
        field: 'kind',
        key: 'componentKindNotAllowed',
        params: { kind: def.kind, place: place.owner === 'page' ? (place.pageKind ?? 'page') : place.owner === 'global_page_element' ? (place.area ?? place.owner) : place.owner },
      });
  }

  const settings = input.settings ?? {};
  if (!isObject(settings)) issues.push({ pointer: '/data/attributes/settings', field: 'settings', key: 'invalidType' });
  else {
    for (const name of Object.keys(settings))
      if (!def.fields[name]) issues.push({ pointer: `/data/attributes/settings/${pointerSegment(name)}`, field: name, key: 'unknownAttribute' });
    for (const [name, field] of Object.entries(def.fields))
      checkField(field, settings[name], `/data/attributes/settings/${name}`, name, settings, issues, requireFields);
  }

  const links = input.links ?? {};
  for (const name of Object.keys(links)) {
    const pointer = `/data/relationships/${pointerSegment(name)}`;
    const declared = (def.links as Record<string, { required?: boolean; max?: number } | undefined>)[name];
    const entry = (LINK_CATALOGUE as Record<string, { target: string; many?: boolean } | undefined>)[name];
    if (!declared || !entry) {
      issues.push({ pointer, field: name, key: 'unknownLink', params: { kind: def.kind } });
      continue;
    }
    const { ids, many } = linkIds(links[name]);
    if (many !== (entry.many === true)) {
      issues.push({ pointer: `${pointer}/data`, field: name, key: 'invalidType', params: { expected: entry.many ? 'array' : entry.target } });
      continue;
    }
    const given = ids.filter((id) => id !== null);
    if (given.length && !available(entry.target)) {
      issues.push({ pointer: `${pointer}/data`, field: name, key: 'linkNotAvailable', params: { type: entry.target } });
      continue;
    }
    const value = links[name];
    const items = Array.isArray(value) ? value : [value];
    items.forEach((item, i) => {
      const p = many ? `${pointer}/data/${i}` : `${pointer}/data`;
      if (item === null || item === undefined) return;
      if (isObject(item) && item.type !== entry.target) issues.push({ pointer: `${p}/type`, field: name, key: 'invalidType', params: { expected: entry.target } });
      else if (!ID_PATTERN.test(ids[i] ?? '')) issues.push({ pointer: isObject(item) ? `${p}/id` : p, field: name, key: 'notFound' });
    });
    if (declared.max !== undefined && given.length > declared.max) issues.push({ pointer: `${pointer}/data`, field: name, key: 'maxLength', params: { max: declared.max } });
    if (declared.required && given.length === 0 && !filled.has(name)) issues.push({ pointer: `${pointer}/data`, field: name, key: 'required' });
  }
  if (requireLinks)
    for (const [name, link] of Object.entries(def.links) as [LinkName, { required?: boolean }][]) {
      if (!link.required || name in links || filled.has(name)) continue;
      if (!available(LINK_CATALOGUE[name].target)) continue; // cannot be picked yet: not demanded
      issues.push({ pointer: `/data/relationships/${name}`, field: name, key: 'required' });
    }
  return issues;
}
