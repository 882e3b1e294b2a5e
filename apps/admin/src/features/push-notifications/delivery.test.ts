import { describe, expect, it } from 'vitest';
import { isEditable, isLive, pollWhileLive, POLL_MS } from './delivery';

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
});
