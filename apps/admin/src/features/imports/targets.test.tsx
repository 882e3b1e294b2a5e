import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { CoreAdminContext, type DataProvider, type GetListParams } from 'react-admin';
import { createI18nProvider } from '../../providers/i18n-provider';
import { loadEnglish } from '../../test/english';
import { Targets } from './imports-page';

const LISTS: Record<string, { id: string; name: string }[]> = {
  competition_seasons: [{ id: '2', name: 'Ekstraklasa 2026/27' }, { id: '3', name: 'Puchar Polski 2026/27' }],
  stages: [{ id: '5', name: 'Regular season' }],
  groups: [{ id: '7', name: 'Table' }, { id: '8', name: 'Championship round' }],
  seasons: [{ id: '1', name: '2026/27' }],
  squads: [{ id: '11', name: 'Legia 2026/27' }],
};

function renderTargets(kind: 'fixtures' | 'players', targets: Record<string, string>) {
  const getList = vi.fn(async (resource: string, _params: GetListParams) => ({ data: LISTS[resource] ?? [], total: LISTS[resource]?.length ?? 0 }));
  const onChange = vi.fn();
  render(
    <CoreAdminContext dataProvider={{ getList } as unknown as DataProvider} i18nProvider={createI18nProvider(['en'])}>
      <Targets kind={kind} targets={targets} onChange={onChange} />
    </CoreAdminContext>,
  );
  return { getList, onChange };
}

const listsAsked = (getList: ReturnType<typeof renderTargets>['getList']) => getList.mock.calls.map(([resource, params]) => [resource, params.filter as unknown]);

describe('where an import goes', () => {
  beforeAll(loadEnglish);
  afterEach(cleanup);

  it("fixtures: the group is asked once a stage is chosen, among that stage's groups", async () => {
    renderTargets('fixtures', { competition_season_id: '2' });
    await screen.findByRole('combobox', { name: /Stage/ });
    expect(screen.queryByRole('combobox', { name: /Group/ })).toBeNull();
    cleanup();

    const { getList } = renderTargets('fixtures', { competition_season_id: '2', stage_id: '5' });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Group/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['—', 'Table', 'Championship round']);
    expect(listsAsked(getList)).toContainEqual(['groups', { stage: '5' }]);
  });

  it('choosing another competition season clears its stage and group; another stage clears the group', async () => {
    const { onChange } = renderTargets('fixtures', { competition_season_id: '2', stage_id: '5', group_id: '7' });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Competition season/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Puchar Polski 2026/27' }));
    expect(onChange).toHaveBeenLastCalledWith({ competition_season_id: '3', stage_id: '', group_id: '' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Stage/ }));
    fireEvent.click(await screen.findByRole('option', { name: '—' }));
    expect(onChange).toHaveBeenLastCalledWith({ competition_season_id: '2', stage_id: '', group_id: '' });
  });

  it("players: the squad every row joins, among the chosen season's squads", async () => {
    const { getList, onChange } = renderTargets('players', { season_id: '1', squad_id: '11' });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Squad/ }));
    expect(within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['—', 'Legia 2026/27']);
    expect(listsAsked(getList)).toContainEqual(['squads', { season: '1' }]);
    fireEvent.click(screen.getByRole('option', { name: '—' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Season/ }));
    fireEvent.click(await screen.findByRole('option', { name: '2026/27' }));
    expect(onChange).toHaveBeenLastCalledWith({ season_id: '1', squad_id: '' });
  });
});
