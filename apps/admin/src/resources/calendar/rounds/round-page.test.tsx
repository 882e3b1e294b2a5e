import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CoreAdminContext, RecordContextProvider, ResourceContextProvider, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { setRuntime, type Runtime } from '../../../lib/configuration';
import { createI18nProvider } from '../../../providers/i18n-provider';
import { loadEnglish } from '../../../test/english';
import RoundEdit, { ROUND_META, roundMatchesSearch, type RoundRecord } from './round-page';

const squad = (id: string, name: string) => ({ id, name });
const round = (matches: RoundRecord['matches']): RoundRecord => ({
  id: '5',
  name: 'Round 5',
  number: 5,
  start_date: '2026-12-18',
  end_date: '2026-12-20',
  stage: { id: '2', name: 'Regular season', competition_season: { id: '1', name: 'Ekstraklasa 2026/27' } },
  matches,
});

function renderRound(record: RoundRecord) {
  const getOne = vi.fn(async () => ({ data: record }));
  const dataProvider = { getOne } as unknown as DataProvider;
  render(
    <MemoryRouter initialEntries={[`/rounds/${record.id}`]}>
      <CoreAdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider(['en'])}>
        <ResourceContextProvider value="rounds">
          <RecordContextProvider value={{ id: record.id }}>
            <RoundEdit />
          </RecordContextProvider>
        </ResourceContextProvider>
      </CoreAdminContext>
    </MemoryRouter>,
  );
  return getOne;
}

describe("a round's page", () => {
  beforeAll(async () => {
    await loadEnglish();
    // The postponement dialog's API address.
    setRuntime({ languages: ['en'], language: 'en', urls: { umpire: '/api/v3' } } as unknown as Runtime);
  });
  afterEach(cleanup);

  it('reads the round with its matches in one request and lists them in kickoff order, in league time, each opening its match centre', async () => {
    const getOne = renderRound(
      round([
        { id: '12', kickoff_at: '2026-12-19T17:00:00Z', status: 'not_started', home_score: 0, away_score: 0, home_squad: squad('3', 'Lech'), away_squad: squad('4', 'Wisła'), venue: null },
        { id: '11', kickoff_at: '2026-12-18T19:30:00Z', status: 'finished', home_score: 2, away_score: 1, home_squad: squad('1', 'Legia'), away_squad: squad('2', 'Górnik'), venue: { id: '9', name: 'Stadion Wojska Polskiego' } },
        { id: '13', kickoff_at: '2026-12-20T14:00:00Z', status: 'postponed', home_squad: squad('5', 'Raków'), away_squad: squad('6', 'Pogoń'), venue: null },
      ]),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Round 5' })).toBeTruthy();
    expect(getOne).toHaveBeenCalledWith('rounds', expect.objectContaining({ id: '5', meta: ROUND_META }));
    expect(screen.getByText(/Ekstraklasa 2026\/27 · Regular season · /)).toBeTruthy();

    const table = screen.getByRole('table', { name: '3 matches of the round' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['Legia – Górnik', 'Lech – Wisła', 'Raków – Pogoń']);
    // (react-admin's own router here is a hash router: the address is after the #.)
    expect(within(rows[0]).getByRole('link').getAttribute('href')).toMatch(/^#?\/matches\/11$/);
    // 19:30 UTC on 18 December is 20:30 in Warsaw (winter time).
    expect(rows[0].textContent).toContain('20:30');
    expect(rows[0].textContent).toContain('2:1');
    expect(rows[0].textContent).toContain('Finished');
    // Not begun: no score, though the database holds 0:0.
    expect(rows[1].textContent).not.toContain('0:0');
    expect(rows[1].textContent).toContain('no venue');
    expect(rows[2].textContent).toContain('Postponed');
  });

  it('offers "Postpone round" for this round and the matches list filtered by it', async () => {
    renderRound(round([{ id: '11', kickoff_at: '2026-12-18T19:30:00Z', status: 'not_started', home_squad: squad('1', 'Legia'), away_squad: squad('2', 'Górnik') }]));
    const list = await screen.findByRole('link', { name: 'Open in the matches list' });
    expect(list.getAttribute('href')?.replace(/^#/, '')).toBe(`/matches${roundMatchesSearch('5')}`);
    expect(decodeURIComponent(roundMatchesSearch('5'))).toBe('?filter={"round_id":"5"}');
    fireEvent.click(screen.getByRole('button', { name: 'Postpone round' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy());
    expect(within(screen.getByRole('dialog')).getByText(/Round 5/)).toBeTruthy();
  });

  it('says so when the round has no matches yet', async () => {
    renderRound(round([]));
    expect(await screen.findByText(/This round has no matches yet/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
