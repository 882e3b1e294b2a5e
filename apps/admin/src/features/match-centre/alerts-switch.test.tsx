import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { createI18nProvider } from '../../providers/i18n-provider';
import { HttpFailure } from '../../providers/http-client';
import { loadEnglish } from '../../test/english';
import { setRuntime, type Runtime } from '../../lib/configuration';
import { setApiClient } from '../../providers/json-api';
import type { HttpClient } from '../../providers/http-client';
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

/** GET /rounds/{id} with its competition included, as the API answers it (`match_alerts` as the database gives it). */
const roundDocument = (matchAlerts: boolean | number) => ({
  data: { type: 'rounds', id: '3', attributes: { name: '1. kolejka' }, relationships: { stage: { data: { type: 'stages', id: '2' } } } },
  included: [
    { type: 'stages', id: '2', attributes: {}, relationships: { competition_season: { data: { type: 'competition_seasons', id: '4' } } } },
    { type: 'competition_seasons', id: '4', attributes: {}, relationships: { competition: { data: { type: 'competitions', id: '1' } } } },
    { type: 'competitions', id: '1', attributes: { name: 'Ekstraklasa', match_alerts: matchAlerts } },
  ],
});
let round: unknown = roundDocument(true);
const reads: string[] = [];

beforeAll(async () => {
  await loadEnglish();
  setRuntime({ languages: ['en'], language: 'en', urls: { umpire: '/api/v3' } } as unknown as Runtime);
  setApiClient(
    vi.fn(async (url: string) => {
      reads.push(url);
      return { status: 200, headers: new Headers(), url, body: round };
    }) as unknown as HttpClient,
  );
});
afterAll(() => setApiClient(undefined));
afterEach(() => {
  cleanup();
  reads.length = 0;
});

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
  it("warns that the competition's alerts are off, whatever the switch says, and links to its form", async () => {
    for (const off of [false, 0]) {
      round = roundDocument(off);
      renderSwitch({ match: { ...match, round_id: '3' } });
      const warning = await screen.findByTestId('competition-alerts-off');
      expect(warning.textContent).toContain('Match alerts are off for Ekstraklasa');
      expect(screen.getByRole('link', { name: 'Open the competition' }).getAttribute('href')).toMatch(/\/competitions\/1$/);
      expect(reads[0]).toBe('/api/v3/rounds/3?include=stage.competition_season.competition');
      cleanup();
      reads.length = 0;
    }
  });

  it('says nothing more when the competition sends alerts', async () => {
    round = roundDocument(true);
    renderSwitch({ match: { ...match, round_id: '3' } });
    await waitFor(() => expect(reads).toHaveLength(1));
    // The answer is in once the query has settled: the switch is still the only thing said.
    await waitFor(() => expect(screen.getByTestId('match-alerts').dataset.competition).toBe('on'));
    expect(screen.queryByTestId('competition-alerts-off')).toBeNull();
  });
});
