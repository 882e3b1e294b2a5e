import { describe, expect, it, vi } from 'vitest';
import manifest from 'virtual:umpire/resources';
import { HttpError } from 'react-admin';
import { createDataProvider, fieldOfPointer, filterParams, toRecord, toResourceObject } from './data-provider';
import { HttpFailure, type HttpClient } from './http-client';

const clubs = manifest.find((r) => r.type === 'clubs')!;

function provider(body: unknown, status = 200) {
  const calls: { url: string; init?: Parameters<HttpClient>[1] }[] = [];
  const http = vi.fn(async (url: string, init?: Parameters<HttpClient>[1]) => {
    calls.push({ url, init });
    return { status, headers: new Headers(), body, url };
  }) as unknown as HttpClient;
  return { dp: createDataProvider({ http, baseUrl: () => '/api/v3', resources: manifest }), calls };
}

describe('JSON:API data provider', () => {
  it('is built from every declared resource', () => {
    expect(manifest.map((r) => r.type)).toContain('clubs');
    expect(clubs.attributes.find((a) => a.name === 'website')).toMatchObject({ type: 'string', list: true });
    expect(manifest.find((r) => r.type === 'sponsors')!.attributes.find((a) => a.name === 'tier')!.choices).toContain('gold');
  });

  it('maps filters: search, ranges, belongsTo, lists', () => {
    const teams = manifest.find((r) => r.type === 'teams')!;
    expect(filterParams(clubs, { q: 'leg', founded_gte: 1900, founded_lte: 2000, city: ['Kraków', 'Łódź'], code: '' })).toEqual([
      ['filter[q]', 'leg'],
      ['filter[founded][gte]', '1900'],
      ['filter[founded][lte]', '2000'],
      ['filter[city]', 'Kraków,Łódź'],
    ]);
    expect(filterParams(teams, { club_id: '3' })).toEqual([['filter[club]', '3']]);
  });

  it('lists with page, sort, filter and include, and nests included records', async () => {
    const { dp, calls } = provider({
      data: [{ type: 'teams', id: '1', attributes: { name: 'Legia' }, relationships: { club: { data: { type: 'clubs', id: '7' } } } }],
      included: [{ type: 'clubs', id: '7', attributes: { name: 'Legia Warszawa' } }],
      meta: { total: 41 },
    });
    const result = await dp.getList('teams', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'name', order: 'DESC' },
      filter: { q: 'l' },
      meta: { include: ['club'] },
    });
    expect(calls[0].url).toBe('/api/v3/teams?filter[q]=l&sort=-name&page[number]=2&page[size]=25&include=club');
    expect(result.total).toBe(41);
    expect(result.data[0]).toMatchObject({ id: '1', name: 'Legia', club_id: '7', club: { id: '7', name: 'Legia Warszawa' } });
  });

  it('nests included records as deep as the include paths go', async () => {
    const { dp } = provider({
      data: { type: 'players', id: '1', relationships: { squad_players: { data: [{ type: 'squad_players', id: '2' }] } } },
      included: [
        { type: 'squad_players', id: '2', attributes: { shirt_number: 9 }, relationships: { squad: { data: { type: 'squads', id: '3' } } } },
        { type: 'squads', id: '3', attributes: { name: 'Legia' }, relationships: { team: { data: { type: 'teams', id: '4' } } } },
        { type: 'teams', id: '4', attributes: { name: 'Legia Warszawa' }, relationships: { image: { data: { type: 'images', id: '5' } } } },
        { type: 'images', id: '5', attributes: { path: 'crests/legia.png' } },
      ],
    });
    const { data } = await dp.getOne('players', { id: '1', meta: { include: ['squad_players.squad.team.image'] } });
    expect(data.squad_players[0].squad.team.image).toMatchObject({ id: '5', path: 'crests/legia.png' });
    const shallow = await dp.getOne('players', { id: '1' });
    expect(shallow.data.squad_players[0].squad).toMatchObject({ id: '3', team_id: '4' });
    expect(shallow.data.squad_players[0].squad.team).toBeUndefined();
  });

  it('reads to-many linkage when present', () => {
    const record = toRecord({ type: 'clubs', id: '1', relationships: { teams: { data: [{ type: 'teams', id: '2' }] }, image: { data: null } } });
    expect(record).toMatchObject({ teams_ids: ['2'], image_id: null });
  });

  it('creates with attributes and relationships, leaving empty values to the server', () => {
    const teams = manifest.find((r) => r.type === 'teams')!;
    expect(toResourceObject(teams, { name: 'Legia II', short_name: '', club_id: '7', image_id: null, created_at: 'x' })).toEqual({
      type: 'teams',
      attributes: { name: 'Legia II' },
      relationships: { club: { data: { type: 'clubs', id: '7' } } },
    });
  });

  it('sends a manyToMany list whole when it changed, and not when it did not', () => {
    const articles = manifest.find((r) => r.type === 'articles')!;
    const previous = { id: '3', status: 'draft', tags_ids: ['1'] };
    expect(toResourceObject(articles, { ...previous, tags_ids: ['1', '4'] }, previous).relationships).toEqual({
      tags: { data: [{ type: 'tags', id: '1' }, { type: 'tags', id: '4' }] },
    });
    expect(toResourceObject(articles, { ...previous, tags_ids: [] }, previous).relationships).toEqual({ tags: { data: [] } });
    expect(toResourceObject(articles, { ...previous }, previous).relationships).toEqual({});
  });

  it('writes links (a push notification’s targets and its one article, match or page) like relationships', () => {
    const push = manifest.find((r) => r.type === 'push_notifications')!;
    expect(toResourceObject(push, { title_pl: 'Gol', targets_ids: ['2', '5'], article_id: '9', match_id: null }).relationships).toEqual({
      targets: { data: [{ type: 'push_notification_targets', id: '2' }, { type: 'push_notification_targets', id: '5' }] },
      article: { data: { type: 'articles', id: '9' } },
    });
    const previous = { id: '1', targets_ids: ['2'], article_id: '9', match_id: null };
    expect(toResourceObject(push, { ...previous, article_id: null, match_id: '4' }, previous).relationships).toEqual({
      article: { data: null },
      match: { data: { type: 'matches', id: '4' } },
    });
    expect(fieldOfPointer(push, '/data/relationships/targets')).toBe('targets_ids');
    expect(fieldOfPointer(push, '/data/relationships/match')).toBe('match_id');
  });

  it('updates only what changed, and clears emptied values', async () => {
    const previous = { id: '5', name: 'Legia', website: 'https://legia.com', city: 'Warszawa', venue_id: '2' };
    expect(toResourceObject(clubs, { ...previous, website: '', venue_id: null }, previous)).toEqual({
      type: 'clubs',
      attributes: { website: null },
      relationships: { venue: { data: null } },
    });
    const { dp, calls } = provider({ data: { type: 'clubs', id: '5', attributes: { name: 'Legia' } } });
    await dp.update('clubs', { id: '5', data: { ...previous, city: 'Warsaw' }, previousData: previous });
    expect(calls[0].init).toMatchObject({ method: 'PATCH', body: { data: { type: 'clubs', id: '5', attributes: { city: 'Warsaw' } } } });
    await dp.update('clubs', { id: '5', data: previous, previousData: previous });
    expect(calls).toHaveLength(1);
  });

  it('fetches many by id and references by their relationship', async () => {
    const { dp, calls } = provider({ data: [], meta: { total: 0 } });
    await dp.getMany('clubs', { ids: ['1', '2', '2'] });
    await dp.getManyReference('teams', { target: 'club_id', id: '7', pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(calls[0].url).toBe('/api/v3/clubs?filter[id]=1%2C2&page[size]=100');
    expect(calls[1].url).toBe('/api/v3/teams?filter[club]=7&sort=name&page[number]=1&page[size]=10');
  });

  it('asks for the counts of several types in one request', async () => {
    const { dp, calls } = provider({ meta: { counts: { clubs: 18, players: 540 } } });
    expect(await dp.getCounts(['clubs', 'players', 'audit_events'])).toEqual({ clubs: 18, players: 540 });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/v3/counts?types=clubs%2Cplayers%2Caudit_events');
  });

  it('turns JSON:API errors into field errors', async () => {
    const failure = new HttpFailure('Http failure response for /api/v3/clubs: 422 Unprocessable Entity', 'http', '/api/v3/clubs', 422, '', {
      errors: [
        { detail: 'Website is not an http(s) address', source: { pointer: '/data/attributes/website' }, meta: { key: 'nonexistentKey' } },
        { detail: 'Venue not found', source: { pointer: '/data/relationships/venue' } },
      ],
    });
    const http = vi.fn(async () => {
      throw failure;
    }) as unknown as HttpClient;
    const dp = createDataProvider({ http, baseUrl: () => '/api/v3', resources: manifest });
    const error = (await dp.create('clubs', { data: { name: 'X' } }).catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(422);
    expect(error.body.errors).toEqual({ website: 'Website is not an http(s) address', venue_id: 'Venue not found' });
    expect(fieldOfPointer(clubs, '/data')).toBeUndefined();
  });
});
