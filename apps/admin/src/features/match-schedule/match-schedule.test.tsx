import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nContextProvider } from 'react-admin';
import { createI18nProvider } from '../../providers/i18n-provider';
import { HttpFailure } from '../../providers/http-client';
import { loadEnglish } from '../../test/english';
import { typeDate } from '../../test/date-fields';
import { bulkBody, type MatchScheduleApi, type ScheduleAnswer, type ScheduleRow } from './api';
import { BulkEditDialog } from './bulk-edit-dialog';
import { PostponeDialog, postponementOf } from './postpone-dialog';

const side = (kickoff_at: string, venue: string | null, status = 'not_started') => ({
  kickoff_at,
  status,
  venue: venue ? { id: venue, name: `Stadium ${venue}` } : null,
  round: { id: '5', name: 'Round 5' },
});
const row = (id: string, home: string, away: string, before: string, after: string, errors: ScheduleRow['errors'] = []): ScheduleRow => ({
  id,
  home: { id: `${id}h`, name: home },
  away: { id: `${id}a`, name: away },
  before: side(before, '1'),
  after: side(after, '2'),
  errors,
});
const answer = (rows: ScheduleRow[], conflicts: ScheduleAnswer['meta']['conflicts'] = []): ScheduleAnswer => ({
  meta: { dry_run: true, count: rows.length, valid: rows.every((r) => !r.errors.length), matches: rows, conflicts },
});

function fakeApi(preview: ScheduleAnswer, applied?: ScheduleAnswer | Error) {
  const api: MatchScheduleApi = {
    bulkEdit: vi.fn(async (_selection, _changes, dryRun: boolean) => {
      if (dryRun) return preview;
      if (applied instanceof Error) throw applied;
      return applied ?? { meta: { ...preview.meta, dry_run: false } };
    }),
    postpone: vi.fn(async (_target, _input, dryRun: boolean) => ({ meta: { ...preview.meta, dry_run: dryRun } })),
  };
  return api;
}

describe('bulk edit of matches', () => {
  beforeAll(loadEnglish);
  afterEach(cleanup);

  function open(api: MatchScheduleApi, onDone = vi.fn()) {
    render(
      <I18nContextProvider value={createI18nProvider(['en'])}>
        <BulkEditDialog open onClose={() => undefined} onDone={onDone} selection={{ ids: ['7', '8'] }} api={api} venues={[{ id: '2', name: 'Stadium 2' }]} rounds={[]} />
      </I18nContextProvider>,
    );
    return onDone;
  }

  it('previews before → after with the conflicts named, then applies once and says how many changed', async () => {
    const preview = answer(
      [row('7', 'Legia', 'Lech', '2026-05-02T16:00:00Z', '2026-05-03T16:00:00Z'), row('8', 'Wisła', 'Cracovia', '2026-05-02T18:00:00Z', '2026-05-03T16:00:00Z')],
      [{ kind: 'venue_same_time', venue: { id: '2', name: 'Stadium 2' }, date: '2026-05-03', matches: ['7', '8'] }],
    );
    const api = fakeApi(preview);
    const onDone = open(api);
    const apply = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Apply to/ });
    expect(screen.getByText(/2 selected matches/)).toBeTruthy();
    // Nothing to preview yet, nothing to apply before a preview.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Preview' }).disabled).toBe(true);
    expect(apply().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Or move by'), { target: { value: 'two days' } });
    expect(screen.getByText(/A sign, a number and a unit/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Preview' }).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Or move by'), { target: { value: '+1 day' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByTestId('schedule-preview');
    expect(api.bulkEdit).toHaveBeenCalledWith({ ids: ['7', '8'] }, { kickoff_shift: '+1 day' }, true);
    expect(screen.getByRole('rowheader', { name: 'Legia – Lech' })).toBeTruthy();
    expect(screen.getByTestId('schedule-row-7').textContent).toMatch(/Stadium 1 → Stadium 2/);
    // Kick-offs on the league's clock and days the league's way, whatever the language.
    expect(screen.getByTestId('schedule-row-7').textContent).toMatch(/02\.05\.2026, 18:00 → \S+, 03\.05\.2026, 18:00/);
    expect(screen.getByText(/Stadium 2 hosts two matches within three hours on 03\.05\.2026: Legia – Lech, Wisła – Cracovia/)).toBeTruthy();
    expect(apply().disabled).toBe(false);
    fireEvent.click(apply());
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(2));
    expect(api.bulkEdit).toHaveBeenLastCalledWith({ ids: ['7', '8'] }, { kickoff_shift: '+1 day' }, false);
  });

  it('names each match’s problem and applies nothing while one is refused', async () => {
    const refusal = { status: '422', code: 'matchStatusNotSettable', detail: 'The match has incidents (it has started).', meta: { key: 'matchStatusNotSettable', params: { match: '8' } } };
    const api = fakeApi(answer([row('7', 'Legia', 'Lech', '2026-05-02T16:00:00Z', '2026-05-02T16:00:00Z'), row('8', 'Wisła', 'Cracovia', '2026-05-02T18:00:00Z', '2026-05-02T18:00:00Z', [refusal])]));
    open(api);
    fireEvent.mouseDown(screen.getByLabelText('Status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Postponed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByTestId('schedule-preview');
    expect(screen.getByTestId('schedule-row-8').textContent).toMatch(/it has started/);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Apply to/ }).disabled).toBe(true);
  });

  it('shows the server’s refusal of an apply with the match it concerns', async () => {
    const failure = new HttpFailure('422', 'http', '/api/v3/matches', 422, 'Unprocessable', {
      errors: [{ status: '422', code: 'matchStatusNotSettable', detail: 'It has started.', meta: { key: 'matchStatusNotSettable', params: { match: '7' } } }],
    });
    const api = fakeApi(answer([row('7', 'Legia', 'Lech', '2026-05-02T16:00:00Z', '2026-05-04T16:00:00Z')]), failure);
    const onDone = open(api);
    typeDate('New date', '04052026');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByTestId('schedule-preview');
    fireEvent.click(screen.getByRole('button', { name: /^Apply to/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Legia – Lech: It has started.');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends the selection and the changes as the API takes them', () => {
    expect(bulkBody({ ids: ['3'] }, { kickoff_date: '2026-05-09', venue: '4', status: 'postponed' })).toEqual({
      data: [{ type: 'matches', id: '3' }],
      meta: { attributes: { status: 'postponed' }, relationships: { venue: { data: { type: 'venues', id: '4' } } }, kickoff_date: '2026-05-09' },
    });
    expect(bulkBody({ filter: { round_id: '5' } }, { kickoff_time: '20:30' })).toEqual({ meta: { attributes: {}, relationships: {}, kickoff_time: '20:30' } });
  });
});

describe('postponing', () => {
  beforeAll(loadEnglish);
  afterEach(cleanup);

  it('turns the choice into the API’s body: no date, a date, or a kickoff in Warsaw time', () => {
    expect(postponementOf('later', '', '', '  Snow ', true)).toEqual({ reason: 'Snow', notify: true });
    expect(postponementOf('date', '2026-12-05', '', '', false)).toEqual({ reason: undefined, notify: false, date: '2026-12-05' });
    // 18:00 in Warsaw: +01:00 in December, +02:00 in May.
    expect(postponementOf('kickoff', '2026-12-05', '18:00', '', false)?.kickoff_at).toBe('2026-12-05T17:00:00.000Z');
    expect(postponementOf('kickoff', '2026-05-05', '18:00', '', false)?.kickoff_at).toBe('2026-05-05T16:00:00.000Z');
    expect(postponementOf('date', '', '', '', false)).toBeNull();
    expect(postponementOf('kickoff', '2026-05-05', '', '', false)).toBeNull();
  });

  it('previews, then postpones with the reason and the notification asked for', async () => {
    const api = fakeApi(answer([row('7', 'Legia', 'Lech', '2026-05-02T16:00:00Z', '2026-05-02T16:00:00Z')]));
    const onDone = vi.fn();
    render(
      <I18nContextProvider value={createI18nProvider(['en'])}>
        <PostponeDialog open onClose={() => undefined} onDone={onDone} target={{ kind: 'match', id: '7', label: 'Legia – Lech' }} api={api} />
      </I18nContextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Postpone Legia – Lech' })).toBeTruthy();
    const confirm = () => screen.getAllByRole<HTMLButtonElement>('button', { name: 'Postpone' }).at(-1)!;
    expect(confirm().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Frozen pitch' } });
    fireEvent.click(screen.getByLabelText("Notify both clubs' followers by push"));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByTestId('schedule-preview');
    fireEvent.click(confirm());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.postpone).toHaveBeenLastCalledWith({ kind: 'match', id: '7', label: 'Legia – Lech' }, { reason: 'Frozen pitch', notify: true }, false);
  });
});
