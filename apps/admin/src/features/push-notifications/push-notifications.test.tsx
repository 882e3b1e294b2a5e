import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Admin, Resource, TestMemoryRouter, type DataProvider, type RaRecord } from 'react-admin';
import { QueryClient } from '@tanstack/react-query';
import { createI18nProvider } from '../../providers/i18n-provider';
import { loadEnglish } from '../../test/english';
import { formatMatchDateTime } from '../../lib/locale';
import PushNotificationList from './push-notification-list';
import PushNotificationEdit from './push-notification-edit';

const STAFF = { id: '1', origin: 'staff', title_pl: 'Bilety już w sprzedaży', status: 'sent', total_count: 10, sent_count: 10, delivered_count: 9, expired_count: 1, failed_count: 0, match_id: '77' };
const GOAL = {
  id: '2', origin: 'match_alert', alert_kind: 'goal', alert_tag: 'm155-i9876', title_pl: 'GOL! Legia 1:0 Lech', body_pl: "12' Nowak", title_en: 'GOAL! Legia 1-0 Lech', body_en: "12' Nowak",
  status: 'sent', total_count: 40, sent_count: 40, delivered_count: 37, expired_count: 2, failed_count: 1, failure_reasons: { 'HTTP 500': 1 }, match_id: null,
};
const MATCH = { id: '155', kickoff_at: '2026-11-29T17:30:00Z', home_squad: { name: 'Legia 2026/27', team: { name: 'Legia Warszawa' } }, away_squad: { name: 'Lech 2026/27', team: { name: 'Lech Poznań' } } };

function fakeApi(rows: RaRecord[]) {
  const calls: { method: string; resource: string; params: any }[] = [];
  const dataProvider = {
    getList: async (resource: string, params: any) => {
      calls.push({ method: 'getList', resource, params });
      // Only notifications here (the form's history asks for its audit events: none).
      if (resource !== 'push_notifications') return { data: [], total: 0 };
      const data = rows.filter((r) => !params.filter?.origin || r.origin === params.filter.origin);
      return { data, total: data.length };
    },
    getOne: async (resource: string, params: any) => {
      calls.push({ method: 'getOne', resource, params });
      return { data: rows.find((r) => r.id === params.id) };
    },
    getMany: async (resource: string, params: any) => {
      calls.push({ method: 'getMany', resource, params });
      return { data: resource === 'matches' ? [MATCH].filter((m) => params.ids.map(String).includes(m.id)) : [] };
    },
  } as unknown as DataProvider;
  return { dataProvider, calls };
}

/** The app's routing for one resource (react-admin's own: the form's id comes from the address). */
function renderAt(path: string, dataProvider: DataProvider) {
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin dataProvider={dataProvider} i18nProvider={createI18nProvider(['en'])} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Resource name="push_notifications" list={PushNotificationList} edit={PushNotificationEdit} />
        <Resource name="matches" />
      </Admin>
    </TestMemoryRouter>,
  );
}

beforeAll(loadEnglish);
afterEach(cleanup);

describe('match alerts among the push notifications', () => {
  it('lists who wrote each, the alert’s kind and its match by name, with the counts', async () => {
    const { dataProvider, calls } = fakeApi([GOAL, STAFF]);
    renderAt('/push_notifications', dataProvider);
    const alertRow = (await screen.findByText('GOL! Legia 1:0 Lech')).closest('tr')!;
    const staffRow = screen.getByText('Bilety już w sprzedaży').closest('tr')!;
    expect(within(alertRow).getByText('Match alert')).toBeTruthy();
    expect(within(alertRow).getByText('Goal')).toBeTruthy();
    // The match from the alert's tag, named by its sides, opening its match centre.
    const match = await within(alertRow).findByRole('link', { name: `Legia Warszawa – Lech Poznań, ${formatMatchDateTime(MATCH.kickoff_at)}` });
    expect(match.getAttribute('href')).toMatch(/\/matches\/155$/);
    expect(calls.find((c) => c.method === 'getMany' && c.resource === 'matches')!.params).toMatchObject({ ids: ['155'], meta: { include: ['home_squad.team', 'away_squad.team'] } });
    expect(within(alertRow).getByTestId('delivery-counts').textContent).toContain('37 of 40 delivered');
    expect(within(alertRow).getByTestId('delivery-counts').textContent).toContain('Failed: 1');
    // Staff's own: no kind, and where it leads is not an alert's match.
    expect(within(staffRow).getByText('Staff')).toBeTruthy();
    expect(within(staffRow).queryByRole('link', { name: /Legia/ })).toBeNull();
  });

  it('shows the match centre’s alerts alone on their tab, and everything again on All', async () => {
    const { dataProvider, calls } = fakeApi([GOAL, STAFF]);
    renderAt('/push_notifications', dataProvider);
    await screen.findByText('Bilety już w sprzedaży');
    fireEvent.click(screen.getByRole('tab', { name: 'Match alerts' }));
    await waitFor(() => expect(screen.queryByText('Bilety już w sprzedaży')).toBeNull());
    expect(screen.getByText('GOL! Legia 1:0 Lech')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'getList' && c.resource === 'push_notifications').at(-1)!.params.filter).toEqual({ origin: 'match_alert' });
    expect(screen.getByRole('tab', { name: 'Match alerts' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    // The rows of All come back from react-admin's cache at once; the list is asked again after
    // its filters' debounce.
    await screen.findByText('Bilety już w sprzedaży');
    await waitFor(() => expect(calls.filter((c) => c.method === 'getList' && c.resource === 'push_notifications').at(-1)!.params.filter).toEqual({}));
  });

  it('opens an alert read only, even one not sent yet: its facts and counts, no form and no delete', async () => {
    const { dataProvider } = fakeApi([{ ...GOAL, status: 'scheduled' }]);
    renderAt('/push_notifications/2', dataProvider);
    expect(await screen.findByText('A match alert is sent by the match centre: it cannot be changed or deleted.')).toBeTruthy();
    const facts = screen.getByTestId('alert-facts');
    expect(within(facts).getByText('Goal')).toBeTruthy();
    expect(within(facts).getByText('m155-i9876')).toBeTruthy();
    expect(await within(facts).findByRole('link', { name: /Legia Warszawa – Lech Poznań/ })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete|Save draft|Send now|Schedule/ })).toBeNull();
  });

  it('still opens staff’s own draft as its form', async () => {
    const { dataProvider } = fakeApi([{ ...STAFF, status: 'draft' }]);
    renderAt('/push_notifications/1', dataProvider);
    expect(await screen.findByRole('button', { name: 'Save draft' })).toBeTruthy();
    expect(screen.queryByTestId('alert-facts')).toBeNull();
  });
});
