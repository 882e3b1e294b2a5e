import type { ApiClient } from './test-server';

const link = (type: string, id: string) => ({ data: { type, id: String(id) } });

export interface MatchFixture {
  matchId: string;
  homeSquad: string;
  awaySquad: string;
  homePlayers: string[];
  awayPlayers: string[];
}

let serial = 0;

async function create(api: ApiClient, type: string, attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}): Promise<string> {
  const res = await api.post(`/api/v3/${type}`, { data: { type, attributes, relationships } });
  if (res.status !== 201) throw new Error(`fixture ${type}: ${res.status} ${res.text}`);
  return res.body.data.id;
}

/**
 * A match of two squads with a few players each, made through the API so it does not depend on
 * the demo season: its own stage, group and round in the current competition season.
 */
export async function createMatch(api: ApiClient, opts: { playersPerSquad?: number; squads?: [string, string] } = {}): Promise<MatchFixture> {
  const n = ++serial;
  const competitionSeason = (await api.get('/api/v3/competition_seasons?filter[is_current]=true&page[size]=1')).body.data[0].id;
  const stage = await create(api, 'stages', { name: `Fixture stage ${n}` }, { competition_season: link('competition_seasons', competitionSeason) });
  const group = await create(api, 'groups', { name: `Fixture group ${n}` }, { stage: link('stages', stage) });
  const round = await create(api, 'rounds', { name: `Fixture round ${n}`, number: 1 }, { stage: link('stages', stage) });
  const squads = opts.squads ?? ((await api.get('/api/v3/squads?page[size]=2&sort=id')).body.data.map((s: any) => s.id) as [string, string]);
  const matchId = await create(
    api,
    'matches',
    { kickoff_at: new Date(Date.now() - 20 * 60_000).toISOString() },
    { round: link('rounds', round), group: link('groups', group), home_squad: link('squads', squads[0]), away_squad: link('squads', squads[1]) },
  );
  const players: string[][] = [[], []];
  for (const [side, squad] of squads.entries())
    for (let i = 0; i < (opts.playersPerSquad ?? 3); i++) {
      const player = await create(api, 'players', { first_name: `Gracz${n}`, last_name: `${side ? 'Gość' : 'Gospodarz'} ${i}` });
      await create(api, 'squad_players', { shirt_number: 80 + ((n * 7 + i) % 19) }, { squad: link('squads', squad), player: link('players', player) }).catch(async () =>
        create(api, 'squad_players', {}, { squad: link('squads', squad), player: link('players', player) }),
      );
      players[side].push(player);
    }
  return { matchId, homeSquad: squads[0], awaySquad: squads[1], homePlayers: players[0], awayPlayers: players[1] };
}

export function incidentBody(
  f: MatchFixture,
  attributes: Record<string, unknown>,
  rel: { squad?: string; player?: string; related_player?: string } = {},
) {
  const relationships: Record<string, unknown> = { match: link('matches', f.matchId) };
  if (rel.squad) relationships.squad = link('squads', rel.squad);
  if (rel.player) relationships.player = link('players', rel.player);
  if (rel.related_player) relationships.related_player = link('players', rel.related_player);
  return { data: { type: 'incidents', attributes, relationships } };
}
