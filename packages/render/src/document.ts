/**
 * The JSON:API documents the renderers read (`/current_page`, a page or global element preview, a
 * list a site fetched beside them) and the resolver that turns relationships into the records of
 * `included`. Documents come from the network: every reader here copes with missing or malformed
 * parts (a link to a record that is not included, `data` that is not an object) by giving nothing,
 * never by throwing.
 */
export interface ResourceIdentifier {
  type: string;
  id: string;
}

export interface Relationship {
  data?: ResourceIdentifier | ResourceIdentifier[] | null;
  links?: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

export interface ResourceObject {
  type: string;
  id: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, Relationship | undefined>;
  links?: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

export interface JsonApiDocument {
  data?: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
  meta?: Record<string, unknown>;
  links?: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a value is a resource object (a type and an id, both strings). */
export function isResource(value: unknown): value is ResourceObject {
  return isObject(value) && typeof value.type === 'string' && (typeof value.id === 'string' || typeof value.id === 'number');
}

const keyOf = (type: string, id: string | number) => `${type}:${id}`;

/** The identifiers a relationship names, whatever its shape (none when it is absent or malformed). */
export function identifiers(relationship: unknown): ResourceIdentifier[] {
  if (!isObject(relationship)) return [];
  const data = relationship.data;
  return (Array.isArray(data) ? data : [data]).filter(isResource).map((r) => ({ type: r.type, id: String(r.id) }));
}

/** The primary records of a document (one or many; none when it has none). */
export function primaryRecords(doc: JsonApiDocument | null | undefined): ResourceObject[] {
  if (!isObject(doc)) return [];
  const data = doc.data;
  return (Array.isArray(data) ? data : [data]).filter(isResource);
}

export interface Resolver {
  /** A record by type and id, from the documents' data and included. */
  get(type: string, id: string | number): ResourceObject | undefined;
  /** The record a to-one relationship points at, when it is in the documents. */
  one(record: ResourceObject | undefined, name: string): ResourceObject | undefined;
  /** The records a relationship points at, in its order, leaving out those not in the documents. */
  many(record: ResourceObject | undefined, name: string): ResourceObject[];
  /** Every record of a type, in the order the documents list them. */
  all(type: string): ResourceObject[];
  /** Records of `type` whose relationship `name` points at `target` (the standings of a group, the lineups of a match). */
  pointingAt(type: string, name: string, target: ResourceObject | undefined): ResourceObject[];
}

/** One resolver over several documents (the page, the global elements, the lists fetched beside them); the first copy of a record wins. */
export function createResolver(...docs: (JsonApiDocument | null | undefined)[]): Resolver {
  const byKey = new Map<string, ResourceObject>();
  const byType = new Map<string, ResourceObject[]>();
  for (const doc of docs) {
    if (!isObject(doc)) continue;
    const included: unknown[] = Array.isArray(doc.included) ? doc.included : [];
    for (const record of [...primaryRecords(doc), ...included]) {
      if (!isResource(record)) continue;
      const key = keyOf(record.type, record.id);
      if (byKey.has(key)) continue;
      byKey.set(key, record);
      const list = byType.get(record.type) ?? [];
      list.push(record);
      byType.set(record.type, list);
    }
  }
  const rel = (record: ResourceObject | undefined, name: string) => (isObject(record?.relationships) ? record.relationships[name] : undefined);
  const resolver: Resolver = {
    get: (type, id) => byKey.get(keyOf(type, id)),
    one: (record, name) => {
      const [first] = identifiers(rel(record, name));
      return first ? byKey.get(keyOf(first.type, first.id)) : undefined;
    },
    many: (record, name) =>
      identifiers(rel(record, name))
        .map((r) => byKey.get(keyOf(r.type, r.id)))
        .filter((r): r is ResourceObject => r !== undefined),
    all: (type) => byType.get(type) ?? [],
    pointingAt: (type, name, target) => {
      if (!target) return [];
      return resolver.all(type).filter((r) => identifiers(rel(r, name)).some((ref) => ref.type === target.type && ref.id === String(target.id)));
    },
  };
  return resolver;
}

/** An attribute as text (numbers written out; anything else: nothing). */
export function text(record: ResourceObject | Record<string, unknown> | undefined, name: string): string {
  const source = record && 'attributes' in record && isObject(record.attributes) ? record.attributes : record;
  const value = isObject(source) ? source[name] : undefined;
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** An attribute as a finite number, or null. */
export function num(record: ResourceObject | Record<string, unknown> | undefined, name: string): number | null {
  const source = record && 'attributes' in record && isObject(record.attributes) ? record.attributes : record;
  const value = isObject(source) ? source[name] : undefined;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** An attribute's raw value. */
export function attr(record: ResourceObject | undefined, name: string): unknown {
  return isObject(record?.attributes) ? record.attributes[name] : undefined;
}

/** A component's settings (its fields), an empty object when it has none. */
export function settingsOf(component: ResourceObject): Record<string, unknown> {
  const settings = attr(component, 'settings');
  return isObject(settings) ? settings : {};
}

/** A component's kind. */
export const kindOf = (component: ResourceObject): string => text(component, 'kind');

/**
 * The components of an owner (a page or a global page element) in its order: the owner's
 * `components` relationship, resolved; a component not included is left out.
 */
export function componentsOf(owner: ResourceObject | undefined, resolver: Resolver): ResourceObject[] {
  return resolver.many(owner, 'components').filter((c) => c.type === 'components');
}
