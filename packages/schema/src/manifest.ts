import type { AttributeType, ResourceDef, SectionName } from './resource';

/**
 * What the frame knows about a resource: the declaration of packages/schema without its zod
 * schemas. Built at build time by the admin (apps/admin/vite/resource-manifest-plugin.ts) and imported as
 * `virtual:umpire/resources`; screens that validate load the schemas lazily.
 */
export interface AttributeManifest {
  name: string;
  type: AttributeType;
  required: boolean;
  filter: false | true | 'range';
  sort: boolean;
  search: boolean;
  readOnly: boolean;
  unique: boolean;
  list: boolean;
  default?: unknown;
  /** Allowed values when the schema is an enumeration. */
  choices?: string[];
  /** Allowed values of each item when the schema is a list of an enumeration (a page type's visibility). */
  itemChoices?: string[];
}

export interface RelationshipManifest {
  name: string;
  kind: 'belongsTo' | 'hasMany' | 'manyToMany';
  type: string;
  required: boolean;
  /** Form field holding the id of a belongsTo relationship (`club_id`). */
  source?: string;
}

export interface ResourceManifest {
  type: string;
  path: string;
  section: SectionName;
  titleAttribute?: string;
  defaultSort?: string;
  readOnly: boolean;
  /** Records only the server creates (fans' quiz attempts): no create screen. */
  serverCreated?: boolean;
  newestFirst: boolean;
  attributes: AttributeManifest[];
  relationships: RelationshipManifest[];
  /** Links to records of several types (ResourceDef.links): `<name>_ids` (many) or `<name>_id` in a record. */
  links?: { name: string; type: string; many: boolean }[];
}

/** The enumeration of a list's items (`z.array(z.enum([...]))`). */
function itemEnumChoices(schema: unknown): string[] | undefined {
  const element = (schema as { element?: unknown } | undefined)?.element;
  return element ? enumChoices(element) : undefined;
}

function enumChoices(schema: unknown): string[] | undefined {
  // zod 4: z.enum(...) exposes its values as `options`.
  const options = (schema as { options?: unknown } | undefined)?.options;
  return Array.isArray(options) && options.every((o) => typeof o === 'string') ? [...options] : undefined;
}

export function toManifest(resources: readonly ResourceDef[]): ResourceManifest[] {
  return resources.map((r) => ({
    type: r.type,
    path: r.path ?? r.type,
    section: r.section,
    titleAttribute: r.titleAttribute,
    defaultSort: r.defaultSort,
    readOnly: !!r.readOnly,
    ...(r.serverCreated ? { serverCreated: true } : {}),
    newestFirst: !!r.newestFirst,
    // Translated attributes are read and written like the others, in the locale of the request.
    attributes: [...Object.entries(r.attributes), ...Object.entries(r.translations?.attributes ?? {})].map(([name, a]) => ({
      name,
      type: a.type,
      required: !!a.required,
      filter: a.filter ?? false,
      sort: !!a.sort,
      search: !!a.search,
      readOnly: !!a.readOnly,
      unique: !!a.unique,
      list: !!a.list,
      ...(a.default !== undefined ? { default: a.default } : {}),
      ...(enumChoices(a.schema) ? { choices: enumChoices(a.schema) } : {}),
      ...(itemEnumChoices(a.schema) ? { itemChoices: itemEnumChoices(a.schema) } : {}),
    })),
    relationships: Object.entries(r.relationships).map(([name, rel]) => ({
      name,
      kind: rel.kind,
      type: rel.type,
      required: rel.kind === 'belongsTo' && !!rel.required,
      ...(rel.kind === 'belongsTo' ? { source: `${name}_id` } : {}),
    })),
    ...(r.links ? { links: Object.entries(r.links.names).map(([name, l]) => ({ name, type: l.target, many: !!l.many })) } : {}),
  }));
}
