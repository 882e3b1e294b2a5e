import { describe, expect, it } from 'vitest';
import { actionBody, addHealthSample, enabledActions, markerPlacement, maskSecret, maskSecretsIn, sparklinePoints, timelineRange, type HealthSample, type LiveHealth } from './live-state';

const health = (at: string, over: Partial<LiveHealth> = {}): LiveHealth => ({
  input: 'primary',
  connected: { primary: true, backup: false },
  bitrateKbps: 800,
  fps: 25,
  droppedFrames: 0,
  rttMs: null,
  packetLossPercent: null,
  at,
  ...over,
});

describe('stream actions by state', () => {
  it('enables what the server allows from each state, nothing while busy or without a stream', () => {
    expect(enabledActions('idle')).toEqual({ start: true, pause: false, stop: false });
    expect(enabledActions('live')).toEqual({ start: false, pause: true, stop: true });
    expect(enabledActions('paused')).toEqual({ start: true, pause: false, stop: true });
    expect(enabledActions('ended')).toEqual({ start: false, pause: false, stop: false });
    expect(enabledActions('live', true)).toEqual({ start: false, pause: false, stop: false });
    expect(enabledActions(null)).toEqual({ start: false, pause: false, stop: false });
  });

  it('sends use_backup as chosen, in the ott_stream body', () => {
    expect(actionBody('7', false)).toEqual({ data: { id: '7', type: 'ott_stream', attributes: { use_backup: false } } });
    expect(actionBody('7', true).data.attributes.use_backup).toBe(true);
  });
});

describe('health history', () => {
  it('adds each new report once, ignores older ones and drops what leaves the window', () => {
    let history: readonly HealthSample[] = [];
    history = addHealthSample(history, health('2026-05-01T18:00:00Z'));
    history = addHealthSample(history, health('2026-05-01T18:00:02Z', { bitrateKbps: 900, rttMs: 12, packetLossPercent: 0.5 }));
    const same = addHealthSample(history, health('2026-05-01T18:00:02Z'));
    expect(same).toBe(history);
    expect(addHealthSample(history, health('2026-05-01T17:59:00Z'))).toBe(history);
    expect(addHealthSample(history, null)).toBe(history);
    expect(addHealthSample(history, health('not a date'))).toBe(history);
    expect(history.map((s) => s.bitrateKbps)).toEqual([800, 900]);
    expect(history[1]).toMatchObject({ rttMs: 12, packetLossPercent: 0.5 });
    // Six minutes later the first two are out of the five-minute window.
    history = addHealthSample(history, health('2026-05-01T18:06:00Z', { bitrateKbps: 700 }));
    expect(history.map((s) => s.bitrateKbps)).toEqual([700]);
  });

  it('keeps at most the cap, the newest ones', () => {
    let history: readonly HealthSample[] = [];
    for (let i = 0; i < 10; i++) history = addHealthSample(history, health(new Date(Date.UTC(2026, 4, 1, 18, 0, i)).toISOString(), { fps: i }), 60_000, 4);
    expect(history.map((s) => s.fps)).toEqual([6, 7, 8, 9]);
  });
});

describe('sparkline', () => {
  it('draws the highest value at the top and skips gaps', () => {
    expect(sparklinePoints([0, 50, 100], 100, 20)).toBe('0,20 50,10 100,0');
    expect(sparklinePoints([10, null, 10], 100, 20)).toBe('0,0 100,0');
    expect(sparklinePoints([0, 0], 100, 20)).toBe('0,20 100,20');
    expect(sparklinePoints([null], 100, 20)).toBe('');
    expect(sparklinePoints([], 100, 20)).toBe('');
  });
});

describe('markers timeline', () => {
  const now = Date.parse('2026-05-01T19:00:00Z');
  it('spans from the event start to now, markers inside', () => {
    const markers = [{ id: '1', startAt: '2026-05-01T18:30:00Z', durationSeconds: 360 }];
    const range = timelineRange(markers, '2026-05-01T18:00:00Z', now);
    expect(range).toEqual({ from: Date.parse('2026-05-01T18:00:00Z'), to: now });
    expect(markerPlacement(markers[0], range)).toEqual({ left: 50, width: 10 });
  });

  it('gives a fresh stream a minute and keeps markers on the bar', () => {
    expect(timelineRange([], '2026-05-02T18:00:00Z', now)).toEqual({ from: now - 60_000, to: now });
    const range = { from: now - 60_000, to: now };
    expect(markerPlacement({ id: '1', startAt: '2026-05-01T17:00:00Z', durationSeconds: 0 }, range)).toEqual({ left: 0, width: 0.5 });
    expect(markerPlacement({ id: '2', startAt: '2026-05-01T18:59:30Z', durationSeconds: 600 }, range)).toEqual({ left: 50, width: 50 });
  });
});

describe('secrets', () => {
  it('masks a key but its last four characters, and secrets inside URLs', () => {
    expect(maskSecret('abcdefghijkl')).toBe('••••••••ijkl');
    expect(maskSecret('short')).toBe('•••••');
    expect(maskSecretsIn('rtmp://h:1/live/primary-key-123456', ['primary-key-123456'])).toBe('rtmp://h:1/live/••••••••••••••3456');
    const srt = `srt://h:2?${new URLSearchParams({ mode: 'caller', passphrase: 'pass word/1234', pbkeylen: '16' }).toString()}`;
    const masked = maskSecretsIn(srt, ['pass word/1234', null]);
    expect(masked).not.toContain('word');
    expect(masked).toContain('mode=caller');
    expect(masked).toContain('1234&pbkeylen=16');
  });
});
