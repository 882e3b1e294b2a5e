import { describe, expect, it, vi } from 'vitest';
import { getList, queryString, readDocument, setApiClient, type ApiDocument } from './json-api';
import type { HttpClient } from './http-client';

describe('computed routes', () => {
  it('builds query strings without empty values', () => {
    expect(queryString({ round: 5, 'filter[squad]': '2', empty: '', none: undefined })).toBe('?round=5&filter[squad]=2');
    expect(queryString({})).toBe('');
  });

  it('nests included records as deep as asked', () => {
    const doc: ApiDocument<unknown> = {
      data: [{ type: 'standings', id: '1-2', attributes: { points: 30 }, relationships: { squad: { data: { type: 'squads', id: '2' } } } }],
      included: [
        { type: 'squads', id: '2', attributes: { name: 'Legia' }, relationships: { team: { data: { type: 'teams', id: '1' } } } },
        { type: 'teams', id: '1', attributes: { name: 'Legia Warszawa' }, relationships: { image: { data: { type: 'images', id: '9' } } } },
        { type: 'images', id: '9', attributes: { path: 'crests/legia.png' } },
      ],
    };
    const [row] = readDocument(doc, 3) as Record<string, unknown>[];
    expect(row).toMatchObject({ id: '1-2', points: 30, squad_id: '2', squad: { name: 'Legia', team: { name: 'Legia Warszawa', image: { path: 'crests/legia.png' } } } });
  });

  it('calls the umpire API with the shared HTTP client and returns data and meta', async () => {
    const http = vi.fn(async (url: string) => ({ status: 200, headers: new Headers(), url, body: { data: [], meta: { up_to_round: 5 } } })) as unknown as HttpClient;
    setApiClient(http);
    const result = await getList('/groups/1/standings', { round: 5 });
    expect(http).toHaveBeenCalledWith('/api/v3/groups/1/standings?round=5', { method: 'GET' });
    expect(result).toEqual({ data: [], meta: { up_to_round: 5 } });
    setApiClient(undefined);
  });
});
