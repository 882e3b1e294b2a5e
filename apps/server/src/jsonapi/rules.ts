import type { Expression, SqlBool } from 'kysely';
import type { Dialect } from '../db/database';
import type { ErrorSpec } from './errors';
import type { ReadContext, Row } from './read';
import type { ParsedQuery } from './query';
import type { ChangeEvent, WriteContext } from './context';
import type { Model } from './model';

/**
 * What a resource needs beyond its declaration: rules across fields and records, and derived data
 * kept in step. Both run inside the write's transaction.
 */
/** Link name → ids of the linked records (ResourceDef.links), one id or null for a single link. */
export type LinkValues = Record<string, string | null | string[]>;

export interface ResourceRules {
  /**
   * `row` is the record as it would be after the write (stored columns), `links` its links after
   * the write (for resources with links). Return errors to refuse it.
   */
  validate?(
    ctx: WriteContext,
    change: {
      action: 'create' | 'update';
      before: Row | null;
      row: Row;
      links?: LinkValues;
      givenLinks?: string[];
      /** For a translated resource: the locale written, its row before and as it would be after (stored columns). */
      translation?: { locale: string; before: Row | null; row: Row };
    },
  ): Promise<ErrorSpec[]>;
  /** The links a document shows for a row (a component shows those of its kind); all declared ones by default. */
  linkNames?(row: Row): readonly string[];
  /** Columns the server derives from the others (flags, sort keys), merged into the write. */
  derive?(ctx: WriteContext, row: Row): Promise<Record<string, unknown>>;
  /** Runs before a delete; throw an ApiError to refuse it. */
  beforeDelete?(ctx: WriteContext, before: Row): Promise<void>;
  /** Keeps derived data (a match's score) in step with the change. */
  afterWrite?(ctx: WriteContext, event: ChangeEvent): Promise<void>;
  /**
   * A faster read of one list page for the queries a resource knows how to serve (a quiz's
   * ranking read along its index): the total and the page's rows as the generic read would give
   * them; null leaves the query to the generic read.
   */
  listPage?(ctx: ReadContext, query: ParsedQuery): Promise<{ total: number; rows: Row[] } | null>;
  /**
   * Filters beyond the declared attributes, by name (`filter[active]` of entitlements: a rule
   * over several columns and the time): the value of the parameter turns into a condition, or a
   * 400 (badParameter). A list using a `volatile` one is read afresh each time, never cached.
   */
  filters?: Record<string, (value: string, parameter: string) => CustomFilter>;
}

/** A filter of a resource's rules: a condition on the row of `table`, and whether it changes with the time. */
export interface CustomFilter {
  volatile: boolean;
  where(table: string, dialect: Dialect): Expression<SqlBool>;
}

const RULES = new Map<string, ResourceRules>();

export function defineRules(type: string, rules: ResourceRules): void {
  RULES.set(type, rules);
}

export function rulesOf(type: string): ResourceRules {
  return RULES.get(type) ?? {};
}

/** Checks run before deleting a record of any type (links from other records: content/usages.ts). */
type DeleteGuard = (ctx: WriteContext, model: Model, before: Row) => Promise<void>;
const DELETE_GUARDS: DeleteGuard[] = [];

export function addDeleteGuard(guard: DeleteGuard): void {
  if (!DELETE_GUARDS.includes(guard)) DELETE_GUARDS.push(guard);
}

export const deleteGuards = (): readonly DeleteGuard[] => DELETE_GUARDS;
