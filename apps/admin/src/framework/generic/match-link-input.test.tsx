import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CoreAdminContext, Form, ResourceContextProvider, type DataProvider } from 'react-admin';
import { createI18nProvider } from '../../providers/i18n-provider';
import { loadEnglish } from '../../test/english';
import { formatMatchDateTime } from '../../lib/locale';
import { resourceDef } from '../definitions';
import { belongsTo } from './conventions';
import { RelationshipInput } from './inputs';

/** Matches of the fake API with their sides as the includes nest them. */
const side = (name: string) => ({ name: `${name} 2026/27`, team: { name } });
const MATCHES = [
  { id: '9', kickoff_at: '2026-11-28T14:00:00Z', home_squad: side('Legia Warszawa'), away_squad: side('Lech Poznań') },
  { id: '10', kickoff_at: '2026-12-05T17:30:00Z', home_squad: side('Raków Częstochowa'), away_squad: side('Legia Warszawa') },
];

function fakeApi() {
  const calls: { method: string; resource: string; params: any }[] = [];
  const dataProvider = {
    getList: async (resource: string, params: any) => {
      calls.push({ method: 'getList', resource, params });
      const q = String(params.filter?.club_search ?? '').toLowerCase();
      const data = MATCHES.filter((m) => !q || `${m.home_squad.team.name} ${m.away_squad.team.name}`.toLowerCase().includes(q));
      return { data, total: data.length };
    },
    getMany: async (resource: string, params: any) => {
      calls.push({ method: 'getMany', resource, params });
      return { data: MATCHES.filter((m) => params.ids.map(String).includes(m.id)) };
    },
  } as unknown as DataProvider;
  return { dataProvider, calls };
}

describe('the match of an OTT event in its form', () => {
  beforeAll(loadEnglish);
  afterEach(cleanup);

  it('names the picked match by its sides and kick-off, lists the newest first with their sides, and finds one by a club', async () => {
    const rel = belongsTo(resourceDef('ott_events')!).find((r) => r.name === 'match')!;
    expect(rel).toMatchObject({ type: 'matches', source: 'match_id', required: false });
    const { dataProvider, calls } = fakeApi();
    render(
      <CoreAdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider(['en'])}>
        <ResourceContextProvider value="ott_events">
          <Form record={{ id: '5', match_id: '9' }}>
            <RelationshipInput rel={rel} />
          </Form>
        </ResourceContextProvider>
      </CoreAdminContext>,
    );
    const input = await screen.findByRole<HTMLInputElement>('combobox', { name: 'Match' });
    await waitFor(() => expect(input.value).toBe(`Legia Warszawa – Lech Poznań, ${formatMatchDateTime('2026-11-28T14:00:00Z')}`));
    // The picked one and the choices are read with their sides, the newest first.
    expect(calls.find((c) => c.method === 'getMany')!.params.meta).toEqual({ include: ['home_squad.team', 'away_squad.team'] });
    const list = calls.find((c) => c.method === 'getList')!;
    expect(list.resource).toBe('matches');
    expect(list.params.sort).toEqual({ field: 'kickoff_at', order: 'DESC' });
    expect(list.params.meta).toEqual({ include: ['home_squad.team', 'away_squad.team'] });
    // Typing a club's name searches the matches of that club.
    fireEvent.change(input, { target: { value: 'Raków' } });
    await waitFor(() => expect(calls.some((c) => c.method === 'getList' && c.params.filter?.club_search === 'Raków')).toBe(true));
    expect(await screen.findByRole('option', { name: `Raków Częstochowa – Legia Warszawa, ${formatMatchDateTime('2026-12-05T17:30:00Z')}` })).toBeTruthy();
  });
});
