import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  isCalendarDate,
  isoDateTime,
  KICKOFF_SHIFT_PATTERN,
  KICKOFF_TIME_PATTERN,
  leagueDateOf,
  MAX_BULK_MATCHES,
  parseKickoffShift,
  pointerSegment,
  rescheduleKickoff,
  type KickoffShift,
} from '@umpire/schema';
import { recordAudit } from '../jsonapi/audit';
import { requireAbility, type AuthContext } from '../jsonapi/access';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { ChangeBus } from '../realtime/change-bus';
import type { WriteContext } from '../jsonapi/context';
import { ApiError, apiError, badParameter, errorLanguageOf, errorSpec, renderError, type ErrorSpec } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';
import { modelOf } from '../jsonapi/model';
import { parseFilters, type RawQuery } from '../jsonapi/query';
import { applyFilters, findRow, scoped, toResourceObject, type Row } from '../jsonapi/read';
import { API_PREFIX, JSONAPI_MEDIA_TYPE, transactionalWrites, withQueryStats } from '../jsonapi/routes';
import { fromDb, toDb } from '../db/values';
import { updateRecord } from '../jsonapi/write';
import { findConflicts, type ScheduleConflict } from './conflicts';
import { factsOf, type MatchFacts } from './facts';
import { announcePostponement } from './notify';

/**
 * Bulk edit and rescheduling of matches (issue 26, points 3-4):
 * - `PATCH /api/v3/matches` changes the selected matches at once (by ids in `data`, or by the list's
 *   own filters in the query, so a selection means what the list shows): kickoff (or a shift and a
 *   time of day), venue, round, status;
 * - `POST /api/v3/matches/{id}/postponement` and `POST /api/v3/rounds/{id}/postponement` postpone a
 *   match or a round, to a new kickoff or date or to a date not known yet, with a reason kept in the
 *   history, optionally announced by push to the clubs' followers.
 * Every match goes through the engine's updateRecord (validation, history, change events) in ONE
 * transaction: all or nothing. `?dry_run=true` runs the very same and rolls it back, answering the
 * preview: each match before → after with its own errors, and the conflicts of the new schedule.
 */
const model = () => modelOf('matches');
const BULK_ATTRIBUTES = ['kickoff_at', 'status'] as const;
const BULK_RELATIONSHIPS = ['venue', 'round'] as const;
/** A postponed round's matches: those not played nor being played (the others are left and named). */
const POSTPONABLE = new Set(['not_started', 'postponed']);
const REASON_MAX = 300;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const ID = /^[1-9]\d{0,14}$/;

interface BulkInput {
  ids: { id: string; pointer: string }[] | null;
  attributes: Record<string, unknown>;
  relationships: Record<string, unknown>;
  shift: KickoffShift | null;
  time: string | null;
  date: string | null;
}

/** The bulk body: `data` (optional identifiers) and `meta` (what to change); every problem at its pointer. */
function readBulk(body: unknown): BulkInput {
  const errors: ErrorSpec[] = [];
  const input: BulkInput = { ids: null, attributes: {}, relationships: {}, shift: null, time: null, date: null };
  if (!isObject(body)) throw ApiError.many([fieldError('/meta', 'meta', 'required')]);
  if (body.data !== undefined) {
    if (!Array.isArray(body.data)) errors.push(fieldError('/data', 'data', 'invalidType', { expected: 'array' }));
    else {
      input.ids = [];
      body.data.forEach((item, i) => {
        const id = isObject(item) ? String(item.id) : '';
        if (!isObject(item) || item.type !== 'matches') errors.push(fieldError(`/data/${i}/type`, 'type', 'invalidType', { expected: 'matches' }));
        else if (!ID.test(id)) errors.push(fieldError(`/data/${i}/id`, 'id', 'notFound'));
        else input.ids!.push({ id, pointer: `/data/${i}/id` });
      });
      if (!body.data.length) errors.push(errorSpec(422, 'matchSelectionRequired', { source: { pointer: '/data' } }));
    }
  }
  const meta = body.meta;
  if (!isObject(meta)) {
    errors.push(fieldError('/meta', 'meta', meta === undefined ? 'required' : 'invalidType'));
    throw ApiError.many(errors);
  }
  for (const key of Object.keys(meta))
    if (!['attributes', 'relationships', 'kickoff_date', 'kickoff_shift', 'kickoff_time'].includes(key)) errors.push(fieldError(`/meta/${pointerSegment(key)}`, key, 'unknownAttribute'));
  const attrs = meta.attributes ?? {};
  if (!isObject(attrs)) errors.push(fieldError('/meta/attributes', 'attributes', 'invalidType'));
  else
    for (const [name, value] of Object.entries(attrs)) {
      if (!(BULK_ATTRIBUTES as readonly string[]).includes(name)) errors.push(fieldError(`/meta/attributes/${pointerSegment(name)}`, name, 'unknownAttribute'));
      else input.attributes[name] = value;
    }
  const rels = meta.relationships ?? {};
  if (!isObject(rels)) errors.push(fieldError('/meta/relationships', 'relationships', 'invalidType'));
  else
    for (const [name, value] of Object.entries(rels)) {
      if (!(BULK_RELATIONSHIPS as readonly string[]).includes(name)) errors.push(fieldError(`/meta/relationships/${pointerSegment(name)}`, name, 'unknownRelationship'));
      else input.relationships[name] = value;
    }
  if (meta.kickoff_shift !== undefined && meta.kickoff_shift !== null && meta.kickoff_shift !== '') {
    input.shift = typeof meta.kickoff_shift === 'string' ? parseKickoffShift(meta.kickoff_shift) : null;
    if (!input.shift) errors.push(fieldError('/meta/kickoff_shift', 'kickoff_shift', 'pattern', { pattern: KICKOFF_SHIFT_PATTERN.source }));
  }
  if (meta.kickoff_time !== undefined && meta.kickoff_time !== null && meta.kickoff_time !== '') {
    if (typeof meta.kickoff_time === 'string' && KICKOFF_TIME_PATTERN.test(meta.kickoff_time)) input.time = meta.kickoff_time;
    else errors.push(fieldError('/meta/kickoff_time', 'kickoff_time', 'pattern', { pattern: KICKOFF_TIME_PATTERN.source }));
  }
  if (meta.kickoff_date !== undefined && meta.kickoff_date !== null && meta.kickoff_date !== '') {
    if (typeof meta.kickoff_date === 'string' && isCalendarDate(meta.kickoff_date)) input.date = meta.kickoff_date;
    else errors.push(fieldError('/meta/kickoff_date', 'kickoff_date', 'invalidDate'));
  }
  if ('kickoff_at' in input.attributes && (meta.kickoff_shift || meta.kickoff_time || meta.kickoff_date))
    errors.push(errorSpec(422, 'matchKickoffTwice', { source: { pointer: '/meta/kickoff_shift' } }));
  if (input.date && input.shift) errors.push(errorSpec(422, 'matchKickoffTwice', { source: { pointer: '/meta/kickoff_date' } }));
  if (!errors.length && !Object.keys(input.attributes).length && !Object.keys(input.relationships).length && !input.shift && !input.time && !input.date)
    errors.push(errorSpec(422, 'matchChangesRequired', { source: { pointer: '/meta' } }));
  if (errors.length) throw ApiError.many(errors);
  return input;
}

interface PostponementInput {
  kickoff: Date | null;
  date: string | null;
  reason: string | null;
  notify: boolean;
}

function readPostponement(body: unknown): PostponementInput {
  const errors: ErrorSpec[] = [];
  if (!isObject(body) || !isObject(body.data)) throw ApiError.many([fieldError('/data', 'data', 'required')]);
  const data = body.data;
  if (data.type === undefined) errors.push(fieldError('/data/type', 'type', 'required'));
  else if (data.type !== 'match_postponements') errors.push(fieldError('/data/type', 'type', 'invalidType', { expected: 'match_postponements' }));
  const attrs = data.attributes ?? {};
  const out: PostponementInput = { kickoff: null, date: null, reason: null, notify: false };
  if (!isObject(attrs)) {
    errors.push(fieldError('/data/attributes', 'attributes', 'invalidType'));
    throw ApiError.many(errors);
  }
  for (const [name, value] of Object.entries(attrs)) {
    const pointer = `/data/attributes/${pointerSegment(name)}`;
    if (value === null || value === '') continue;
    if (name === 'kickoff_at') {
      const parsed = isoDateTime().safeParse(value);
      if (parsed.success) out.kickoff = new Date(parsed.data);
      else errors.push(fieldError(pointer, name, 'invalidDateTime'));
    } else if (name === 'date') {
      if (typeof value === 'string' && isCalendarDate(value)) out.date = value;
      else errors.push(fieldError(pointer, name, 'invalidDate'));
    } else if (name === 'reason') {
      if (typeof value !== 'string') errors.push(fieldError(pointer, name, 'invalidType', { expected: 'string' }));
      else if (!value.trim()) errors.push(fieldError(pointer, name, 'whitespace'));
      else if (value.length > REASON_MAX) errors.push(fieldError(pointer, name, 'maxLength', { maximum: REASON_MAX }));
      else out.reason = value.trim();
    } else if (name === 'notify') {
      if (typeof value !== 'boolean') errors.push(fieldError(pointer, name, 'invalidType', { expected: 'boolean' }));
      else out.notify = value;
    } else errors.push(fieldError(pointer, name, 'unknownAttribute'));
  }
  if (out.kickoff && out.date) errors.push(errorSpec(422, 'matchPostponementDate', { source: { pointer: '/data/attributes/date' } }));
  if (errors.length) throw ApiError.many(errors);
  return out;
}

/** `dry_run=true|false`; any other parameter but the list's filters is refused. */
function readQuery(raw: RawQuery, filters: boolean): { dryRun: boolean; filterQuery: RawQuery } {
  const filterQuery: RawQuery = {};
  let dryRun = false;
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'dry_run') {
      if (value !== 'true' && value !== 'false') throw badParameter(key, 'invalidFilterValue', { parameter: key, value: String(value) });
      dryRun = value === 'true';
    } else if (filters && key.startsWith('filter')) filterQuery[key] = value;
    else throw badParameter(key, 'badRequest.unknownParameter', { parameter: key, names: filters ? 'filter[…], dry_run' : 'dry_run' });
  }
  return { dryRun, filterQuery };
}

const iso = (v: unknown) => new Date(String(fromDb('datetime', v))).toISOString();

/** A preview row: the match, what it was and what it becomes (or would), and its own errors. */
function previewRow(before: MatchFacts, after: MatchFacts | undefined, errors: ErrorSpec[], request: FastifyRequest) {
  const side = (f: MatchFacts) => ({
    kickoff_at: f.kickoff_at,
    status: f.status,
    venue: f.venue ? { id: f.venue, name: f.venue_name } : null,
    round: { id: f.round, name: f.round_name },
  });
  const lang = errorLanguageOf(request);
  return { id: before.id, home: before.home, away: before.away, before: side(before), after: side(after ?? before), errors: errors.map((e) => renderError(e, lang)) };
}

/** The conflicts of the new schedule: the changed matches against every match on and around their days. */
async function conflictsOf(ctx: WriteContext, changed: Row[]): Promise<ScheduleConflict[]> {
  if (!changed.length) return [];
  const times = changed.map((r) => Date.parse(iso(r.kickoff_at)));
  const day = 86_400_000;
  const from = toDb(ctx.dialect, 'datetime', new Date(Math.min(...times) - day).toISOString()) as string;
  const to = toDb(ctx.dialect, 'datetime', new Date(Math.max(...times) + day).toISOString()) as string;
  const around = await scoped(ctx, model()).where('kickoff_at', '>=', from).where('kickoff_at', '<=', to).execute();
  const ids = new Set(changed.map((r) => String(r.id)));
  const rows = [...changed, ...around.filter((r) => !ids.has(String(r.id)))];
  const facts = await factsOf(ctx, rows);
  return findConflicts([...facts.values()], ids);
}

/** Error specs of one match's refusal, moved to where the mistake is in the request and naming the match. */
function relocate(spec: ErrorSpec, matchId: string, where: (pointer: string) => string): ErrorSpec {
  const pointer = spec.source?.pointer;
  return { ...spec, ...(pointer ? { source: { pointer: where(pointer) } } : {}), params: { ...(spec.params ?? {}), match: matchId } };
}

class DryRun extends Error {
  constructor(readonly result: unknown) {
    super('dry run');
  }
}

export function registerMatchScheduleRoutes(app: FastifyInstance, deps: { config: Config; database: Database; bus: ChangeBus }) {
  const write = transactionalWrites(deps);

  /** Runs in one transaction; a dry run rolls it back and answers what it would have answered. */
  async function transaction<T>(request: FastifyRequest, auth: AuthContext, dryRun: boolean, run: (ctx: WriteContext) => Promise<T>): Promise<T> {
    if (!dryRun) return write(request, auth, run);
    try {
      await write(request, auth, async (ctx) => {
        throw new DryRun(await run(ctx));
      });
    } catch (e) {
      if (e instanceof DryRun) return e.result as T;
      throw e;
    }
    throw new Error('unreachable');
  }

  app.patch(`${API_PREFIX}/matches`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'update', 'matches');
      const { dryRun, filterQuery } = readQuery(request.query as RawQuery, true);
      const filters = parseFilters(model(), filterQuery);
      const input = readBulk(request.body);
      if (!input.ids && !filters.length) throw apiError(422, 'matchSelectionRequired', { source: { pointer: '/data' } });
      const result = await transaction(request, auth, dryRun, async (ctx) => {
        let q = applyFilters(scoped(ctx, model()), filters, model().table, ctx.dialect);
        if (input.ids) q = q.where('id', 'in', [...new Set(input.ids.map((i) => Number(i.id)))]);
        const rows = await q.orderBy('kickoff_at').orderBy('id').limit(MAX_BULK_MATCHES + 1).execute();
        if (rows.length > MAX_BULK_MATCHES) {
          let counted = applyFilters(ctx.db.selectFrom('matches').where('client_id', '=', ctx.clientId), filters, 'matches', ctx.dialect);
          if (input.ids) counted = counted.where('id', 'in', [...new Set(input.ids.map((i) => Number(i.id)))]);
          const { n } = await counted.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
          const source = input.ids ? { pointer: '/data' } : { parameter: Object.keys(filterQuery)[0] };
          throw apiError(422, 'matchSelectionTooLarge', { values: { count: Number(n), max: MAX_BULK_MATCHES }, source, params: { count: Number(n), max: MAX_BULK_MATCHES } });
        }
        if (input.ids) {
          const found = new Set(rows.map((r) => String(r.id)));
          const missing = input.ids.filter((i) => !found.has(i.id));
          // An id of another client, or one the filter leaves out, is not selected: named where it is.
          if (missing.length) throw ApiError.many(missing.map((i) => fieldError(i.pointer, 'id', 'notFound')));
        }
        const before = await factsOf(ctx, rows);
        const errorsOf = new Map<string, ErrorSpec[]>();
        const after: Row[] = [];
        const where = (pointer: string) => {
          if (pointer.startsWith('/data/attributes/kickoff_at') && (input.shift || input.time || input.date))
            return input.shift ? '/meta/kickoff_shift' : input.date ? '/meta/kickoff_date' : '/meta/kickoff_time';
          if (pointer.startsWith('/data/attributes/') || pointer.startsWith('/data/relationships/')) return `/meta${pointer.slice('/data'.length)}`;
          return '/meta';
        };
        for (const row of rows) {
          const id = String(row.id);
          const attributes = { ...input.attributes };
          if (input.shift || input.time || input.date)
            attributes.kickoff_at = rescheduleKickoff(new Date(iso(row.kickoff_at)), { shift: input.shift, time: input.time, date: input.date }).toISOString();
          try {
            after.push(await updateRecord(ctx, model(), id, { data: { type: 'matches', id, attributes, relationships: input.relationships } }));
          } catch (e) {
            if (!(e instanceof ApiError)) throw e;
            errorsOf.set(id, e.errors.map((spec) => relocate(spec, id, where)));
            after.push(row);
          }
        }
        const afterFacts = await factsOf(ctx, after);
        const conflicts = await conflictsOf(ctx, after);
        const matches = rows.map((r) => previewRow(before.get(String(r.id))!, afterFacts.get(String(r.id)), errorsOf.get(String(r.id)) ?? [], request));
        const errors = [...errorsOf.values()].flat();
        // Applying: one refusal refuses them all (the transaction rolls back), each named.
        if (!dryRun && errors.length) throw ApiError.many(errors);
        return {
          ...(dryRun ? {} : { data: after.map((r) => toResourceObject(model(), r, ctx.apiBase)) }),
          meta: { dry_run: dryRun, count: rows.length, valid: !errors.length, matches, conflicts, ...(dryRun ? { errors: matches.flatMap((m) => m.errors) } : {}) },
        };
      });
      reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-store');
      return result;
    }),
  );

  /** Postpones matches to a new kickoff, a new date, or a date not known yet; the first match sets the step for a round. */
  async function postpone(ctx: WriteContext, rows: Row[], input: PostponementInput, request: FastifyRequest) {
    const sorted = [...rows].sort((a, b) => Date.parse(iso(a.kickoff_at)) - Date.parse(iso(b.kickoff_at)) || Number(a.id) - Number(b.id));
    const movable = sorted.filter((r) => POSTPONABLE.has(String(r.status)));
    const skipped = sorted.filter((r) => !POSTPONABLE.has(String(r.status))).map((r) => ({ id: String(r.id), status: String(r.status) }));
    const first = movable[0] ? new Date(iso(movable[0].kickoff_at)) : null;
    const shift: KickoffShift | null =
      first && input.kickoff
        ? { minutes: Math.round((input.kickoff.getTime() - first.getTime()) / 60_000), days: 0 }
        : first && input.date
          ? { minutes: 0, days: Math.round((Date.parse(`${input.date}T00:00:00Z`) - Date.parse(`${leagueDateOf(first)}T00:00:00Z`)) / 86_400_000) }
          : null;
    const before = await factsOf(ctx, movable);
    const updated: Row[] = [];
    const notifications: string[] = [];
    const errors: ErrorSpec[] = [];
    for (const row of movable) {
      const id = String(row.id);
      const old = new Date(iso(row.kickoff_at));
      const kickoff = shift ? rescheduleKickoff(old, { shift }) : null;
      const attributes = kickoff ? { kickoff_at: kickoff.toISOString(), status: 'not_started' } : { status: 'postponed' };
      try {
        updated.push(await updateRecord(ctx, model(), id, { data: { type: 'matches', id, attributes } }));
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        errors.push(...e.errors.map((spec) => relocate(spec, id, (p) => (p.startsWith('/data/attributes/kickoff_at') ? (input.date ? '/data/attributes/date' : '/data/attributes/kickoff_at') : '/data'))));
        continue;
      }
      // The postponement itself in the history, with its reason (the engine's entry holds the new values).
      await recordAudit(ctx, 'update', 'matches', id, {
        postponement: { before: old.toISOString(), after: kickoff ? kickoff.toISOString() : null },
        reason: { before: null, after: input.reason },
      });
      if (input.notify) notifications.push(await announcePostponement(ctx, before.get(id)!, kickoff, input.reason));
    }
    if (errors.length) throw ApiError.many(errors);
    return { updated, skipped, notifications, conflicts: await conflictsOf(ctx, updated), before, request };
  }

  const postponementAnswer = (dryRun: boolean, r: Awaited<ReturnType<typeof postpone>>, after: Map<string, MatchFacts>) => ({
    meta: {
      dry_run: dryRun,
      count: r.updated.length,
      matches: r.updated.map((row) => previewRow(r.before.get(String(row.id))!, after.get(String(row.id)), [], r.request)),
      skipped: r.skipped,
      notifications: dryRun ? [] : r.notifications,
      conflicts: r.conflicts,
    },
  });

  app.post<{ Params: { id: string } }>(`${API_PREFIX}/matches/:id/postponement`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'update', 'matches');
      const { dryRun } = readQuery(request.query as RawQuery, false);
      const input = readPostponement(request.body);
      if (input.notify) requireAbility(request, 'create', 'push_notifications');
      const result = await transaction(request, auth, dryRun, async (ctx) => {
        const row = await findRow(ctx, model(), request.params.id);
        if (!POSTPONABLE.has(String(row.status)))
          throw apiError(422, 'matchStatusNotSettable.postpone', { values: { status: String(row.status) }, source: { pointer: '/data' }, params: { status: row.status, match: String(row.id) } });
        const r = await postpone(ctx, [row], input, request);
        const after = await factsOf(ctx, r.updated);
        return { data: toResourceObject(model(), r.updated[0], ctx.apiBase), ...postponementAnswer(dryRun, r, after) };
      });
      reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-store');
      return result;
    }),
  );

  app.post<{ Params: { id: string } }>(`${API_PREFIX}/rounds/:id/postponement`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'update', 'matches');
      requireAbility(request, 'read', 'rounds');
      const { dryRun } = readQuery(request.query as RawQuery, false);
      const input = readPostponement(request.body);
      if (input.notify) requireAbility(request, 'create', 'push_notifications');
      const result = await transaction(request, auth, dryRun, async (ctx) => {
        const round = await findRow(ctx, modelOf('rounds'), request.params.id);
        const rows = await scoped(ctx, model()).where('round_id', '=', round.id as number).orderBy('kickoff_at').orderBy('id').limit(MAX_BULK_MATCHES + 1).execute();
        if (rows.length > MAX_BULK_MATCHES)
          throw apiError(422, 'matchSelectionTooLarge', { values: { count: rows.length, max: MAX_BULK_MATCHES }, source: { pointer: '/data' }, params: { max: MAX_BULK_MATCHES } });
        const r = await postpone(ctx, rows, input, request);
        const after = await factsOf(ctx, r.updated);
        return { data: r.updated.map((row) => toResourceObject(model(), row, ctx.apiBase)), ...postponementAnswer(dryRun, r, after) };
      });
      reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-store');
      return result;
    }),
  );
}
