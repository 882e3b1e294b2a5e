import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { SEARCH_COLUMN } from '../db/columns';
import type { DB, Dialect } from '../db/database';
import { collationFor, foldForSearch, type Collation } from '../text/collation';
import { allModels, findModelByTable, type Model } from './model';
import { fromDb } from '../db/values';
import { parseLanguages } from '../config';

/**
 * Hidden ("shadow") columns: the engine keeps, beside the text attributes of a row, the folded text
 * of its search attributes (SEARCH_COLUMN) and a collation key per sortable text attribute
 * (`<attribute>_sort`), computed here in Node so that both databases search and sort alike and
 * can index them. Every writer of a business table adds `shadowValues` to what it writes.
 */

type Values = Record<string, unknown>;

/** Which attributes the declarations shadow: a change (an attribute made searchable) refills the columns too. */
const LAYOUT = createHash('sha256')
  .update(JSON.stringify(allModels().map((m) => [m.table, m.searchAttributes, [...m.sortKeys.keys()]])))
  .digest('hex')
  .slice(0, 8);

/** Stored per client with its shadow values: they are current while it equals the running one. */
export const shadowStamp = (collation: Collation) => `${collation.stamp}/${LAYOUT}`;

/**
 * The installation's default language (DEFAULT_LANGUAGE, see config.ts): the language of a client's
 * data when the client names none. Set once at start (startServer, the CLI) before any write.
 */
let installationLanguage: string = parseLanguages({}).defaultLanguage;
export function setInstallationLanguage(lang: string): void {
  installationLanguage = lang;
}

/** The language a client's data is written in: its content language, else its default language, else the installation's. */
export function contentLanguageOf(settings: unknown): string {
  const s = (settings ?? {}) as { content_language?: unknown; default_language?: unknown };
  if (typeof s.content_language === 'string' && s.content_language) return s.content_language;
  return typeof s.default_language === 'string' && s.default_language ? s.default_language : installationLanguage;
}

/**
 * The shadow columns of a row; with `changed`, only those that follow from the changed attributes.
 * `collation` may be null when no sortable text attribute is written.
 */
export function shadowValues(model: Model, row: Values, collation: Collation | null, changed?: ReadonlySet<string>): Values {
  const out: Values = {};
  const touched = (name: string) => !changed || changed.has(name);
  if (model.searchAttributes.some(touched))
    out[SEARCH_COLUMN] = model.searchAttributes
      .map((name) => row[name])
      .filter((v): v is string => typeof v === 'string')
      .map(foldForSearch)
      .filter(Boolean)
      .join(' ');
  for (const [name, column] of model.sortKeys) {
    if (!touched(name)) continue;
    if (!collation) throw new Error(`${model.type}.${name}: a collation is needed for its sort key`);
    out[column] = typeof row[name] === 'string' ? collation.key(row[name]) : null;
  }
  return out;
}

interface ClientScope {
  db: DB;
  dialect: Dialect;
  clientId: number;
}

const perTransaction = new WeakMap<DB, Map<number, Promise<Collation>>>();

/**
 * The collation of a client's content language, read once per transaction. PostgreSQL share-locks
 * the client row, so a change of language (which re-keys the client's rows while it holds the row)
 * waits for the writes in flight, and writes after it see the new language.
 */
export function clientCollation(scope: ClientScope): Promise<Collation> {
  const cache = scope.db.isTransaction ? (perTransaction.get(scope.db) ?? new Map<number, Promise<Collation>>()) : null;
  if (cache && !perTransaction.has(scope.db)) perTransaction.set(scope.db, cache);
  let collation = cache?.get(scope.clientId);
  if (!collation) {
    let q = scope.db.selectFrom('clients').select('settings').where('id', '=', scope.clientId);
    if (scope.dialect === 'postgres') q = q.forShare();
    collation = q.executeTakeFirst().then((row) => collationFor(contentLanguageOf(row ? fromDb('json', row.settings) : null)));
    cache?.set(scope.clientId, collation);
  }
  return collation;
}

/** The shadow columns of an engine write (all on create); the client's collation is read only when a key changes. */
export async function writeShadows(scope: ClientScope, model: Model, row: Values, changed?: ReadonlySet<string>): Promise<Values> {
  const keyed = [...model.sortKeys.keys()].some((name) => !changed || changed.has(name));
  return shadowValues(model, row, keyed ? await clientCollation(scope) : null, changed);
}

/** `values` for an insert into `table` with their shadow columns, for writers outside the engine (seeds, history). */
export function withShadows(table: string, values: Values, collation: Collation): Values {
  const model = findModelByTable(table);
  return model ? { ...values, ...shadowValues(model, values, collation) } : values;
}

/** Rows per UPDATE when rewriting shadow columns: well below SQLite's 32,766 bound values. */
const BATCH = 500;

/**
 * Recomputes the shadow columns of every row of one client (after its language changed, or the
 * collation itself did) and stamps the client with the collation used. Runs in the caller's transaction.
 */
export async function rebuildShadows(scope: ClientScope, collation: Collation, models: Model[] = allModels()): Promise<number> {
  let rows = 0;
  for (const model of models) {
    if (model.def.view) continue; // its shadow values are the underlying table's
    const columns = [...(model.searchAttributes.length ? [SEARCH_COLUMN] : []), ...model.sortKeys.values()];
    if (!columns.length) continue;
    const sources = [...new Set([...model.searchAttributes, ...model.sortKeys.keys()])];
    const stored = await scope.db.selectFrom(model.table).select(['id', ...sources]).where('client_id', '=', scope.clientId).execute();
    for (let start = 0; start < stored.length; start += BATCH) {
      const batch = stored.slice(start, start + BATCH).map((row) => {
        const shadows = shadowValues(model, row, collation);
        return sql`(${sql.lit(Number(row.id))}, ${sql.join(columns.map((c) => shadows[c] ?? null))})`;
      });
      const names = sql.join(['id', ...columns].map((c) => sql.id(c)));
      const assignments = sql.join(columns.map((c) => sql`${sql.id(c)} = v.${sql.id(c)}`));
      await sql`with v(${names}) as (values ${sql.join(batch)})
        update ${sql.table(model.table)} set ${assignments} from v where ${sql.table(model.table)}.id = v.id`.execute(scope.db);
    }
    rows += stored.length;
  }
  await scope.db.updateTable('clients').set({ collation: shadowStamp(collation) }).where('id', '=', scope.clientId).execute();
  return rows;
}

/**
 * Brings every client's shadow columns in line with the running code: after a migration adds
 * them, and whenever ICU's rules, this code or the declarations change them (a new stamp).
 * Clients already up to date cost nothing but the read of the stamps.
 */
export async function refreshShadows(db: DB, dialect: Dialect): Promise<void> {
  const clients = await db.selectFrom('clients').select(['id', 'settings', 'collation']).execute();
  for (const client of clients) {
    const collation = collationFor(contentLanguageOf(fromDb('json', client.settings)));
    if (client.collation === shadowStamp(collation)) continue;
    await db.transaction().execute(async (trx) => {
      // Another instance starting at the same time may have done it meanwhile.
      let q = trx.selectFrom('clients').select('collation').where('id', '=', Number(client.id));
      if (dialect === 'postgres') q = q.forUpdate();
      const current = await q.executeTakeFirst();
      if (current && current.collation !== shadowStamp(collation)) await rebuildShadows({ db: trx, dialect, clientId: Number(client.id) }, collation);
    });
  }
}
