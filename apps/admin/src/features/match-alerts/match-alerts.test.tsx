import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Admin, AdminContext, CreateBase, Resource, TestMemoryRouter, type DataProvider, type RaRecord } from 'react-admin';
import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_MATCH_ALERT_TEMPLATES } from '@umpire/schema';
import { createI18nProvider } from '../../providers/i18n-provider';
import { loadEnglish } from '../../test/english';
import MatchAlertTemplateList from './template-list';
import { MatchAlertTemplateForm } from './template-form';
import { MatchAlertTemplateCreate, MatchAlertTemplateEdit } from './template-edit';
import { defaultTemplate } from './templates';

/** A fake API holding the league's rows; it records every call and may refuse reads. */
function fakeApi(rows: RaRecord[], { failReads = false } = {}) {
  const calls: { method: string; params: any }[] = [];
  let nextId = 100;
  const dataProvider = {
    getList: async (resource: string, params: any) => {
      calls.push({ method: 'getList', params });
      if (failReads) throw new Error('offline');
      // The forms' history asks for audit events: none here.
      if (resource !== 'match_alert_templates') return { data: [], total: 0 };
      return { data: rows.map((r) => ({ ...r })), total: rows.length };
    },
    create: async (_resource: string, params: any) => {
      calls.push({ method: 'create', params });
      const row = { ...params.data, id: String(nextId++) };
      rows.push(row);
      return { data: row };
    },
    getOne: async (_resource: string, params: any) => {
      calls.push({ method: 'getOne', params });
      return { data: { ...rows.find((r) => r.id === params.id)! } };
    },
    delete: async (_resource: string, params: any) => {
      calls.push({ method: 'delete', params });
      const index = rows.findIndex((r) => r.id === params.id);
      const [row] = rows.splice(index, 1);
      return { data: row };
    },
    update: async (_resource: string, params: any) => {
      calls.push({ method: 'update', params });
      const row = rows.find((r) => r.id === params.id)!;
      Object.assign(row, params.data);
      return { data: { ...row } };
    },
  } as unknown as DataProvider;
  return { dataProvider, calls };
}

// No retries: a refused read shows its error at once.
const withAdmin = (dataProvider: DataProvider, children: React.ReactNode) => (
  <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider(['en'])} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </AdminContext>
);

const isOn = (element: HTMLElement) => (element as HTMLInputElement).checked;

beforeAll(loadEnglish);
afterEach(cleanup);

describe('Settings › Match alerts, the list of kinds', () => {
  it('lists every kind by name with what a fan reads, defaults marked, and each switch as the league has it', async () => {
    const { dataProvider } = fakeApi([{ id: '1', kind: 'goal', enabled: false, title_pl: 'Gol {home}', body_pl: '', title_en: 'Goal for {home}!', body_en: '{player}' }]);
    render(withAdmin(dataProvider, <MatchAlertTemplateList />));
    const rows = await screen.findAllByTestId('match-alert-kind');
    expect(rows.map((r) => within(r).getByRole('rowheader').querySelector('p')?.textContent)).toEqual([
      'Goal', 'Red card', 'Kick-off', 'Half time', 'Full time', 'Line-ups', 'Correction',
    ]);
    const goal = rows[0];
    // The saved row's English text, with the example match; no "default" mark.
    expect(goal.textContent).toContain('Goal for Legia!');
    expect(goal.textContent).toContain('Nowak');
    expect(within(goal).queryByText('Default texts')).toBeNull();
    expect(isOn(within(goal).getByRole('switch', { name: 'Send "Goal" alerts' }))).toBe(false);
    // A kind never saved: the default text and switch.
    const red = rows[1];
    expect(within(red).getByText('Default texts')).toBeTruthy();
    expect(red.textContent).toContain('Red card · Legia 2-1 Lech');
    expect(isOn(within(red).getByRole('switch', { name: 'Send "Red card" alerts' }))).toBe(true);
    expect(isOn(within(rows[3]).getByRole('switch', { name: 'Send "Half time" alerts' }))).toBe(false);
    // A correction has no switch: it always follows its alert.
    expect(within(rows[6]).queryByRole('switch')).toBeNull();
    // Each kind opens its form: a saved one by id, a new one with its kind.
    expect(within(goal).getByRole('link', { name: 'Edit: Goal' }).getAttribute('href')).toMatch(/\/match_alert_templates\/1$/);
    expect(within(red).getByRole('link', { name: 'Edit: Red card' }).getAttribute('href')).toMatch(/\/match_alert_templates\/create\?kind=red_card$/);
  });

  it('switches a saved kind by updating its row, and a kind without a row by creating it with its defaults', async () => {
    const { dataProvider, calls } = fakeApi([{ id: '1', kind: 'goal', enabled: false, title_pl: 'Gol', body_pl: '', title_en: 'Goal', body_en: '' }]);
    render(withAdmin(dataProvider, <MatchAlertTemplateList />));
    const goal = await screen.findByRole('switch', { name: 'Send "Goal" alerts' });
    fireEvent.click(goal);
    await waitFor(() => expect(calls.some((c) => c.method === 'update')).toBe(true));
    const update = calls.find((c) => c.method === 'update')!;
    expect(update.params).toMatchObject({ id: '1', data: { enabled: true }, previousData: { id: '1', enabled: false } });
    await waitFor(() => expect(isOn(screen.getByRole('switch', { name: 'Send "Goal" alerts' }))).toBe(true));

    fireEvent.click(screen.getByRole('switch', { name: 'Send "Half time" alerts' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'create')).toBe(true));
    expect(calls.find((c) => c.method === 'create')!.params.data).toEqual({ ...defaultTemplate('half_time'), enabled: true });
    // Saved now: the row is the league's, no longer the defaults, and its switch is on.
    await waitFor(() => expect(isOn(screen.getByRole('switch', { name: 'Send "Half time" alerts' }))).toBe(true));
    const half = screen.getAllByTestId('match-alert-kind').find((r) => r.dataset.kind === 'half_time')!;
    await waitFor(() => expect(within(half).queryByText('Default texts')).toBeNull());
  });

  it('says when the kinds cannot be loaded, and tries again on request', async () => {
    const { dataProvider, calls } = fakeApi([], { failReads: true });
    render(withAdmin(dataProvider, <MatchAlertTemplateList />));
    expect(await screen.findByText('The match alerts could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    const before = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
  });
});

function renderForm(record: Partial<RaRecord>, dataProvider: DataProvider) {
  render(
    withAdmin(
      dataProvider,
      <CreateBase resource="match_alert_templates" record={record} redirect={false}>
        <MatchAlertTemplateForm />
      </CreateBase>,
    ),
  );
}

const input = (name: RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name });

describe('the form of one kind', () => {
  it('previews both languages with the example match and changes the preview as staff type', async () => {
    const { dataProvider } = fakeApi([]);
    renderForm(defaultTemplate('goal'), dataProvider);
    expect((await screen.findByTestId('alert-preview-pl-title')).textContent).toBe('GOL! Legia 2:1 Lech');
    expect(screen.getByTestId('alert-preview-en-title').textContent).toBe('GOAL! Legia 2-1 Lech');
    expect(screen.getByTestId('alert-preview-en-body').textContent).toBe("67' Nowak");
    expect(screen.getByRole('heading', { name: 'Goal' })).toBeTruthy();
    fireEvent.change(input(/Title \(English\)/), { target: { value: '{player} scores for {team}!' } });
    await waitFor(() => expect(screen.getByTestId('alert-preview-en-title').textContent).toBe('Nowak scores for Legia!'));
    // The Polish one is left as it was.
    expect(screen.getByTestId('alert-preview-pl-title').textContent).toBe('GOL! Legia 2:1 Lech');
  });

  it('names an unknown field before saving, on its template and beside the preview, and does not save', async () => {
    const { dataProvider, calls } = fakeApi([]);
    renderForm(defaultTemplate('goal'), dataProvider);
    fireEvent.change(await screen.findByRole('textbox', { name: /Text \(Polish\)/ }), { target: { value: '{minute} {strzelec}' } });
    const summary = screen.getByTestId('alert-unknown-fields');
    await waitFor(() => expect(summary.textContent).toContain('Text (Polish): {strzelec}'));
    await waitFor(() => expect(screen.getByText('Unknown field: {strzelec}. Use only the fields listed below the texts.')).toBeTruthy());
    // Saving is refused in the form: the focus goes to the template at fault, and nothing is sent.
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Text \(Polish\)/ })));
    expect(screen.getByRole('textbox', { name: /Text \(Polish\)/ }).getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'create')).toEqual([]);
    // Fixed: the message goes, and saving sends the row.
    fireEvent.change(screen.getByRole('textbox', { name: /Text \(Polish\)/ }), { target: { value: '{minute} {player}!' } });
    await waitFor(() => expect(summary.textContent).toBe(''));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'create')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'create')!.params.data).toMatchObject({ kind: 'goal', body_pl: '{minute} {player}!', title_en: DEFAULT_MATCH_ALERT_TEMPLATES.goal.en.title });
  });

  it('puts a field in at the cursor of the template last typed in', async () => {
    const { dataProvider } = fakeApi([]);
    renderForm({ ...defaultTemplate('kick_off'), body_en: 'Today in the ' }, dataProvider);
    const body = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: /Text \(English\)/ });
    fireEvent.focus(body);
    body.setSelectionRange(13, 13);
    fireEvent.select(body);
    const fields = screen.getByTestId('alert-fields');
    fireEvent.click(within(fields).getByRole('button', { name: /\{competition\}/ }));
    await waitFor(() => expect(body.value).toBe('Today in the {competition}'));
    await waitFor(() => expect(screen.getByTestId('alert-preview-en-body').textContent).toBe('Today in the Ekstraklasa'));
  });

  it('asks for the kind of a new row without one, bringing that kind’s defaults', async () => {
    const { dataProvider } = fakeApi([]);
    render(
      withAdmin(
        dataProvider,
        <CreateBase resource="match_alert_templates" redirect={false}>
          <MatchAlertTemplateForm kinds={['half_time', 'lineups']} />
        </CreateBase>,
      ),
    );
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Alert/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Line-ups' }));
    await waitFor(() => expect(input(/Title \(Polish\)/).value).toBe(DEFAULT_MATCH_ALERT_TEMPLATES.lineups.pl.title));
    expect(screen.getByTestId('alert-preview-en-title').textContent).toBe('Line-ups: Legia v Lech');
  });
});

/** The app's routing for the resource: the kind comes from the address, as from the list's links. */
function renderAt(path: string, dataProvider: DataProvider) {
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin dataProvider={dataProvider} i18nProvider={createI18nProvider(['en'])} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Resource name="match_alert_templates" list={MatchAlertTemplateList} create={MatchAlertTemplateCreate} edit={MatchAlertTemplateEdit} />
      </Admin>
    </TestMemoryRouter>,
  );
}

describe('the form of a kind opened from the list', () => {
  it('shows a kind never saved with its defaults, and saving makes its row', async () => {
    const { dataProvider, calls } = fakeApi([]);
    renderAt('/match_alert_templates/create?kind=half_time', dataProvider);
    expect(await screen.findByRole('heading', { name: 'Half time' })).toBeTruthy();
    expect(input(/Title \(English\)/).value).toBe(DEFAULT_MATCH_ALERT_TEMPLATES.half_time.en.title);
    expect(screen.queryByRole('combobox', { name: /Alert/ })).toBeNull();
    fireEvent.change(input(/Title \(English\)/), { target: { value: 'HT: {home} {home_score}-{away_score} {away}' } });
    // The Save button's form, submitted (jsdom does not submit it on a click inside the whole
    // app; match-alerts.e2e.ts clicks it in the browser).
    fireEvent.submit(screen.getByRole('button', { name: 'Save' }).closest('form')!);
    await waitFor(() => expect(calls.filter((c) => c.method === 'create')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'create')!.params.data).toEqual({ ...defaultTemplate('half_time'), title_en: 'HT: {home} {home_score}-{away_score} {away}' });
    // Back on the list, where the kind is the league's own now.
    expect(await screen.findByRole('switch', { name: 'Send "Half time" alerts' })).toBeTruthy();
  });

  it('opens the row of a kind saved meanwhile instead of making a second one', async () => {
    const { dataProvider, calls } = fakeApi([{ id: '5', kind: 'goal', enabled: true, title_pl: 'Gol!', body_pl: '', title_en: 'Goal!', body_en: '' }]);
    renderAt('/match_alert_templates/create?kind=goal', dataProvider);
    await waitFor(() => expect(input(/Title \(English\)/).value).toBe('Goal!'));
    expect(calls.some((c) => c.method === 'getOne' && c.params.id === '5')).toBe(true);
  });
  it('puts a saved kind back to the defaults after a question, by deleting its row', async () => {
    const { dataProvider, calls } = fakeApi([{ id: '5', kind: 'goal', enabled: false, title_pl: 'Gol!', body_pl: '', title_en: 'Goal!', body_en: '' }]);
    renderAt('/match_alert_templates/5', dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: 'Back to the defaults' }));
    const dialog = await screen.findByRole('dialog', { name: 'Put "Goal" back to the defaults?' });
    expect(calls.some((c) => c.method === 'delete')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'delete').map((c) => c.params.id)).toEqual(['5']));
    // On the list again: the goal as a league starts, on and with the default texts.
    const goal = await screen.findByRole('switch', { name: 'Send "Goal" alerts' });
    await waitFor(() => expect(isOn(goal)).toBe(true));
    const row = screen.getAllByTestId('match-alert-kind').find((r) => r.dataset.kind === 'goal')!;
    expect(within(row).getByText('Default texts')).toBeTruthy();
  });

  it('offers no way back to the defaults for a kind never saved', async () => {
    const { dataProvider } = fakeApi([]);
    renderAt('/match_alert_templates/create?kind=red_card', dataProvider);
    expect(await screen.findByRole('heading', { name: 'Red card' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back to the defaults' })).toBeNull();
  });
});
