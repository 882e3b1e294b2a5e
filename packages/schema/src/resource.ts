import type { z } from 'zod';

/**
 * A resource is declared once here; the server turns the declaration into routes, SQL,
 * validation, OpenAPI and tests, and the admin turns it into default screens.
 */
export type AttributeType = 'string' | 'text' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'json';

export interface AttributeDef {
  type: AttributeType;
  /** Validates a present, non-null value. Messages are translation keys (see validators.ts). */
  schema: z.ZodType;
  /** Must be present and non-null on create. */
  required?: boolean;
  /** Value stored when create omits it. */
  default?: unknown;
  /** `true`: equality and comma lists; `range`: also [gte]/[lte]/[gt]/[lt]. */
  filter?: true | 'range';
  sort?: boolean;
  /** Part of the free-text search `filter[q]`. */
  search?: boolean;
  /** Set by the server only (computed or derived); rejected in bodies. */
  readOnly?: boolean;
  /** Unique among the rows of one client. */
  unique?: boolean;
  /** Unique only among rows sharing these columns (e.g. a shirt number within its squad: ['squad_id']). */
  uniqueWith?: string[];
  /** Shown in the admin's list by default. */
  list?: boolean;
  /** A valid value: documents the API and feeds the tests generated from the registry. */
  example?: unknown;
}

export interface BelongsTo {
  kind: 'belongsTo';
  type: string;
  /** Column holding the id; defaults to `<name>_id`. */
  foreignKey?: string;
  required?: boolean;
  /** What deleting the referenced row does: refuse (default) or clear this link. */
  onDelete?: 'restrict' | 'setNull' | 'cascade';
}

export interface HasMany {
  kind: 'hasMany';
  type: string;
  /** Name of the belongsTo relationship on the other resource that points back here. */
  inverse: string;
}

export interface ManyToMany {
  kind: 'manyToMany';
  type: string;
  /** The linking resource and its two belongsTo relationships. */
  through: string;
  from: string;
  to: string;
}

export type RelationshipDef = BelongsTo | HasMany | ManyToMany;

/**
 * Attributes kept per locale in a table of their own (articles, later OTT playlists, formats and
 * events). Documents show one locale at a time (`?locale=`), with `locale`, `available_translations`
 * and `translations_updated_at` in the attributes; `PATCH ?locale=` writes that locale's row and
 * `DELETE ?locale=` removes only it.
 */
export interface TranslationsDef {
  table: string;
  /** Column of the translation table pointing to the record. */
  parentKey: string;
  /** Locales a translation may have, in the order a document without `?locale=` prefers them. */
  locales: readonly string[];
  attributes: Record<string, AttributeDef>;
}

/** Attributes every translated resource shows beside its translated ones. */
export const TRANSLATION_ATTRIBUTES = ['locale', 'available_translations', 'translations_updated_at'] as const;

export interface ResourceDef<
  A extends Record<string, AttributeDef> = Record<string, AttributeDef>,
  R extends Record<string, RelationshipDef> = Record<string, RelationshipDef>,
> {
  /** JSON:API type and URL segment, exactly as the specification spells it. */
  type: string;
  /** URL path under /api/v3 when it is not the type (e.g. `ott/playlists`). */
  path?: string;
  table: string;
  /** Sidebar section in the admin. */
  section: SectionName;
  attributes: A;
  relationships: R;
  /** Default sort when the request has none. */
  defaultSort?: string;
  /** Attribute that names a record in pickers and titles. */
  titleAttribute?: keyof A & string;
  /** The capability serves `GET /{path}/{id}` itself (a stream adds its secrets and live state). */
  ownFetch?: boolean;
  /** Routes the engine does not generate (read-only resources). */
  readOnly?: boolean;
  /**
   * Records only the server creates (fans' quiz attempts, through the fan API's checks): the engine
   * serves no create route, but staff may update (a ban) and delete.
   */
  serverCreated?: boolean;
  /**
   * Rows computed by a database view over other tables (a quiz's ranking): never written, so no
   * shadow columns of its own are kept up to date and no history follows its rows.
   */
  view?: boolean;
  /** New records are shown at the head of lists (spec §4). */
  newestFirst?: boolean;
  /** Highest include depth (`a.b.c` is 3). */
  maxIncludeDepth?: number;
  /**
   * Links to records of several types, shown as relationships of the document (components: spec
   * §3). They are kept in one table, one row per linked record (`foreignKey` names the record,
   * then `name`, `target_type`, `target_id`, `position`), indexed by target so that "who links to
   * X" is one query. A target type need not be registered yet: such a link cannot be set until it is.
   */
  links?: LinksDef;
  /** Attributes kept per locale (see TranslationsDef). */
  translations?: TranslationsDef;
  /** What websites and apps may read of it through the delivery API (absent: nothing). */
  public?: PublicDef<keyof A & string, keyof R & string>;
}

/**
 * How readers reach the records of a public type. Every type says it: a new one is private until
 * its declaration decides.
 * - `listed`: a list and a fetch of its own (`/public/v1/{path}`, `/public/v1/{path}/{id}`).
 * - `owned`: no route of its own; it is public only inside the answer of a public record that owns
 *   or uses it (a component inside its page, article or global element; a picture inside its club),
 *   for that reader, and only while that record is.
 * - `capability`: its capability serves its own routes (articles in one locale, quizzes without
 *   their answers); wherever it is included elsewhere, its `where` still decides.
 * - `own`: a fan's own records (their predictions, subscriptions, attempts): only in answers to
 *   that fan's own authenticated calls, never in an answer anyone else may read.
 */
export const PUBLIC_REACHES = ['listed', 'owned', 'capability', 'own'] as const;
export type PublicReach = (typeof PUBLIC_REACHES)[number];

/**
 * The public side of a resource (`/public/v1`): a projection of the same declaration. Only the
 * attributes and relationships named here ever leave the server on the public side, in its own
 * documents and wherever another public document includes a record of this type.
 */
export interface PublicDef<A extends string = string, R extends string = string> {
  reach: PublicReach;
  /** Attributes fans may read; a translated resource names its translated attributes here too. */
  attributes: readonly (A | string)[];
  /** Relationships (and component links) fans may follow; each target must be public too. */
  relationships?: readonly (R | string)[];
  /**
   * What its capability computes into its public documents beyond the declaration (an article's
   * text as HTML, its category's name, the components its text embeds): public too.
   */
  computed?: { attributes?: readonly string[]; relationships?: readonly string[] };
  /**
   * Filters of the resource's rules (beyond its attributes) the public may use, each with what it
   * does for the reference (`/public/v1/openapi.json`): a club's matches, matches found by their clubs' names.
   */
  filters?: Readonly<Record<string, string>>;
  /**
   * Only rows whose attribute holds one of these values are public (a published quiz, a visible
   * page). A document must carry the attribute for the projection to see it (it is then dropped
   * unless declared public): a record without it is not shown.
   */
  where?: Readonly<Record<string, readonly (string | number | boolean)[]>>;
}

export interface LinksDef {
  table: string;
  foreignKey: string;
  names: Record<string, { target: string; many?: boolean }>;
}

export const SECTIONS = [
  'football',
  'team',
  'time',
  'branding',
  'document',
  'video',
  'folder',
  'notification',
  'settings',
  'calendar',
  'award',
  'match_predictor',
] as const;
export type SectionName = (typeof SECTIONS)[number];

export function defineResource<
  const A extends Record<string, AttributeDef>,
  const R extends Record<string, RelationshipDef>,
>(def: ResourceDef<A, R>): ResourceDef<A, R> {
  return def;
}

export function foreignKeyOf(name: string, rel: BelongsTo): string {
  return rel.foreignKey ?? `${name}_id`;
}

/** Attributes every resource has, kept by the server. */
export const TIMESTAMP_ATTRIBUTES = ['created_at', 'updated_at'] as const;
