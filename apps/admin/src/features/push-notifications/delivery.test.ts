import { describe, expect, it } from 'vitest';
import { alertMatchId, isEditable, isLive, isMatchAlert, pollWhileLive, POLL_MS } from './delivery';

describe('push notification delivery state', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  it('is live while sending, or scheduled and due within a minute', () => {
    expect(isLive({ id: 1, status: 'sending' }, now)).toBe(true);
    expect(isLive({ id: 1, status: 'scheduled', send_at: '2026-05-01T12:00:30Z' }, now)).toBe(true);
    expect(isLive({ id: 1, status: 'scheduled', send_at: '2026-05-01T13:00:00Z' }, now)).toBe(false);
    expect(isLive({ id: 1, status: 'sent' }, now)).toBe(false);
    expect(isLive({ id: 1, status: 'draft' }, now)).toBe(false);
  });
  it('polls a list only while one of its rows is live', () => {
    expect(pollWhileLive([{ id: 1, status: 'sent' }, { id: 2, status: 'sending' }])).toBe(POLL_MS);
    expect(pollWhileLive([{ id: 1, status: 'sent' }])).toBe(false);
    expect(pollWhileLive(undefined)).toBe(false);
  });
  it('edits drafts and scheduled notifications only', () => {
    expect(isEditable(undefined)).toBe(true);
    expect(isEditable({ id: 1, status: 'scheduled' })).toBe(true);
    expect(isEditable({ id: 1, status: 'sending' })).toBe(false);
    expect(isEditable({ id: 1, status: 'sent' })).toBe(false);
  });
  it('never edits a match alert, whatever its status', () => {
    for (const status of ['draft', 'scheduled', 'sending', 'sent', 'failed']) expect(isEditable({ id: 1, status, origin: 'match_alert' })).toBe(false);
    expect(isEditable({ id: 1, status: 'draft', origin: 'staff' })).toBe(true);
    expect(isMatchAlert({ id: 1, origin: 'match_alert' })).toBe(true);
    expect(isMatchAlert({ id: 1, origin: 'staff' })).toBe(false);
  });
  it("finds a match alert's match by its link, else by its tag", () => {
    expect(alertMatchId({ id: 1, origin: 'match_alert', match_id: '12', alert_tag: 'm155-i9876' })).toBe('12');
    expect(alertMatchId({ id: 1, origin: 'match_alert', match_id: null, alert_tag: 'm155-i9876' })).toBe('155');
    expect(alertMatchId({ id: 1, origin: 'match_alert', alert_tag: 'm42-kick_off' })).toBe('42');
    expect(alertMatchId({ id: 1, origin: 'match_alert', alert_tag: null })).toBeNull();
    // A staff notification's link is where it leads, not the match of an alert.
    expect(alertMatchId({ id: 1, origin: 'staff', match_id: '12' })).toBeNull();
  });
});
