import { sql, type SqlBool } from 'kysely';
import { MATCH_MANAGER_STATUSES, MATCH_SETTABLE_STATUSES } from '@umpire/schema';
import { badParameter, errorSpec, type ErrorSpec } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';
import { modelOf } from '../jsonapi/model';
import { publicModelOf, publicSearch } from '../jsonapi/public-projection';
import { likeWord, searchWords } from '../jsonapi/query';
import { defineRules } from '../jsonapi/rules';
import { publish, updateRecord } from '../jsonapi/write';
import type { Row } from '../jsonapi/read';
import { fromDb } from '../db/values';
import type { ChangeEvent, WriteContext } from '../jsonapi/context';
import { deriveIncident, matchOf, matchStateFrom, squadMember, validateIncident } from './incident-rules';

/** Work another capability keeps in step with a match's state or place (the predictor settles predictions). */
type MatchListener = (ctx: WriteContext, matchId: number) => Promise<void>;
const MATCH_LISTENERS: MatchListener[] = [];

export function onMatchChange(listener: MatchListener): void {
  if (!MATCH_LISTENERS.includes(listener)) MATCH_LISTENERS.push(listener);
}

async function matchChanged(ctx: WriteContext, matchId: number): Promise<void> {
  for (const listener of MATCH_LISTENERS) await listener(ctx, matchId);
}

/**
 * Work another capability does when an incident or a line-up is written (the match alerts of
 * push/match-alerts.ts), in the write's transaction and after the match's score and status have
 * followed: what it makes exists exactly when the change commits.
 */
type RowListener = (ctx: WriteContext, event: ChangeEvent) => Promise<void>;
const INCIDENT_LISTENERS: RowListener[] = [];
const LINEUP_LISTENERS: RowListener[] = [];

export function onIncidentChange(listener: RowListener): void {
  if (!INCIDENT_LISTENERS.includes(listener)) INCIDENT_LISTENERS.push(listener);
}

export function onLineupChange(listener: RowListener): void {
  if (!LINEUP_LISTENERS.includes(listener)) LINEUP_LISTENERS.push(listener);
}

/** Keeps a match's score and status in step with its incidents, and tells its subscribers. */
export async function refreshMatchState(ctx: WriteContext, matchId: number): Promise<void> {
  const match = await matchOf(ctx, matchId);
  if (!match) return;
  const incidents = await ctx.db.selectFrom('incidents').selectAll().where('client_id', '=', ctx.clientId).where('match_id', '=', matchId).execute();
  const derived = matchStateFrom(incidents, Number(match.home_squad_id), Number(match.away_squad_id));
  // An abandoned match keeps its status while its incidents are corrected (postponed and cancelled ones take none).
  const manager = (MATCH_MANAGER_STATUSES as readonly unknown[]).includes(match.status);
  const state = { ...derived, status: manager ? (match.status as typeof derived.status) : derived.status };
  const changed = (Object.keys(state) as (keyof typeof state)[]).some((k) => match[k] !== state[k]);
  if (!changed) return;
  const after = await ctx.db
    .updateTable('matches')
    // Derived columns only: updated_at stays, so an edit of the match's own fields is not stale.
    .set(state)
    .where('id', '=', matchId)
    .where('client_id', '=', ctx.clientId)
    .returningAll()
    .executeTakeFirstOrThrow();
  publish(ctx, modelOf('matches'), 'update', String(matchId), match, after);
  await matchChanged(ctx, matchId);
}

defineRules('incidents', {
  async validate(ctx, { before, row }) {
    if (before && Number(before.match_id) !== Number(row.match_id))
      return [fieldError('/data/relationships/match', 'match', 'readOnly.incidentMatch')];
    return validateIncident(ctx, row);
  },
  derive: deriveIncident,
  async afterWrite(ctx, event) {
    await refreshMatchState(ctx, Number((event.after ?? event.before)!.match_id));
    for (const listener of INCIDENT_LISTENERS) await listener(ctx, event);
  },
});

// What `filter[club_search]` reads of a club is its search text: all of it must be public, or the
// filter would tell a hidden attribute a word at a time.
const clubs = publicModelOf('clubs');
if (!clubs || !publicSearch(clubs)) throw new Error('matches.filter[club_search] reads the clubs\' search text, whose attributes must all be public');

defineRules('matches', {
  filters: {
    // `filter[club]=<id>[,<id>]`: the matches a club plays, home or away (a fixture list of one club).
    club(value, parameter) {
      const ids = value.split(',').map((v) => v.trim());
      if (!ids.length || ids.some((v) => !/^[1-9]\d{0,14}$/.test(v))) throw badParameter(parameter, 'invalidFilterValue.id', { parameter });
      return {
        volatile: false,
        where: (table) => {
          const squads = sql`select s.id from squads as s inner join teams as t on t.id = s.team_id where t.client_id = ${sql.ref(`${table}.client_id`)} and t.club_id in (${sql.join(ids.map(Number))})`;
          return sql<SqlBool>`(${sql.ref(`${table}.home_squad_id`)} in (${squads}) or ${sql.ref(`${table}.away_squad_id`)} in (${squads}))`;
        },
      };
    },
    /**
     * `filter[club_search]=lodz`: the matches whose clubs, home or away, hold every word in their
     * folded text (name, short name, code, city: `lodz` finds Widzew Łódź's, `widzew legia` the
     * derby), as `filter[q]` folds and matches words.
     */
    club_search(value, parameter) {
      const words = searchWords(value, parameter);
      return {
        volatile: false,
        where: (table) => {
          if (!words.length) return sql<SqlBool>`1 = 1`;
          const side = (word: string) => {
            const squads = sql`select s.id from squads as s inner join teams as t on t.id = s.team_id inner join clubs as c on c.id = t.club_id where t.client_id = ${sql.ref(`${table}.client_id`)} and c.search_text like ${likeWord(word)} escape '\\'`;
            return sql<SqlBool>`(${sql.ref(`${table}.home_squad_id`)} in (${squads}) or ${sql.ref(`${table}.away_squad_id`)} in (${squads}))`;
          };
          return sql<SqlBool>`(${sql.join(words.map(side), sql` and `)})`;
        },
      };
    },
  },
  async validate(ctx, { before, row }) {
    const errors: ErrorSpec[] = [];
    if (Number(row.home_squad_id) === Number(row.away_squad_id))
      errors.push(
        errorSpec(422, 'sameSquad', { values: { field: 'away_squad', other: 'home_squad' }, source: { pointer: '/data/relationships/away_squad/data/id' } }),
      );
    if (row.group_id != null) {
      const [round, group] = await Promise.all([
        ctx.db.selectFrom('rounds').select('stage_id').where('id', '=', row.round_id as number).where('client_id', '=', ctx.clientId).executeTakeFirst(),
        ctx.db.selectFrom('groups').select('stage_id').where('id', '=', row.group_id as number).where('client_id', '=', ctx.clientId).executeTakeFirst(),
      ]);
      if (round && group && Number(round.stage_id) !== Number(group.stage_id))
        errors.push(fieldError('/data/relationships/group/data/id', 'group', 'groupNotInStage'));
    }
    // Squads cannot change once incidents refer to them.
    if (before && (before.home_squad_id !== row.home_squad_id || before.away_squad_id !== row.away_squad_id)) {
      const used = await ctx.db.selectFrom('incidents').select('id').where('match_id', '=', before.id as number).where('client_id', '=', ctx.clientId).executeTakeFirst();
      if (used) errors.push(errorSpec(422, 'squadsLocked', { source: { pointer: '/data/relationships/home_squad' } }));
    }
    if (row.status !== (before?.status ?? 'not_started')) {
      const problem = await statusProblem(ctx, before ?? undefined, String(row.status));
      if (problem) errors.push(problem);
    }
    return errors;
  },
  async afterWrite(ctx, event) {
    if (event.action !== 'update' || !event.before || !event.after) return;
    const { before, after } = event;
    // A postponed match given a new kickoff is scheduled again (see statusProblem).
    if (before.status === 'postponed' && after.status === 'postponed' && !sameInstant(before.kickoff_at, after.kickoff_at)) {
      await updateRecord(ctx, modelOf('matches'), event.id, { data: { type: 'matches', id: event.id, attributes: { status: 'not_started' } } });
      return;
    }
    // An abandoned match set back to not_started takes the status of its incidents again.
    if (before.status === 'abandoned' && after.status === 'not_started') await refreshMatchState(ctx, Number(event.id));
    // A match moved to another round takes what depends on its round along, as does a new status (predictions).
    if (before.round_id !== after.round_id || before.status !== after.status) await matchChanged(ctx, Number(event.id));
  },
});

const sameInstant = (a: unknown, b: unknown) => Date.parse(String(fromDb('datetime', a))) === Date.parse(String(fromDb('datetime', b)));

/**
 * Statuses staff set (issue 26). The incident statuses (first_half … finished) stay derived and are
 * never set by hand. postponed and cancelled fit a match that has not started (no incidents): a
 * league postpones a match before it is played, and one that started and was stopped is abandoned
 * (its incidents stay; what its result becomes is for the disciplinary body). not_started brings a
 * postponed or cancelled match back, or reopens an abandoned one, whose status then follows from its
 * incidents again. Choice for postponements: a postponed match keeps the status `postponed` (and
 * its old kickoff) while no new date is known; once it is given a new kickoff it is `not_started`
 * again (afterWrite above), and the history keeps the postponement (the status change with its
 * reason, then the move).
 */
async function statusProblem(ctx: WriteContext, before: Row | undefined, status: string): Promise<ErrorSpec | null> {
  const source = { pointer: '/data/attributes/status' };
  if (!(MATCH_SETTABLE_STATUSES as readonly string[]).includes(status)) return errorSpec(422, 'matchStatusNotSettable', { values: { status }, source, params: { status } });
  const started = before
    ? !!(await ctx.db.selectFrom('incidents').select('id').where('match_id', '=', before.id as number).where('client_id', '=', ctx.clientId).executeTakeFirst())
    : false;
  if (status === 'abandoned') {
    const derived = before?.status === 'abandoned' ? null : before?.status;
    if (!started || derived === 'finished') return errorSpec(422, 'matchStatusNotSettable.notStarted', { source, params: { status } });
    return null;
  }
  if (started && !(status === 'not_started' && before?.status === 'abandoned'))
    return errorSpec(422, 'matchStatusNotSettable.started', { values: { status }, source, params: { status } });
  return null;
}

defineRules('lineups', {
  async validate(ctx, { row }) {
    const match = await matchOf(ctx, row.match_id);
    if (!match) return [];
    if (![Number(match.home_squad_id), Number(match.away_squad_id)].includes(Number(row.squad_id)))
      return [fieldError('/data/relationships/squad/data/id', 'squad', 'squadNotInMatch')];
    const member = await squadMember(ctx, row.squad_id, row.player_id);
    return member ? [] : [fieldError('/data/relationships/player/data/id', 'player', 'playerNotInSquad')];
  },
  async derive(ctx, row) {
    if (row.shirt_number != null) return {};
    // The squad's shirt number unless the lineup says otherwise.
    const member = await squadMember(ctx, row.squad_id, row.player_id);
    return { shirt_number: member?.shirt_number ?? null };
  },
  async afterWrite(ctx, event) {
    for (const listener of LINEUP_LISTENERS) await listener(ctx, event);
  },
});
