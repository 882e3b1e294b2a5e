import type { Changes } from '../jsonapi/audit';
import { recordAudit } from '../jsonapi/audit';
import type { Database, DB } from '../db/database';
import { fieldError } from '../jsonapi/messages';
import type { ChangeEvent, WriteContext } from '../jsonapi/context';
import { modelOf, type Model } from '../jsonapi/model';
import type { Row } from '../jsonapi/read';
import { defineRules, rulesOf } from '../jsonapi/rules';
import { fromDb, toDb } from '../db/values';
import type { ErrorSpec } from '../jsonapi/errors';
import { systemClock, type Clock } from '../jobs/clock';
import { enqueue, type Job } from '../jobs/queue';
import type { JobWorker } from '../jobs/worker';
import { addContentType } from '../realtime/content-types';
import type { ChangeBus } from '../realtime/change-bus';

/**
 * Publication, for any resource: status draft|published and a window (`publish_from`,
 * `publish_until`, date with hour) per record, or per translation for a translated resource. The
 * stored `visible` flag says what fans see now; it changes on a write and, at the window's start
 * and end, by a job of the jobs table (so it survives restarts and runs once across instances).
 * A change of visibility bumps the client's content version, is recorded in the history, goes to
 * /cable's ContentChannel through the change bus (whose event also empties the client's cached
 * reads, /current_page included), and calls the hooks others register.
 */
export interface PublicationSpec {
  type: string;
  /** Column of the record holding draft|published (default `status`). */
  statusColumn?: string;
  /** Columns of the window (default `publish_from`, `publish_until`; pages say `published_…`). */
  fromColumn?: string;
  untilColumn?: string;
}

export const PUBLICATION_JOB = 'publication.boundary';
export const PUBLICATION_ACTOR = 'system:publication';

interface Registered extends Required<PublicationSpec> {
  model: Model;
}

const registered = new Map<string, Registered>();
type ContentHook = (clientId: number, change: { type: string; id: string }) => void | Promise<void>;
const hooks: ContentHook[] = [];
let clock: Clock = systemClock;

/** Called with the client whose published content changed (after commit, on every instance). */
export function onContentChange(hook: ContentHook): () => void {
  hooks.push(hook);
  return () => void hooks.splice(hooks.indexOf(hook), 1);
}

export function isPublished(type: string): boolean {
  return registered.has(type);
}

export const visibleAt = (status: unknown, from: unknown, until: unknown, now: Date): boolean => {
  const t = now.getTime();
  const f = from == null ? null : Date.parse(String(fromDb('datetime', from)));
  const u = until == null ? null : Date.parse(String(fromDb('datetime', until)));
  return status === 'published' && (f === null || f <= t) && (u === null || t < u);
};

/** The next instant after `now` at which the window opens or closes, if any. */
function nextBoundary(from: unknown, until: unknown, now: Date): Date | null {
  const t = now.getTime();
  const times = [from, until].filter((v) => v != null).map((v) => Date.parse(String(fromDb('datetime', v)))).filter((v) => v > t);
  return times.length ? new Date(Math.min(...times)) : null;
}

const jobKey = (type: string, id: string | number, locale: string | null) => `publication:${type}:${id}:${locale ?? '-'}`;

/** The rows holding windows: the translations of a record, or the record itself. */
async function windowsOf(db: DB, reg: Registered, clientId: number, id: number): Promise<{ table: string; rows: Row[] }> {
  const tr = reg.model.translation;
  const table = tr ? tr.table : reg.model.table;
  const q = db
    .selectFrom(table)
    .select(['id', `${reg.fromColumn} as publish_from`, `${reg.untilColumn} as publish_until`, 'visible', ...(tr ? ['locale'] : [])])
    .where('client_id', '=', clientId);
  const rows = await (tr ? q.where(tr.parentKey, '=', id) : q.where('id', '=', id)).execute();
  return { table, rows };
}

/**
 * Sets `visible` of a record's windows as of now and schedules the job of each window's next
 * boundary. Returns the windows whose visibility changed (locale → after).
 */
async function recompute(db: DB, dialect: Database['dialect'], reg: Registered, clientId: number, id: number, now: Date): Promise<Map<string | null, boolean>> {
  const record = await db.selectFrom(reg.model.table).select(['id', reg.statusColumn]).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  const changed = new Map<string | null, boolean>();
  if (!record) return changed;
  const { table, rows } = await windowsOf(db, reg, clientId, id);
  for (const w of rows) {
    const locale = (w.locale as string | undefined) ?? null;
    const visible = visibleAt(record[reg.statusColumn], w.publish_from, w.publish_until, now);
    if (visible !== (fromDb('boolean', w.visible) as boolean)) {
      await db.updateTable(table).set({ visible: toDb(dialect, 'boolean', visible) }).where('id', '=', w.id as number).execute();
      changed.set(locale, visible);
    }
    const next = record[reg.statusColumn] === 'published' ? nextBoundary(w.publish_from, w.publish_until, now) : null;
    const key = jobKey(reg.type, id, locale);
    if (next) await enqueue(db, dialect, PUBLICATION_JOB, { clientId, type: reg.type, id, locale }, { runAt: next, key }, now);
    else await db.deleteFrom('jobs').where('key', '=', key).where('status', '=', 'not_started').execute();
  }
  return changed;
}

/** Brings a record's visibility and boundary jobs up to date (seeding, imports). */
export async function refreshPublication(db: DB, dialect: Database['dialect'], type: string, clientId: number, id: number, now: Date): Promise<void> {
  const reg = registered.get(type);
  if (!reg) throw new Error(`${type} is not registered for publication`);
  await recompute(db, dialect, reg, clientId, id, now);
}

export async function bumpContentVersion(db: DB, dialect: Database['dialect'], clientId: number, now: Date): Promise<number> {
  const at = toDb(dialect, 'datetime', now.toISOString());
  const row = await db
    .insertInto('content_versions')
    .values({ client_id: clientId, version: 1, updated_at: at })
    .onConflict((oc) => oc.column('client_id').doUpdateSet((eb) => ({ version: eb('content_versions.version', '+', 1), updated_at: at })))
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

export async function contentVersion(db: DB, clientId: number): Promise<number> {
  const row = await db.selectFrom('content_versions').select('version').where('client_id', '=', clientId).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** The window must end after it starts: 422 on its end. */
function windowErrors(reg: Registered, row: Row): ErrorSpec[] {
  const from = row[reg.fromColumn];
  const until = row[reg.untilColumn];
  if (from == null || until == null) return [];
  if (Date.parse(String(fromDb('datetime', until))) > Date.parse(String(fromDb('datetime', from)))) return [];
  return [fieldError(`/data/attributes/${reg.untilColumn}`, reg.untilColumn, 'publicationWindowOrder')];
}

export function registerPublication(spec: PublicationSpec): void {
  const model = modelOf(spec.type);
  const reg: Registered = { statusColumn: 'status', fromColumn: 'publish_from', untilColumn: 'publish_until', ...spec, model };
  registered.set(spec.type, reg);
  addContentType(spec.type);
  const base = rulesOf(spec.type);
  defineRules(spec.type, {
    ...base,
    async validate(ctx, change) {
      const errors = (await base.validate?.(ctx, change)) ?? [];
      errors.push(...windowErrors(reg, model.translation ? (change.translation?.row ?? {}) : change.row));
      return errors;
    },
    async afterWrite(ctx: WriteContext, event: ChangeEvent) {
      await base.afterWrite?.(ctx, event);
      if (event.action === 'delete') {
        await ctx.db.deleteFrom('jobs').where('key', 'like', `${jobKey(spec.type, event.id, null).slice(0, -1)}%`).where('status', '=', 'not_started').execute();
        await bumpContentVersion(ctx.db, ctx.dialect, ctx.clientId, clock.now());
        return;
      }
      await recompute(ctx.db, ctx.dialect, reg, ctx.clientId, Number(event.id), clock.now());
      await bumpContentVersion(ctx.db, ctx.dialect, ctx.clientId, clock.now());
    },
  });
}

/**
 * Wires publication into a running server: the clock, the job that runs at each boundary, and the
 * content hooks called for committed changes of published types (from this instance or another).
 */
export function startPublication(deps: { database: Database; bus: ChangeBus; worker: JobWorker | null; clock: Clock }): () => void {
  clock = deps.clock;
  const { database, bus } = deps;
  deps.worker?.handle(PUBLICATION_JOB, async (job: Job) => {
    const p = job.payload as { clientId: number; type: string; id: number; locale: string | null };
    const reg = registered.get(p.type);
    if (!reg) throw new Error(`publication job for an unregistered type ${p.type}`);
    const events: ChangeEvent[] = [];
    await database.db.transaction().execute(async (trx) => {
      const now = clock.now();
      const changed = await recompute(trx, database.dialect, reg, p.clientId, p.id, now);
      if (!changed.size) return;
      await bumpContentVersion(trx, database.dialect, p.clientId, now);
      const changes: Changes = {};
      for (const [locale, visible] of changed) changes[locale ? `visible[${locale}]` : 'visible'] = { before: !visible, after: visible };
      const ctx: WriteContext = { db: trx, dialect: database.dialect, clientId: p.clientId, actor: PUBLICATION_ACTOR, apiBase: '' };
      await recordAudit(ctx, 'update', p.type, String(p.id), changes);
      const row = (await trx.selectFrom(reg.model.table).select(reg.model.readColumns).where('id', '=', p.id).executeTakeFirst()) ?? null;
      events.push({ clientId: p.clientId, type: p.type, id: String(p.id), action: 'update', actor: PUBLICATION_ACTOR, before: row, after: row });
    });
    await bus.publish(events);
  });
  return bus.subscribe((event) => {
    if (!registered.has(event.type)) return;
    for (const hook of hooks) void Promise.resolve(hook(event.clientId, { type: event.type, id: event.id })).catch(() => {});
  });
}
