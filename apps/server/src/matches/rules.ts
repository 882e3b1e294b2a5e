import { sql, type SqlBool } from 'kysely';
import { badParameter, errorSpec, type ErrorSpec } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';
import { modelOf } from '../jsonapi/model';
import { defineRules } from '../jsonapi/rules';
import { publish } from '../jsonapi/write';
import type { WriteContext } from '../jsonapi/context';
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

/** Keeps a match's score and status in step with its incidents, and tells its subscribers. */
export async function refreshMatchState(ctx: WriteContext, matchId: number): Promise<void> {
  const match = await matchOf(ctx, matchId);
  if (!match) return;
  const incidents = await ctx.db.selectFrom('incidents').selectAll().where('client_id', '=', ctx.clientId).where('match_id', '=', matchId).execute();
  const state = matchStateFrom(incidents, Number(match.home_squad_id), Number(match.away_squad_id));
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
  },
});

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
    return errors;
  },
  async afterWrite(ctx, event) {
    // A match moved to another round takes what depends on its round along.
    if (event.action === 'update' && event.before?.round_id !== event.after?.round_id) await matchChanged(ctx, Number(event.id));
  },
});

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
});
