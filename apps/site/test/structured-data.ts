import vocabulary from './schema-org-vocabulary-30.0.json';

/**
 * A small validator of the site's JSON-LD, for the tests (the site's unit tests and the API test
 * that reads every page of the demo site): schema.org's vocabulary cannot be fetched from here, so
 * property names are checked against a committed excerpt of it (schema-org-vocabulary-30.0.json:
 * release 30.0, the types we use), and what each type must have against the table below.
 */

type Node = Record<string, unknown>;

/**
 * What each type the site writes must have: Google Search's structured-data requirements (its
 * "required" properties, and for types where it has none, those it recommends and we promise) and
 * what schema.org's definitions make the point of the type. An inner list is "one of these".
 *
 * - WebSite: name and url (Google's site names); the SearchAction: target and query-input
 *   (Google's former sitelinks search box), its EntryPoint a urlTemplate.
 * - SportsOrganization (the league, Google's Organization): name, url; logo when given (checked as an address).
 * - NewsArticle (Google's Article): headline, image, datePublished, author.
 * - BreadcrumbList (Google's breadcrumb): itemListElement; each ListItem position and name, and
 *   item except the last (checked below with the list's order).
 * - WebPage: name and url. SportsTeam: name. Place: name or address. PostalAddress: a locality or street.
 * - SportsEvent (Google's Event): name, startDate, and location or eventStatus.
 * - Person (a player, Google's profile page's mainEntity): name; ProfilePage as WebPage; Country: name;
 *   QuantitativeValue (a height): value.
 */
export const REQUIRED: Record<string, (string | string[])[]> = {
  WebSite: ['name', 'url'],
  SearchAction: ['target', 'query-input'],
  EntryPoint: ['urlTemplate'],
  SportsOrganization: ['name', 'url'],
  NewsArticle: ['headline', 'image', 'datePublished', 'author'],
  BreadcrumbList: ['itemListElement'],
  ListItem: ['position', 'name'],
  WebPage: ['name', 'url'],
  SportsTeam: ['name'],
  SportsEvent: ['name', 'startDate', ['location', 'eventStatus']],
  Person: ['name'],
  ProfilePage: ['name', 'url'],
  Country: ['name'],
  QuantitativeValue: ['value'],
  Place: [['name', 'address']],
  PostalAddress: [['addressLocality', 'streetAddress']],
};

/** Properties whose values are addresses of the web (absolute http(s) URLs). */
const URL_PROPERTIES = new Set(['url', 'item', 'logo', 'image', 'sameAs', 'mainEntityOfPage', 'urlTemplate', 'sport']);
/** Properties whose values are ISO 8601 dates or date-times. */
const DATE_PROPERTIES = new Set(['datePublished', 'dateModified', 'startDate', 'endDate', 'foundingDate', 'birthDate']);
/** Properties whose values are members of an enumeration. */
const ENUMERATION_PROPERTIES: Record<string, keyof typeof vocabulary.enumerations> = { eventStatus: 'EventStatusType' };

const TYPES = vocabulary.types as Record<string, { subTypeOf: string; properties: string[] }>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const present = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
const isUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^\s/]+/.test(v) && !/\s/.test(v);
const ISO = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?)?)?$/;

/** Whether a property exists on a type in the excerpt; `query-input` and the like are Actions' `<property>-input` annotations. */
export function hasProperty(type: string, property: string): boolean {
  const known = TYPES[type]?.properties;
  if (!known) return false;
  const annotated = /^(.+)-(input|output)$/.exec(property);
  return known.includes(annotated ? annotated[1] : property);
}

/**
 * The problems of one JSON-LD document (a parsed `<script type="application/ld+json">`): none when
 * every node has a type of the excerpt, only properties of its type, what its type must have,
 * addresses and dates where they belong, breadcrumbs in order.
 */
export function validateJsonLd(document: unknown): string[] {
  const problems: string[] = [];
  if (!isNode(document)) return ['the document is not an object'];
  if (document['@context'] !== 'https://schema.org') problems.push(`@context is ${JSON.stringify(document['@context'])}, not https://schema.org`);
  const roots = Array.isArray(document['@graph']) ? (document['@graph'] as unknown[]) : [document];
  const ids = new Set<string>();
  const references: string[] = [];
  const visit = (node: Node, where: string) => {
    const keys = Object.keys(node).filter((k) => !k.startsWith('@'));
    // A reference to a node described elsewhere in the page: { "@id": … } alone.
    if (!('@type' in node)) {
      if (typeof node['@id'] === 'string' && keys.length === 0) references.push(node['@id']);
      else problems.push(`${where}: a node without @type`);
      return;
    }
    const type = node['@type'];
    if (typeof type !== 'string' || !TYPES[type]) {
      problems.push(`${where}: @type ${JSON.stringify(type)} is not in the vocabulary excerpt`);
      return;
    }
    if (typeof node['@id'] === 'string') ids.add(node['@id']);
    for (const key of keys) if (!hasProperty(type, key)) problems.push(`${where} (${type}): ${key} is no property of ${type} in schema.org ${vocabulary.version}`);
    for (const rule of REQUIRED[type] ?? []) {
      const options = Array.isArray(rule) ? rule : [rule];
      if (!options.some((p) => present(node[p]))) problems.push(`${where} (${type}): has no ${options.join(' or ')}`);
    }
    for (const key of keys) {
      const values = Array.isArray(node[key]) ? (node[key] as unknown[]) : [node[key]];
      values.forEach((value, i) => {
        const at = `${where}.${key}${Array.isArray(node[key]) ? `[${i}]` : ''}`;
        if (isNode(value)) visit(value, at);
        else if (URL_PROPERTIES.has(key) && !isUrl(value)) problems.push(`${at}: ${JSON.stringify(value)} is not an absolute address`);
        else if (DATE_PROPERTIES.has(key) && !(typeof value === 'string' && ISO.test(value))) problems.push(`${at}: ${JSON.stringify(value)} is not an ISO 8601 date`);
        else if (key in ENUMERATION_PROPERTIES) {
          const members = vocabulary.enumerations[ENUMERATION_PROPERTIES[key]];
          if (!(typeof value === 'string' && members.some((m) => value === `https://schema.org/${m}`))) problems.push(`${at}: ${JSON.stringify(value)} is no ${ENUMERATION_PROPERTIES[key]}`);
        } else if (typeof value === 'string' && value !== value.trim()) problems.push(`${at}: ${JSON.stringify(value)} has spaces around it`);
      });
    }
    if (type === 'BreadcrumbList') {
      const items = Array.isArray(node.itemListElement) ? (node.itemListElement as unknown[]) : [];
      items.forEach((item, i) => {
        if (!isNode(item) || item['@type'] !== 'ListItem') problems.push(`${where}.itemListElement[${i}]: not a ListItem`);
        else {
          if (item.position !== i + 1) problems.push(`${where}.itemListElement[${i}]: position ${JSON.stringify(item.position)}, not ${i + 1}`);
          if (i < items.length - 1 && !present(item.item)) problems.push(`${where}.itemListElement[${i}]: no item (only the last crumb may go without)`);
        }
      });
    }
    if (type === 'SearchAction') {
      const template = isNode(node.target) ? node.target.urlTemplate : node.target;
      const name = /name=([A-Za-z0-9_]+)/.exec(String(node['query-input'] ?? ''))?.[1];
      if (!name || typeof template !== 'string' || !template.includes(`{${name}}`)) problems.push(`${where}: the target's template has no {${name ?? '?'}} for its query-input`);
    }
  };
  roots.forEach((root, i) => (isNode(root) ? visit(root, `@graph[${i}]`) : problems.push(`@graph[${i}] is not an object`)));
  for (const id of references) if (!ids.has(id)) problems.push(`a reference to ${id}, which no node of the page has`);
  return problems;
}

/** Every `<script type="application/ld+json">` of a page, as written (its text) and parsed. */
export function jsonLdBlocks(html: string): { text: string; data: unknown }[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => ({ text: m[1], data: JSON.parse(m[1]) as unknown }));
}

/** The nodes of a parsed document, nested ones too, with their @type. */
export function nodesOf(document: unknown): Node[] {
  const out: Node[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isNode(v)) {
      if ('@type' in v) out.push(v);
      Object.entries(v).forEach(([k, x]) => k !== '@context' && walk(x));
    }
  };
  walk(document);
  return out;
}
