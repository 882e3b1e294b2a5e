import type { ColumnDataType } from 'kysely';
import type { DB, Dialect } from '../database';
import { columnType } from '../columns';

/**
 * Whether head-to-head criteria wait until the teams level on points have played all their
 * matches against each other (Ekstraklasa); until then the next criteria decide. UEFA's group
 * stages apply head-to-head at once, so the default stays false.
 */
export async function up(db: DB, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('competitions')
    .addColumn('head_to_head_only_when_complete', columnType(dialect, 'boolean') as ColumnDataType, (c) =>
      c.notNull().defaultTo(dialect === 'postgres' ? false : 0),
    )
    .execute();
}
