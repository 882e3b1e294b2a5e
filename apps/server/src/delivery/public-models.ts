import type { PublicDef } from '@umpire/schema';
import { badParameter } from '../jsonapi/errors';
import { allModels, findModel, type Model } from '../jsonapi/model';
import type { Document, ResourceIdentifier, ResourceObject } from '../jsonapi/read';
import type { Filter, RawQuery } from '../jsonapi/query';
import { LOCALE_ATTRIBUTE } from '../jsonapi/translations';

/**
 * The public side of every declared resource (ResourceDef.public), computed once at start: what
 * of a type websites may read and which of its rows. Every document the delivery API answers goes
 * through `projectDocument`, whatever built it (the engine's lists, a page with everything its
 * components link to, standings): only what is declared public leaves, so a staff-only attribute
 * added to a resource stays staff-only until its declaration says otherwise.
 */
export interface PublicModel {
  model: Model;
  def: PublicDef;
  attributes: Set<string>;
  relationships: Set<string>;
  /** The relationships its documents show: the public ones, and those its capability computes (an article's embedded components), never followed by a query. */
  shown: Set<string>;
  /** Attribute → allowed values: a row is public only when each holds (see `isPublicObject`). */
  where: [string, Set<unknown>][];
}

/** Attributes every public record shows beside its declared ones (a website's `lastmod`). */
const ALWAYS = ['updated_at'];

/**
 * Computed documents that capabilities publish as they are (standings, statistics): their types
 * are not resources, hold only what readers see, and pass the projection whole.
 */
const COMPUTED = new Set<string>();

export function declarePublicComputedType(...types: string[]): void {
  for (const t of types) COMPUTED.add(t);
}

const publicModels = new Map<string, PublicModel>();
for (const model of allModels()) {
  const def = model.def.public;
  if (!def) continue;
  const attributes = new Set([...def.attributes, ...ALWAYS, ...(model.translation ? [LOCALE_ATTRIBUTE] : [])]);
  for (const a of attributes) if (!model.attributeTypes.has(a)) throw new Error(`${model.type}.public names unknown attribute ${a}`);
  for (const a of def.computed?.attributes ?? []) attributes.add(a);
  const where = Object.entries(def.where ?? {}).map(([a, values]): [string, Set<unknown>] => {
    if (!model.attributeTypes.has(a)) throw new Error(`${model.type}.public.where names unknown attribute ${a}`);
    return [a, new Set(values)];
  });
  publicModels.set(model.type, { model, def, attributes, relationships: new Set(def.relationships ?? []), shown: new Set([...(def.relationships ?? []), ...(def.computed?.relationships ?? [])]), where });
}
// A public relationship leads to a public type: checked at start, so a typo fails fast.
for (const pm of publicModels.values())
  for (const name of pm.relationships) {
    const target = pm.model.relationships.get(name)?.type ?? pm.model.links.get(name)?.target;
    if (!target) throw new Error(`${pm.model.type}.public names unknown relationship ${name}`);
    // A component link to a type not registered yet holds nothing: there is nothing to show.
    if (findModel(target) && !publicModels.has(target)) throw new Error(`${pm.model.type}.${name} is public but ${target} is not`);
  }

export function publicModelOf(type: string): PublicModel | undefined {
  return publicModels.get(type);
}

/** Types served by the generic public routes (the others' capabilities serve their own). */
export function routedPublicModels(): PublicModel[] {
  return [...publicModels.values()].filter((pm) => pm.def.routes !== false);
}

/** The tables public records are read from (rows, translations, component links, join tables). */
export function publicTables(): string[] {
  const tables = new Set<string>();
  for (const { model, relationships } of publicModels.values()) {
    tables.add(model.table);
    if (model.translation) tables.add(model.translation.table);
    if (model.linksDef) tables.add(model.linksDef.table);
    for (const name of relationships) {
      const rel = model.relationships.get(name);
      if (rel?.kind === 'manyToMany') tables.add(findModel(rel.through)!.table);
    }
  }
  return [...tables];
}

/** Whether a record (as the engine built it, every attribute still there) is one the public may see. */
export function isPublicObject(obj: ResourceObject): boolean {
  if (COMPUTED.has(obj.type)) return true;
  const pm = publicModels.get(obj.type);
  if (!pm) return false;
  return pm.where.every(([a, values]) => values.has(obj.attributes[a]));
}

/** The engine's filters that keep a list to public rows (`where` of the declaration). */
export function publicRowFilters(pm: PublicModel): Filter[] {
  return pm.where.map(([column, values]) => ({ kind: 'in', column, values: [...values] }));
}

interface Bases {
  /** Where the engine's links point (…/api/v3) and where the public ones do (…/public/v1). */
  from: string;
  to: string;
}

function projectObject(obj: ResourceObject, keep: (id: ResourceIdentifier) => boolean, bases: Bases): ResourceObject {
  if (COMPUTED.has(obj.type)) return relink(obj, keep, bases, null);
  const pm = publicModels.get(obj.type)!;
  const attributes: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj.attributes)) if (pm.attributes.has(k)) attributes[k] = v;
  return relink({ ...obj, attributes }, keep, bases, pm.shown);
}

/** Relationships cut to the public ones, with no identifier of a record the public may not see. */
function relink(obj: ResourceObject, keep: (id: ResourceIdentifier) => boolean, bases: Bases, allowed: Set<string> | null): ResourceObject {
  const { relationships: rels, links, ...rest } = obj;
  const out = { ...rest } as ResourceObject;
  if (rels) {
    const relationships: NonNullable<ResourceObject['relationships']> = {};
    for (const [name, rel] of Object.entries(rels)) {
      if (allowed && !allowed.has(name)) continue;
      const data = Array.isArray(rel.data) ? rel.data.filter(keep) : rel.data && keep(rel.data) ? rel.data : null;
      relationships[name] = { ...rel, data };
    }
    if (Object.keys(relationships).length) out.relationships = relationships;
  }
  if (links?.self) out.links = { self: rebase(links.self, bases) };
  return out;
}

const rebase = (url: string, bases: Bases) => (url.startsWith(bases.from) ? bases.to + url.slice(bases.from.length) : url);

/**
 * A document cut to its public part: records of types or rows the public may not see are left
 * out (and every identifier of them), the others keep only their public attributes and
 * relationships; links point to the delivery API. `null` when the primary record is not public.
 */
export function projectDocument<D extends Partial<Document> & Record<string, unknown>>(doc: D, bases: Bases): D | null {
  const hidden = new Set<string>();
  const data = doc.data as ResourceObject | ResourceObject[] | null | undefined;
  const all = [...(Array.isArray(data) ? data : data ? [data] : []), ...((doc.included) ?? [])];
  const present = new Set<string>();
  for (const o of all) (isPublicObject(o) ? present : hidden).add(`${o.type}:${o.id}`);
  // A record not in the document: public when its type is and has no row condition (a match's round).
  const keep = (id: ResourceIdentifier) => {
    const key = `${id.type}:${id.id}`;
    if (hidden.has(key)) return false;
    if (COMPUTED.has(id.type) || present.has(key)) return true;
    const pm = publicModels.get(id.type);
    return !!pm && !pm.where.length;
  };
  const visible = (o: ResourceObject) => !hidden.has(`${o.type}:${o.id}`);
  let projected: ResourceObject | ResourceObject[] | null | undefined;
  if (Array.isArray(data)) projected = data.filter(visible).map((o) => projectObject(o, keep, bases));
  else if (data) {
    if (!visible(data)) return null;
    projected = projectObject(data, keep, bases);
  } else projected = data;
  const out: Record<string, unknown> = { ...doc, data: projected };
  if (doc.included) out.included = (doc.included).filter(visible).map((o) => projectObject(o, keep, bases));
  if (doc.links) out.links = Object.fromEntries(Object.entries(doc.links).map(([k, v]) => [k, v && rebase(v, bases)]));
  return out as D;
}

/** One record as the public may see it, or null when it may not see it at all. */
export function publicObject(obj: ResourceObject, bases: Bases): ResourceObject | null {
  return projectDocument({ data: obj }, bases)?.data as ResourceObject | null;
}

/**
 * Refuses what a public query may not name: includes through a relationship that is not public,
 * filters, sorts and sparse fieldsets on attributes that are not (a filter on a hidden attribute
 * would tell its value one question at a time). Answers the query the engine reads: a sparse
 * fieldset of a type with row conditions also asks for their attributes, which the projection
 * needs to tell a public record (a visible page) and then drops.
 */
export function checkPublicQuery(pm: PublicModel, raw: RawQuery): RawQuery {
  const engineQuery: RawQuery = { ...raw };
  const include = typeof raw.include === 'string' ? raw.include : '';
  if (include)
    for (const path of include.split(',')) {
      let current: PublicModel | undefined = pm;
      for (const part of path.trim().split('.')) {
        const target: string | undefined = current?.relationships.has(part) ? (current.model.relationships.get(part)?.type ?? current.model.links.get(part)?.target) : undefined;
        current = target ? publicModels.get(target) : undefined;
        if (!current) throw badParameter('include', 'unknownInclude.relationship', { type: pm.model.type, relationship: part, path });
      }
    }
  for (const key of Object.keys(raw)) {
    const filter = /^filter\[([a-z0-9_]+)\]/.exec(key);
    if (filter) {
      const name = filter[1];
      const searchable = name === 'q' && [...pm.model.searchAttributes, ...(pm.model.translation?.searchAttributes ?? [])].every((a) => pm.attributes.has(a));
      const ruled = pm.def.filters?.includes(name) ?? false;
      if (!(name === 'id' || searchable || ruled || (name === 'locale' && pm.model.translation) || pm.attributes.has(name) || pm.relationships.has(name) || fkOfPublic(pm, name)))
        throw badParameter(key, 'unknownFilter.field', { type: pm.model.type, name });
    }
    const fields = /^fields\[([a-z0-9_]+)\]$/.exec(key);
    if (fields) {
      const target = publicModels.get(fields[1]);
      const names = typeof raw[key] === 'string' ? (raw[key]).split(',').map((s) => s.trim()).filter(Boolean) : [];
      if (!target) throw badParameter(key, 'unknownField.type', { type: fields[1] });
      for (const n of names) if (!target.attributes.has(n) && !target.relationships.has(n)) throw badParameter(key, 'unknownField.field', { type: fields[1], name: n });
      if (target.where.length) engineQuery[key] = [...new Set([...names, ...target.where.map(([a]) => a)])].join(',');
    }
  }
  if (typeof raw.sort === 'string')
    for (const item of raw.sort.split(',')) {
      const name = item.trim().replace(/^-/, '');
      if (name !== 'id' && !pm.attributes.has(name)) throw badParameter('sort', 'unknownSort.field', { type: pm.model.type, name });
    }
  return engineQuery;
}

const fkOfPublic = (pm: PublicModel, column: string) => [...pm.model.belongsTo].some(([name, b]) => b.fk === column && pm.relationships.has(name));
