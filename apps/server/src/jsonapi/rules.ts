import type { ErrorSpec } from './errors';
import type { Row } from './read';
import type { ChangeEvent, WriteContext } from './context';

/**
 * What a resource needs beyond its declaration: rules across fields and records, and derived data
 * kept in step. Both run inside the write's transaction.
 */
export interface ResourceRules {
  /** `row` is the record as it would be after the write (stored columns). Return errors to refuse it. */
  validate?(
    ctx: WriteContext,
    change: {
      action: 'create' | 'update';
      before: Row | null;
      row: Row;
      /** For a translated resource: the locale written, its row before and as it would be after (stored columns). */
      translation?: { locale: string; before: Row | null; row: Row };
    },
  ): Promise<ErrorSpec[]>;
  /** Columns the server derives from the others (flags, sort keys), merged into the write. */
  derive?(ctx: WriteContext, row: Row): Promise<Record<string, unknown>>;
  /** Runs before a delete; throw an ApiError to refuse it. */
  beforeDelete?(ctx: WriteContext, before: Row): Promise<void>;
  /** Keeps derived data (a match's score) in step with the change. */
  afterWrite?(ctx: WriteContext, event: ChangeEvent): Promise<void>;
}

const RULES = new Map<string, ResourceRules>();

export function defineRules(type: string, rules: ResourceRules): void {
  RULES.set(type, rules);
}

export function rulesOf(type: string): ResourceRules {
  return RULES.get(type) ?? {};
}
