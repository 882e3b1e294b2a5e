import {
  ALERT_KIND_OF_INCIDENT,
  DEFAULT_MATCH_ALERT_KINDS,
  DEFAULT_MATCH_ALERT_TEMPLATES,
  matchAlertTag,
  matchAlertTopics,
  renderAlertTemplate,
  unknownAlertFields,
  type MatchAlertTemplateKind,
  type MatchAlertText,
  type MatchAlertValues,
} from '@umpire/schema';
import type { Database, DB } from '../db/database';
import { fromDb, toDb } from '../db/values';
import type { Clock } from '../jobs/clock';
import { cancelJobs, enqueue, type Job } from '../jobs/queue';
import type { JobWorker } from '../jobs/worker';
import { recordAudit, type Changes } from '../jsonapi/audit';
import type { ChangeEvent, WriteContext } from '../jsonapi/context';
import type { ErrorSpec } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';
import { modelOf } from '../jsonapi/model';
import type { Row } from '../jsonapi/read';
import { defineRules } from '../jsonapi/rules';
import { clientCollation, withShadows } from '../jsonapi/shadow';
import { publish } from '../jsonapi/write';
import { matchStateFrom } from '../matches/incident-rules';
import { onIncidentChange, onLineupChange } from '../matches/rules';
import type { ChangeBus } from '../realtime/change-bus';
import { PUSH_SEND_JOB, pushJobKey, pushNow } from './push-rules';

/**
 * Match alerts (issue 41): the match centre's own push notifications, made from incidents and
 * line-ups in the transaction that writes them, so an alert exists exactly when its incident
 * committed. An alert is a push notification (origin `match_alert`, status `scheduled`, sent now)
 * with its kind, its tag (matchAlertTag), its match and incident, its texts rendered from the
 * league's template, a `match` link, and its send job; the sender (sender.ts) resolves who gets it.
 *
 * Corrections: an alert not yet sent is rewritten in place (a corrected incident) or removed (a
 * deleted one), so nobody gets two. Once one went out, a corrected incident makes a new alert of
 * its kind under the same tag, and a deleted one a `correction` alert under that tag, with the score
 * after the deletion; both reach only the subscriptions the earlier ones were delivered to.
 */
export const MATCH_ALERT_ACTOR = 'system:push';
export const LINEUPS_ALERT_JOB = 'push.lineups_alert';
/** Line-ups are written a row at a time: the alert waits this long after the last row, so a squad's eleven make one. */
export const LINEUPS_ALERT_DELAY_MS = 60_000;
const lineupsJobKey = (clientId: number, matchId: number) => `push:lineups:${clientId}:${matchId}`;
const TEMPLATE_TEXTS = ['title_pl', 'body_pl', 'title_en', 'body_en'] as const;
// The push notification's own limits (push-notifications.resource.ts): a long club name never makes an alert unreadable by the API.
const TITLE_MAX = 120;
const BODY_MAX = 500;

defineRules('match_alert_templates', {
  async validate(_ctx, { row }) {
    const errors: ErrorSpec[] = [];
    for (const field of TEMPLATE_TEXTS) {
      const value = row[field];
      if (typeof value !== 'string') continue;
      const names = unknownAlertFields(value);
      if (names.length) errors.push(fieldError(`/data/attributes/${field}`, field, 'unknownAlertField', { names }));
    }
    return errors;
  },
});

/** What an alert tells of its match. */
interface MatchFacts {
  id: number;
  homeSquadId: number;
  awaySquadId: number;
  homeClubId: number | null;
  awayClubId: number | null;
  competitionId: number | null;
  home: string;
  away: string;
  competition: string;
  /** The score now (after the write, its incidents counted). */
  homeScore: number;
  awayScore: number;
  sendsAlerts: boolean;
}

const bool = (v: unknown) => fromDb('boolean', v) === true;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

async function matchFacts(ctx: Pick<WriteContext, 'db' | 'clientId'>, matchId: number): Promise<MatchFacts | null> {
  const side = (alias: 'h' | 'a') => [`${alias}s.name as ${alias}_squad`, `${alias}t.name as ${alias}_team`, `${alias}c.id as ${alias}_club_id`, `${alias}c.name as ${alias}_club`, `${alias}c.short_name as ${alias}_club_short`] as const;
  const m = await ctx.db
    .selectFrom('matches as m')
    .leftJoin('rounds as r', 'r.id', 'm.round_id')
    .leftJoin('stages as st', 'st.id', 'r.stage_id')
    .leftJoin('competition_seasons as cs', 'cs.id', 'st.competition_season_id')
    .leftJoin('competitions as c', 'c.id', 'cs.competition_id')
    .leftJoin('squads as hs', 'hs.id', 'm.home_squad_id')
    .leftJoin('teams as ht', 'ht.id', 'hs.team_id')
    .leftJoin('clubs as hc', 'hc.id', 'ht.club_id')
    .leftJoin('squads as as', 'as.id', 'm.away_squad_id')
    .leftJoin('teams as at', 'at.id', 'as.team_id')
    .leftJoin('clubs as ac', 'ac.id', 'at.club_id')
    .select(['m.id', 'm.home_squad_id', 'm.away_squad_id', 'm.home_score', 'm.away_score', 'm.alerts_muted', 'c.id as competition_id', 'c.name as competition', 'c.match_alerts', ...side('h'), ...side('a')])
    .where('m.id', '=', matchId)
    .where('m.client_id', '=', ctx.clientId)
    .executeTakeFirst();
  if (!m) return null;
  // As fans know a club in a notification's few words: its short name, else its name, else the team's or squad's.
  const name = (a: 'h' | 'a') => str(m[`${a}_club_short`]) || str(m[`${a}_club`]) || str(m[`${a}_team`]) || str(m[`${a}_squad`]);
  return {
    id: Number(m.id),
    homeSquadId: Number(m.home_squad_id),
    awaySquadId: Number(m.away_squad_id),
    homeClubId: m.h_club_id == null ? null : Number(m.h_club_id),
    awayClubId: m.a_club_id == null ? null : Number(m.a_club_id),
    competitionId: m.competition_id == null ? null : Number(m.competition_id),
    home: name('h'),
    away: name('a'),
    competition: str(m.competition),
    homeScore: Number(m.home_score ?? 0),
    awayScore: Number(m.away_score ?? 0),
    // A competition turned off, or a match staff muted, sends nothing (corrections neither).
    sendsAlerts: !bool(m.alerts_muted) && (m.match_alerts == null || bool(m.match_alerts)),
  };
}

/** The topics whose followers an alert of the match reaches (matchAlertTopics); none for a match that is gone. */
export async function alertTopicsOf(db: DB, clientId: number, matchId: number): Promise<string[]> {
  const facts = await matchFacts({ db, clientId }, matchId);
  return facts ? matchAlertTopics({ matchId, homeClubId: facts.homeClubId, awayClubId: facts.awayClubId, competitionId: facts.competitionId }) : [];
}

type Templates = Map<string, Row>;

async function templatesOf(ctx: WriteContext): Promise<Templates> {
  const rows = await ctx.db.selectFrom('match_alert_templates').selectAll().where('client_id', '=', ctx.clientId).execute();
  return new Map(rows.map((r) => [String(r.kind), r]));
}

/** A kind without a row goes out as the defaults say; a correction follows the alert it corrects unless staff turn it off. */
function enabled(templates: Templates, kind: MatchAlertTemplateKind): boolean {
  const row = templates.get(kind);
  if (row) return bool(row.enabled);
  return kind === 'correction' || (DEFAULT_MATCH_ALERT_KINDS as readonly string[]).includes(kind);
}

function textsOf(templates: Templates, kind: MatchAlertTemplateKind): Record<'pl' | 'en', MatchAlertText> {
  const row = templates.get(kind);
  if (!row) return DEFAULT_MATCH_ALERT_TEMPLATES[kind];
  return { pl: { title: str(row.title_pl), body: str(row.body_pl) }, en: { title: str(row.title_en), body: str(row.body_en) } };
}

/** The kind of alert an incident makes, if any. A shoot-out's penalties (half 5) change no score: no goal alerts. */
export function alertKindOf(incident: Row | null): MatchAlertTemplateKind | null {
  if (!incident) return null;
  const kind = ALERT_KIND_OF_INCIDENT[String(incident.incident_type)];
  if (!kind || kind === 'news') return null;
  if (kind === 'goal' && Number(incident.occurrence_half) >= 5) return null;
  return kind;
}

const PER_INCIDENT = new Set(['goal', 'red_card']);
const tagOf = (matchId: number, kind: MatchAlertTemplateKind, incidentId: unknown) =>
  PER_INCIDENT.has(kind) ? matchAlertTag(matchId, { incidentId: String(incidentId) }) : matchAlertTag(matchId, { kind });

/** What fans read in an alert about an incident: a change of any of these is a corrected alert. */
const TOLD = ['incident_type', 'player_id', 'squad_id', 'occurrence_half', 'occurrence_minute', 'stoppage_minute'] as const;
const told = (before: Row, after: Row) => TOLD.some((k) => String(before[k] ?? '') !== String(after[k] ?? ''));

/** `67'`, `90+3'`. */
const minuteOf = (incident: Row) => {
  const minute = Number(incident.occurrence_minute);
  const stoppage = incident.stoppage_minute == null ? 0 : Number(incident.stoppage_minute);
  return stoppage ? `${minute}+${stoppage}'` : `${minute}'`;
};

/** A player as the site names one (packages/render playerName): the nickname, else first and last name. */
async function playerName(ctx: WriteContext, playerId: unknown): Promise<string | null> {
  if (playerId == null) return null;
  const p = await ctx.db.selectFrom('players').select(['first_name', 'last_name', 'nickname']).where('id', '=', Number(playerId)).where('client_id', '=', ctx.clientId).executeTakeFirst();
  if (!p) return null;
  return str(p.nickname) || [str(p.first_name), str(p.last_name)].filter(Boolean).join(' ') || null;
}

/**
 * The score once `incident` counts: the match's incidents up to it in match order (sort key,
 * stoppage, id), as matchStateFrom counts them. A goal entered late (a 30th-minute goal after a
 * 60th-minute one) tells the score it made, not the latest.
 */
async function scoreAfter(ctx: WriteContext, facts: MatchFacts, incident: Row): Promise<{ home: number; away: number }> {
  const rows = await ctx.db
    .selectFrom('incidents')
    .select(['id', 'incident_type', 'occurrence_half', 'squad_id', 'sort_key', 'stoppage_minute'])
    .where('client_id', '=', ctx.clientId)
    .where('match_id', '=', facts.id)
    .execute();
  const key = (r: Row) => [Number(r.sort_key), Number(r.stoppage_minute ?? 0), Number(r.id)];
  const at = key(incident);
  const upTo = rows.filter((r) => {
    const k = key(r);
    return k[0] < at[0] || (k[0] === at[0] && (k[1] < at[1] || (k[1] === at[1] && k[2] <= at[2])));
  });
  const state = matchStateFrom(upTo, facts.homeSquadId, facts.awaySquadId);
  return { home: state.home_score, away: state.away_score };
}

async function valuesOf(ctx: WriteContext, facts: MatchFacts, incident: Row | null, score: { home: number; away: number }): Promise<MatchAlertValues> {
  const team = incident?.squad_id == null ? null : Number(incident.squad_id) === facts.homeSquadId ? facts.home : facts.away;
  return {
    home: facts.home,
    away: facts.away,
    home_score: score.home,
    away_score: score.away,
    minute: incident ? minuteOf(incident) : null,
    player: incident ? await playerName(ctx, incident.player_id) : null,
    team,
    competition: facts.competition || null,
  };
}

function rendered(templates: Templates, kind: MatchAlertTemplateKind, values: MatchAlertValues) {
  const t = textsOf(templates, kind);
  const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
  return {
    title_pl: cut(renderAlertTemplate(t.pl.title, values), TITLE_MAX),
    body_pl: cut(renderAlertTemplate(t.pl.body, values), BODY_MAX),
    title_en: cut(renderAlertTemplate(t.en.title, values), TITLE_MAX),
    body_en: cut(renderAlertTemplate(t.en.body, values), BODY_MAX),
  };
}
type Texts = ReturnType<typeof rendered>;

const READ = () => modelOf('push_notifications').readColumns;
const systemCtx = (ctx: WriteContext): WriteContext => ({ ...ctx, actor: MATCH_ALERT_ACTOR });
const nowDb = (ctx: WriteContext) => toDb(ctx.dialect, 'datetime', pushNow().toISOString());

/** A new alert, its match link, its history and its send job, in the caller's transaction. */
async function insertAlert(ctx: WriteContext, facts: MatchFacts, kind: MatchAlertTemplateKind, tag: string, incidentId: number | null, texts: Texts): Promise<void> {
  const now = nowDb(ctx);
  const values = withShadows(
    'push_notifications',
    {
      client_id: ctx.clientId,
      ...texts,
      status: 'scheduled',
      send_at: now,
      origin: 'match_alert',
      alert_kind: kind,
      alert_tag: tag,
      alert_match_id: facts.id,
      alert_incident_id: incidentId,
      created_at: now,
      updated_at: now,
    },
    await clientCollation(ctx),
  );
  const row = await ctx.db.insertInto('push_notifications').values(values).returning(READ()).executeTakeFirstOrThrow();
  const id = Number(row.id);
  await ctx.db.insertInto('push_notification_links').values({ client_id: ctx.clientId, push_notification_id: id, name: 'match', target_type: 'matches', target_id: facts.id, position: 0 }).execute();
  const changes: Changes = { origin: { before: null, after: 'match_alert' }, alert_kind: { before: null, after: kind }, alert_tag: { before: null, after: tag }, status: { before: null, after: 'scheduled' } };
  await recordAudit(systemCtx(ctx), 'create', 'push_notifications', String(id), changes);
  const at = pushNow();
  await enqueue(ctx.db, ctx.dialect, PUSH_SEND_JOB, { clientId: ctx.clientId, id }, { runAt: at, key: pushJobKey(id), maxAttempts: 5 }, at);
  // Published after the commit: staff's lists hear of it, and every instance's worker wakes for its job (app.ts).
  publish(systemCtx(ctx), modelOf('push_notifications'), 'create', String(id), null, row);
}

/** Rewrites an alert nobody has received yet; false when the sender took it meanwhile (it is no longer scheduled). */
async function rewriteUnsent(ctx: WriteContext, id: number, kind: MatchAlertTemplateKind, incidentId: number | null, texts: Texts): Promise<boolean> {
  const before = await ctx.db.selectFrom('push_notifications').select(READ()).where('id', '=', id).where('status', '=', 'scheduled').executeTakeFirst();
  if (!before) return false;
  const set = withShadows('push_notifications', { ...texts, alert_kind: kind, alert_incident_id: incidentId, updated_at: nowDb(ctx) }, await clientCollation(ctx));
  const after = await ctx.db.updateTable('push_notifications').set(set).where('id', '=', id).where('status', '=', 'scheduled').returning(READ()).executeTakeFirst();
  if (!after) return false;
  const changes: Changes = {};
  for (const k of [...TEMPLATE_TEXTS, 'alert_kind'] as const) if (before[k] !== after[k]) changes[k] = { before: before[k], after: after[k] };
  await recordAudit(systemCtx(ctx), 'update', 'push_notifications', String(id), changes);
  publish(systemCtx(ctx), modelOf('push_notifications'), 'update', String(id), before, after);
  return true;
}

/** Removes an alert nobody has received yet, with its send job; false when the sender took it meanwhile. */
async function removeUnsent(ctx: WriteContext, id: number): Promise<boolean> {
  const before = await ctx.db.deleteFrom('push_notifications').where('id', '=', id).where('status', '=', 'scheduled').where('client_id', '=', ctx.clientId).returning(READ()).executeTakeFirst();
  if (!before) return false;
  await cancelJobs(ctx.db, pushJobKey(id));
  await recordAudit(systemCtx(ctx), 'delete', 'push_notifications', String(id), { status: { before: 'scheduled', after: null } });
  publish(systemCtx(ctx), modelOf('push_notifications'), 'delete', String(id), before, null);
  return true;
}

/** The alerts of a tag, newest first. */
const alertsOfTag = (ctx: WriteContext, matchId: number, tag: string) =>
  ctx.db
    .selectFrom('push_notifications')
    .select(['id', 'status', 'alert_kind'])
    .where('client_id', '=', ctx.clientId)
    .where('alert_match_id', '=', matchId)
    .where('alert_tag', '=', tag)
    .where('origin', '=', 'match_alert')
    .orderBy('id', 'desc')
    .execute();

/** Tells fans of an incident: rewrites the unsent alert of its tag, or makes a new one. */
async function announce(ctx: WriteContext, facts: MatchFacts, templates: Templates, kind: MatchAlertTemplateKind, incident: Row): Promise<void> {
  const tag = tagOf(facts.id, kind, incident.id);
  const texts = rendered(templates, kind, await valuesOf(ctx, facts, incident, await scoreAfter(ctx, facts, incident)));
  for (const a of await alertsOfTag(ctx, facts.id, tag))
    if (a.status === 'scheduled' && (await rewriteUnsent(ctx, Number(a.id), kind, Number(incident.id), texts))) return;
  await insertAlert(ctx, facts, kind, tag, Number(incident.id), texts);
}

/**
 * An incident that no longer makes its alert (deleted, or now of a type that makes none): its
 * unsent alerts go; if one went out, a correction follows under its tag with the score now.
 */
async function retract(ctx: WriteContext, facts: MatchFacts, templates: Templates, incident: Row): Promise<void> {
  const made = await ctx.db
    .selectFrom('push_notifications')
    .select(['alert_tag'])
    .where('client_id', '=', ctx.clientId)
    .where('alert_match_id', '=', facts.id)
    .where('alert_incident_id', '=', Number(incident.id))
    .where('origin', '=', 'match_alert')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!made?.alert_tag) return;
  const tag = String(made.alert_tag);
  const alerts = await alertsOfTag(ctx, facts.id, tag);
  // Fans were told already that it was cancelled (a red card made a yellow one, then deleted).
  if (alerts[0]?.alert_kind === 'correction' && alerts[0].status !== 'scheduled') return;
  let wentOut = false;
  for (const a of alerts) {
    if (a.status === 'scheduled' && (await removeUnsent(ctx, Number(a.id)))) continue;
    // Sending, sent (or failed: nobody got it, and the correction then reaches nobody either).
    wentOut = true;
  }
  if (!wentOut || !enabled(templates, 'correction')) return;
  const texts = rendered(templates, 'correction', await valuesOf(ctx, facts, incident, { home: facts.homeScore, away: facts.awayScore }));
  await insertAlert(ctx, facts, 'correction', tag, Number(incident.id), texts);
}

async function incidentChanged(ctx: WriteContext, event: ChangeEvent): Promise<void> {
  const { before, after } = event;
  const was = alertKindOf(before);
  const is = alertKindOf(after);
  if (!was && !is) return;
  const facts = await matchFacts(ctx, Number((after ?? before)!.match_id));
  if (!facts?.sendsAlerts) return;
  const templates = await templatesOf(ctx);
  const sameTag = was && is && tagOf(facts.id, was, before!.id) === tagOf(facts.id, is, after!.id);
  // What it told is no longer so (deleted, or now another kind of alert under another tag).
  if (was && !sameTag) await retract(ctx, facts, templates, before!);
  if (!is || !enabled(templates, is)) return;
  // Edited without changing what fans read (its description): nothing to tell.
  if (sameTag && !told(before!, after!)) return;
  await announce(ctx, facts, templates, is, after!);
}

/** A line-up row written: the line-ups alert is (re)planned a minute on, when both elevens are likely in. */
async function lineupChanged(ctx: WriteContext, event: ChangeEvent): Promise<void> {
  if (!event.after) return;
  const matchId = Number(event.after.match_id);
  if (!enabled(await templatesOf(ctx), 'lineups')) return;
  const tag = matchAlertTag(matchId, { kind: 'lineups' });
  if ((await alertsOfTag(ctx, matchId, tag)).length) return;
  const now = pushNow();
  await enqueue(ctx.db, ctx.dialect, LINEUPS_ALERT_JOB, { clientId: ctx.clientId, matchId }, { runAt: new Date(now.getTime() + LINEUPS_ALERT_DELAY_MS), key: lineupsJobKey(ctx.clientId, matchId) }, now);
}

/** The line-ups alert, once per match, when both squads have a starting line-up (checked again when the job runs). */
export async function lineupsAlert(ctx: WriteContext, matchId: number): Promise<boolean> {
  const facts = await matchFacts(ctx, matchId);
  if (!facts?.sendsAlerts) return false;
  const templates = await templatesOf(ctx);
  if (!enabled(templates, 'lineups')) return false;
  const tag = matchAlertTag(matchId, { kind: 'lineups' });
  if ((await alertsOfTag(ctx, matchId, tag)).length) return false;
  const starting = await ctx.db
    .selectFrom('lineups')
    .select('squad_id')
    .distinct()
    .where('client_id', '=', ctx.clientId)
    .where('match_id', '=', matchId)
    .where('is_starting', '=', toDb(ctx.dialect, 'boolean', true) as boolean)
    .execute();
  const squads = new Set(starting.map((s) => Number(s.squad_id)));
  if (!squads.has(facts.homeSquadId) || !squads.has(facts.awaySquadId)) return false;
  const texts = rendered(templates, 'lineups', await valuesOf(ctx, facts, null, { home: facts.homeScore, away: facts.awayScore }));
  await insertAlert(ctx, facts, 'lineups', tag, null, texts);
  return true;
}

onIncidentChange(incidentChanged);
onLineupChange(lineupChanged);

/** Runs the line-ups alert jobs (the main worker's). */
export function startMatchAlerts(deps: { database: Database; bus: ChangeBus; worker: JobWorker | null; clock: Clock }): void {
  deps.worker?.handle(LINEUPS_ALERT_JOB, async (job: Job) => {
    const p = job.payload as { clientId: number; matchId: number };
    const events: ChangeEvent[] = [];
    await deps.database.db.transaction().execute((trx) =>
      lineupsAlert({ db: trx, dialect: deps.database.dialect, clientId: p.clientId, actor: MATCH_ALERT_ACTOR, apiBase: '', events }, p.matchId),
    );
    if (events.length) await deps.bus.publish(events);
  });
}
