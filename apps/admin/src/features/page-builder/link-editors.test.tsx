import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CoreAdminContext, type DataProvider } from 'react-admin';
import { createI18nProvider } from '../../providers/i18n-provider';
import { loadEnglish } from '../../test/english';
import { LinkEditor } from './link-editors';
import { linksOf } from './model';
import type { TemplateKind } from '@umpire/schema';

/** Records of the fake API: formats 1 and 3 exist, 2 was deleted; playlist 7 exists. */
const RECORDS: Record<string, { id: string; title?: string; name?: string }[]> = {
  formats: [{ id: '1', title: 'Studio ligi' }, { id: '3', title: 'Skróty' }],
  playlists: [{ id: '7', title: 'Weekend' }],
  clubs: [{ id: '4', name: 'Lech Poznań' }],
  matches: [],
};
const lists: { resource: string; filter: unknown; meta: unknown }[] = [];
const dataProvider = {
  getList: async (resource: string, params: { filter: unknown; meta?: unknown }) => {
    lists.push({ resource, filter: params.filter, meta: params.meta });
    return { data: RECORDS[resource] ?? [], total: (RECORDS[resource] ?? []).length };
  },
  getMany: async (resource: string, params: { ids: string[] }) => ({ data: (RECORDS[resource] ?? []).filter((r) => params.ids.map(String).includes(r.id)) }),
} as unknown as DataProvider;

function renderEditor(kind: string, name: string, value: string | null | string[], onChange = vi.fn(), template?: TemplateKind) {
  const link = linksOf(kind, template).find((l) => l.name === name)!;
  render(
    <CoreAdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider(['en'])}>
      <LinkEditor idPrefix="c1" link={link} value={value} onChange={onChange} issues={{}} />
    </CoreAdminContext>,
  );
  return onChange;
}

describe('link editors of the OTT components', () => {
  beforeAll(loadEnglish);
  afterEach(cleanup);

  it('lists picked formats by name in their order, shows a deleted one as such, and reorders and removes', async () => {
    const onChange = renderEditor('ott_format_list', 'formats', ['3', '2', '1']);
    const order = () => [...document.querySelectorAll('[data-testid="c1-links-formats-order"] li [data-state]')].map((e) => [e.textContent, e.getAttribute('data-state')]);
    await waitFor(() =>
      expect(order()).toEqual([
        ['Skróty', 'found'],
        ['Deleted record (#2)', 'missing'],
        ['Studio ligi', 'found'],
      ]),
    );
    expect(screen.getByText('A picked record no longer exists: remove it or pick another.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move down: Skróty' }));
    expect(onChange).toHaveBeenLastCalledWith(['2', '3', '1']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove from the list: Deleted record (#2)' }));
    expect(onChange).toHaveBeenLastCalledWith(['3', '1']);
  });

  it('shows a single picked playlist by name, and one that no longer exists as deleted', async () => {
    renderEditor('ott_playlist', 'playlist', '7');
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('combobox').value).toBe('Weekend'));
    cleanup();
    renderEditor('ott_playlist', 'playlist', '8');
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('combobox').value).toBe('Deleted record (#8)'));
    expect(screen.getByText('A picked record no longer exists: remove it or pick another.')).toBeTruthy();
  });

  it("says what an empty link takes on a template's page, and does not demand it", async () => {
    const onChange = renderEditor('club', 'club', null, vi.fn(), 'club');
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Club' });
    expect(input.required).toBe(false);
    expect(screen.getByText('Empty: the club of this page')).toBeTruthy();
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByText('Empty: the club of this page').id);
    // Picking a club still works: the page then shows that club, whatever the page's own.
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'Lech Poznań' }));
    expect(onChange).toHaveBeenLastCalledWith('4');
    cleanup();
    // On an ordinary page the club is required, with no such hint.
    renderEditor('club', 'club', null);
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Club' }).required).toBe(true);
    expect(screen.queryByText('Empty: the club of this page')).toBeNull();
  });

  it("finds matches by their clubs' names, reading the clubs with them", async () => {
    renderEditor('match', 'match', null);
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Match' });
    fireEvent.change(input, { target: { value: 'lodz' } });
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ resource: 'matches', filter: { club_search: 'lodz' } }));
    expect(lists.at(-1)!.meta).toEqual({ include: ['home_squad.team.club', 'away_squad.team.club'] });
  });
});
