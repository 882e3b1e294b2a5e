import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CoreAdminContext, Form, required, type DataProvider } from 'react-admin';
import { createI18nProvider } from '../../providers/i18n-provider';
import { loadEnglish } from '../../test/english';
import { activateLocale } from '../../lib/locale';
import { LeagueDateInput, LeagueDateTimeInput, LeagueMatchDateTimeInput } from './league-date-inputs';
import { LeagueDateField } from './league-date-field';
import { dateShown, typeDate } from '../../test/date-fields';

const dataProvider = {} as DataProvider;

function renderForm(record: Record<string, unknown>, input: React.ReactNode) {
  const onSubmit = vi.fn();
  render(
    <CoreAdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider(['en'])}>
      <Form record={{ id: 1, ...record }} onSubmit={onSubmit}>
        {input}
        <button type="submit">submit</button>
      </Form>
    </CoreAdminContext>,
  );
  return onSubmit;
}

/** Leaves the field for the submit button and presses it, as a user does. */
function submit() {
  const button = screen.getByRole('button', { name: 'submit' });
  act(() => button.focus());
  fireEvent.click(button);
}

async function submitted(onSubmit: ReturnType<typeof vi.fn>) {
  submit();
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  return onSubmit.mock.calls[0][0] as Record<string, unknown>;
}

describe('the league date inputs', () => {
  beforeAll(loadEnglish);
  afterEach(() => activateLocale('en'));

  it('shows a day as dd.MM.yyyy in English and stores what is typed as yyyy-MM-dd', async () => {
    const onSubmit = renderForm({ since: '2026-12-24' }, <LeagueDateInput source="since" label="Since" />);
    expect(dateShown('Since')).toBe('24 12 2026');
    expect(screen.getByDisplayValue('24.12.2026')).toBeTruthy();
    typeDate('Since', '01052027');
    expect(dateShown('Since')).toBe('01 05 2027');
    expect(await submitted(onSubmit)).toMatchObject({ since: '2027-05-01' });
  });

  it('types a date-time on a 24-hour clock and stores the instant', async () => {
    const onSubmit = renderForm({ at: null }, <LeagueDateTimeInput source="at" label="At" />);
    typeDate('At', '240220261905');
    expect(dateShown('At')).toBe('24 02 2026 19 05');
    expect(await submitted(onSubmit)).toMatchObject({ at: new Date(2026, 1, 24, 19, 5).toISOString() });
  });

  it('shows and takes a kick-off on the Warsaw clock, whatever the browser’s zone', async () => {
    const onSubmit = renderForm({ kickoff_at: '2026-07-01T16:00:00.000Z' }, <LeagueMatchDateTimeInput source="kickoff_at" label="Kick-off" />);
    expect(dateShown('Kick-off')).toBe('01 07 2026 18 00');
    expect(screen.getByText('League time (Europe/Warsaw)')).toBeTruthy();
    typeDate('Kick-off', '150120271930');
    // Winter: Warsaw is UTC+1.
    expect(await submitted(onSubmit)).toMatchObject({ kickoff_at: '2027-01-15T18:30:00.000Z' });
  });

  it('keeps an empty value empty, and says so when one is required', async () => {
    const onSubmit = renderForm({ since: null }, <LeagueDateInput source="since" label="Since" validate={required()} />);
    expect(dateShown('Since')).toBe('DD MM YYYY');
    submit();
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does not send a date typed halfway, and says how to write one', async () => {
    const onSubmit = renderForm({ since: null }, <LeagueDateInput source="since" label="Since" />);
    typeDate('Since', '0105');
    expect(dateShown('Since')).toBe('01 05 YYYY');
    submit();
    expect(await screen.findByText('Enter a whole date: dd.MM.yyyy')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    typeDate('Since', '01052026');
    expect(await submitted(onSubmit)).toMatchObject({ since: '2026-05-01' });
  });

  it('opens a calendar from a labelled button, its weeks starting on Monday in English and Polish', async () => {
    for (const lang of ['en', 'pl']) {
      await activateLocale(lang);
      const { unmount } = render(<LeagueDateField kind="date" label="Day" value="2026-12-24" onChange={() => undefined} />);
      const button = screen.getByRole('button', { name: lang === 'en' ? /^Choose date/ : /^Wybierz datę/ });
      fireEvent.click(button);
      const grid = await screen.findByRole('grid');
      // The calendar's dialog is named by the field's label.
      expect(screen.getByRole('dialog', { name: 'Day' }).contains(grid)).toBe(true);
      const headers = within(grid).getAllByRole('columnheader');
      expect(headers[0].getAttribute('aria-label')).toBe(lang === 'en' ? 'Monday' : 'poniedziałek');
      expect(headers[6].getAttribute('aria-label')).toBe(lang === 'en' ? 'Sunday' : 'niedziela');
      unmount();
    }
  });

  it('gives a controlled field’s owner the stored value, and nothing for an unfinished one', () => {
    const onChange = vi.fn();
    render(<LeagueDateField kind="time" label="Time" value="" onChange={onChange} />);
    typeDate('Time', '18');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.input(document.activeElement!, { target: { textContent: '3' } });
    fireEvent.input(document.activeElement!, { target: { textContent: '0' } });
    expect(onChange).toHaveBeenLastCalledWith('18:30');
  });
});
