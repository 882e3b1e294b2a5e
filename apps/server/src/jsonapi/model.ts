import {
  RESOURCES,
  foreignKeyOf,
  type AttributeDef,
  type AttributeType,
  type BelongsTo,
  type LinksDef,
  type RelationshipDef,
  type ResourceDef,
} from '@umpire/schema';
import { SEARCH_COLUMN, sortKeyColumn } from '../db/columns';
import { AVAILABLE_ATTRIBUTE, LOCALE_ATTRIBUTE, UPDATED_ATTRIBUTE, type TranslationModel } from './translations';

/** A resource declaration with what the engine derives from it, computed once at start. */
export interface Model {
  def: ResourceDef;
  type: string;
  table: string;
  /** URL path under the API prefix. */
  path: string;
  attributes: Map<string, AttributeDef>;
  /** Every attribute the client reads, timestamps included. */
  attributeTypes: Map<string, AttributeType>;
  relationships: Map<string, RelationshipDef>;
  belongsTo: Map<string, { rel: BelongsTo; fk: string }>;
  /** Relationships of other resources that point here (for delete checks). */
  referencedBy: { model: () => Model; name: string; fk: string; onDelete: NonNullable<BelongsTo['onDelete']> }[];
  /** Text attributes of the free-text search, kept folded in the hidden SEARCH_COLUMN. */
  searchAttributes: string[];
  /** Sortable text attribute → hidden column holding its collation key (see text/collation.ts). */
  sortKeys: Map<string, string>;
  /** The stored columns documents are made of: every column but the hidden ones. */
  readColumns: string[];
  /** Links to records of several types (ResourceDef.links): name → target type, one or many. */
  links: Map<string, { target: string; many: boolean }>;
  linksDef?: LinksDef;
  /** Per-locale attributes kept in a table of their own (translations.ts). */
  translation?: TranslationModel;
}

const isText = (a: AttributeDef) => a.type === 'string' || a.type === 'text';
// Enumerations are codes: their labels are translated, so no language orders them.
const isEnumeration = (a: AttributeDef) => (a.schema.def as { type?: string }).type === 'enum';

export const TIMESTAMPS: [string, AttributeType][] = [
  ['created_at', 'datetime'],
  ['updated_at', 'datetime'],
];

const models = new Map<string, Model>();

function build(def: ResourceDef): Model {
  const attributeTypes = new Map<string, AttributeType>(Object.entries(def.attributes).map(([n, a]) => [n, a.type]));
  let translation: TranslationModel | undefined;
  if (def.translations) {
    const tr = def.translations;
    const entries = Object.entries(tr.attributes);
    translation = {
      table: tr.table,
      parentKey: tr.parentKey,
      locales: [...tr.locales],
      attributes: new Map(entries),
      searchAttributes: entries.filter(([, a]) => a.search && isText(a)).map(([n]) => n),
      columns: entries.map(([n]) => n),
    };
    attributeTypes.set(LOCALE_ATTRIBUTE, 'string');
    for (const [n, a] of entries) attributeTypes.set(n, a.type);
    attributeTypes.set(AVAILABLE_ATTRIBUTE, 'json');
    attributeTypes.set(UPDATED_ATTRIBUTE, 'json');
  }
  for (const [n, t] of TIMESTAMPS) attributeTypes.set(n, t);
  const belongsTo = new Map<string, { rel: BelongsTo; fk: string }>();
  for (const [name, rel] of Object.entries(def.relationships))
    if (rel.kind === 'belongsTo') belongsTo.set(name, { rel, fk: foreignKeyOf(name, rel) });
  const attributes = Object.entries(def.attributes);
  const sortKeys = new Map(attributes.filter(([, a]) => a.sort && isText(a) && !isEnumeration(a)).map(([n]) => [n, sortKeyColumn(n)]));
  const searchAttributes = attributes.filter(([, a]) => a.search && isText(a)).map(([n]) => n);
  const readColumns = ['id', 'client_id', ...attributes.map(([n]) => n), ...[...belongsTo.values()].map((b) => b.fk), ...TIMESTAMPS.map(([n]) => n)];
  for (const hidden of [SEARCH_COLUMN, ...sortKeys.values()])
    if (readColumns.includes(hidden)) throw new Error(`${def.type}.${hidden} is the name of a hidden column of the engine`);
  return {
    def,
    type: def.type,
    table: def.table,
    path: def.path ?? def.type,
    attributes: new Map(Object.entries(def.attributes)),
    attributeTypes,
    relationships: new Map(Object.entries(def.relationships)),
    belongsTo,
    referencedBy: [],
    searchAttributes,
    sortKeys,
    readColumns,
    links: new Map(Object.entries(def.links?.names ?? {}).map(([n, l]) => [n, { target: l.target, many: l.many === true }])),
    linksDef: def.links,
    translation,
  };
}

for (const def of RESOURCES as unknown as ResourceDef[]) models.set(def.type, build(def));
for (const m of models.values())
  for (const [name, { rel, fk }] of m.belongsTo) {
    const target = models.get(rel.type);
    if (!target) throw new Error(`${m.type}.${name} points to unknown type ${rel.type}`);
    target.referencedBy.push({ model: () => m, name, fk, onDelete: rel.onDelete ?? 'restrict' });
  }
// Declarations are checked at start so a typo fails fast, not on the first request.
for (const m of models.values())
  for (const [name, rel] of m.relationships) {
    const target = models.get(rel.type);
    if (!target) throw new Error(`${m.type}.${name} points to unknown type ${rel.type}`);
    if (rel.kind === 'hasMany' && !target.belongsTo.has(rel.inverse))
      throw new Error(`${m.type}.${name}: ${rel.type} has no belongsTo ${rel.inverse}`);
    if (rel.kind === 'manyToMany') {
      const through = models.get(rel.through);
      if (!through?.belongsTo.has(rel.from) || !through.belongsTo.has(rel.to))
        throw new Error(`${m.type}.${name}: bad manyToMany through ${rel.through}`);
    }
  }

export function modelOf(type: string): Model {
  const m = models.get(type);
  if (!m) throw new Error(`Unknown resource type ${type}`);
  return m;
}

export function findModel(type: string): Model | undefined {
  return models.get(type);
}

const byTable = new Map([...models.values()].map((m) => [m.table, m]));

export function findModelByTable(table: string): Model | undefined {
  return byTable.get(table);
}

/** Resources that link (ResourceDef.links) to records of `type`, with the names of those links. */
export function linkersOf(type: string): { model: Model; names: string[] }[] {
  const out: { model: Model; names: string[] }[] = [];
  for (const m of models.values()) {
    const names = [...m.links].filter(([, l]) => l.target === type).map(([n]) => n);
    if (names.length) out.push({ model: m, names });
  }
  return out;
}

export function allModels(): Model[] {
  return [...models.values()];
}
