import type { DB, Dialect } from '../database';

/** The stream secrets the history of changes recorded before it kept to declared attributes. */
const SECRETS = ['primary_key', 'backup_key', 'passphrase'];

/**
 * Removes OTT stream keys and SRT passphrases from the history of changes (`audit_events`), where
 * the creation of a stream wrote them until the history kept to declared attributes and links
 * (jsonapi/write.ts): every role reads the history, only operators may read the secrets.
 */
export async function up(db: DB, _dialect: Dialect): Promise<void> {
  const rows = await db.selectFrom('audit_events').select(['id', 'changes']).where('resource_type', '=', 'ott_streams').execute();
  for (const row of rows) {
    const changes = (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes) as Record<string, unknown>;
    if (!SECRETS.some((k) => k in changes)) continue;
    for (const k of SECRETS) delete changes[k];
    const value = JSON.stringify(changes);
    await db.updateTable('audit_events').set({ changes: value }).where('id', '=', row.id as number).execute();
  }
}
