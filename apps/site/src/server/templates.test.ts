import { describe, expect, it } from 'vitest';
import { createResolver, type JsonApiDocument } from '@umpire/render';
import { recordIndex, recordKey, recordName, templatePath } from './templates';
import type { DeliverySource } from './source';

const rel = (type: string, id: string) => ({ data: { type, id } });
const match: JsonApiDocument = {
  data: { type: 'matches', id: '155', attributes: { kickoff_at: '2026-10-03T18:00:00Z' }, relationships: { home_squad: rel('squads', '1'), away_squad: rel('squads', '2') } },
  included: [
    { type: 'squads', id: '1', attributes: { name: 'RCZ 26/27' }, relationships: { team: rel('teams', '11') } },
    { type: 'squads', id: '2', attributes: { name: 'LPO 26/27' }, relationships: { team: rel('teams', '12') } },
    { type: 'teams', id: '11', attributes: { name: 'Raków' }, relationships: { club: rel('clubs', '21') } },
    { type: 'teams', id: '12', attributes: { name: 'Lech' }, relationships: { club: { data: null } } },
    { type: 'clubs', id: '21', attributes: { name: 'Raków Częstochowa' } },
  ],
};

describe('record addresses', () => {
  it("names a match by its sides' clubs, else their teams, and makes its address of them", () => {
    const resolve = createResolver(match);
    const record = resolve.get('matches', '155')!;
    expect(recordName('match', record, resolve)).toBe('Raków Częstochowa – Lech');
    expect(recordKey('match', record, resolve)).toBe('155-rakow-czestochowa-lech');
    expect(templatePath('/site', 'en', 'match', '155-rakow-czestochowa-lech')).toBe('/site/en/matches/155-rakow-czestochowa-lech');
    expect(templatePath('', 'pl', 'fixtures')).toBe('/pl/terminarz');
  });

  it('names a player, a club and a table; a record with no name is its id alone', () => {
    const player = { type: 'players', id: '7', attributes: { first_name: 'Łukasz', last_name: 'Żółć' } };
    const resolve = createResolver({ data: player });
    expect(recordKey('player', player, resolve)).toBe('7-lukasz-zolc');
    expect(recordKey('club', { type: 'clubs', id: '3', attributes: { name: '' } }, resolve)).toBe('3');
    const season: JsonApiDocument = {
      data: { type: 'competition_seasons', id: '4', attributes: { name: '2026/27' }, relationships: { competition: rel('competitions', '1') } },
      included: [{ type: 'competitions', id: '1', attributes: { name: 'Ekstraklasa' } }],
    };
    const r = createResolver(season);
    expect(recordName('competition_season', r.get('competition_seasons', '4')!, r)).toBe('Ekstraklasa 2026/27');
    expect(recordKey('competition_season', r.get('competition_seasons', '4')!, r)).toBe('4-ekstraklasa-2026-27');
  });

  it('lists every record of a kind page by page, and fails loudly when the API does', async () => {
    const asked: string[] = [];
    const source = {
      get: async (path: string) => {
        asked.push(path);
        const n = Number(/page\[number\]=(\d+)/.exec(path)![1]);
        return { status: 200, body: { data: [{ type: 'clubs', id: String(n), attributes: { name: `Klub ${n}`, code: `K${n}`, updated_at: '2026-11-01T00:00:00Z' } }], meta: { pages: 2 } } };
      },
    } as unknown as DeliverySource;
    expect(await recordIndex(source, 'club')).toEqual([
      { key: '1-klub-1', lastmod: '2026-11-01T00:00:00Z', code: 'K1' },
      { key: '2-klub-2', lastmod: '2026-11-01T00:00:00Z', code: 'K2' },
    ]);
    expect(asked).toHaveLength(2);
    const failing = { get: async () => ({ status: 503, body: {} }) } as unknown as DeliverySource;
    await expect(recordIndex(failing, 'match')).rejects.toThrow(/503/);
  });
});
