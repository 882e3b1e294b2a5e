import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { createI18nProvider } from '../../providers/i18n-provider';
import { HttpFailure } from '../../providers/http-client';
import { loadEnglish } from '../../test/english';
import { AlertsSwitch } from './alerts-switch';
import type { MatchInfo } from './types';

const match = { id: '7', alerts_muted: false, updated_at: '2026-11-29T12:00:00.000Z' } as MatchInfo;

function renderSwitch(props: Partial<Parameters<typeof AlertsSwitch>[0]> = {}) {
  const onSave = props.onSave ?? vi.fn(async (changes: { attributes?: Record<string, unknown> }) => ({ ...match, ...changes.attributes, updated_at: 'later' }));
  const onStale = props.onStale ?? vi.fn();
  const view = render(
    <AdminContext i18nProvider={createI18nProvider(['en'])}>
      <AlertsSwitch match={match} canEdit onSave={onSave} onStale={onStale} {...props} />
    </AdminContext>,
  );
  return { onSave, onStale, view };
}

const theSwitch = () => screen.getByRole<HTMLInputElement>('switch', { name: 'Alerts for fans' });

beforeAll(loadEnglish);
afterEach(cleanup);

describe("a match's alerts to fans in the match centre", () => {
  it('says they are on, and mutes them without a question, sending the version it saw', async () => {
    const { onSave } = renderSwitch();
    expect(theSwitch().checked).toBe(true);
    expect(screen.getByTestId('match-alerts-state').textContent).toBe('On');
    expect(theSwitch().getAttribute('aria-describedby')).toBe('match-alerts-help');
    fireEvent.click(theSwitch());
    // Shown muted (and held) while the change is on its way.
    expect(screen.getByTestId('match-alerts-state').textContent).toBe('Muted');
    expect(theSwitch().disabled).toBe(true);
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ attributes: { alerts_muted: true } }, match.updated_at));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a muted match as muted with what that means, and switches it back on', async () => {
    const onSave = vi.fn(async () => match);
    render(
      <AdminContext i18nProvider={createI18nProvider(['en'])}>
        <AlertsSwitch match={{ ...match, alerts_muted: true }} canEdit onSave={onSave} onStale={vi.fn()} />
      </AdminContext>,
    );
    expect(theSwitch().checked).toBe(false);
    expect(screen.getByTestId('match-alerts-state').textContent).toBe('Muted');
    expect(screen.getByText(/Nothing about this match is sent to fans/)).toBeTruthy();
    fireEvent.click(theSwitch());
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ attributes: { alerts_muted: false } }, match.updated_at));
  });

  it('goes back to what the match says when the save fails, and says why', async () => {
    const failure = new HttpFailure('500', 'http', '/api/v3/matches/7', 500, 'Server Error', { errors: [{ status: '500', title: 'Boom', detail: 'The database is away' }] });
    renderSwitch({ onSave: vi.fn(async () => Promise.reject(failure)) });
    fireEvent.click(theSwitch());
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/^The alerts could not be changed: /);
    expect(theSwitch().checked).toBe(true);
    expect(screen.getByTestId('match-alerts-state').textContent).toBe('On');
  });

  it('reloads the match when someone changed it meanwhile, and asks to try again', async () => {
    const stale = new HttpFailure('409', 'http', '/api/v3/matches/7', 409, 'Conflict', { errors: [{ status: '409', code: 'staleRecord' }] });
    const { onStale } = renderSwitch({ onSave: vi.fn(async () => Promise.reject(stale)) });
    fireEvent.click(theSwitch());
    expect((await screen.findByRole('alert')).textContent).toBe('Someone changed the match meanwhile: it has been reloaded, try again.');
    expect(onStale).toHaveBeenCalledTimes(1);
  });

  it('cannot be changed by whoever may not edit the match', () => {
    renderSwitch({ canEdit: false });
    expect(theSwitch().disabled).toBe(true);
  });
});
