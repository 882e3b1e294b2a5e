import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentCableUrl, trailing } from './content-channel';

describe('contentCableUrl', () => {
  it('is /cable on the API host, wss for https, with the token', () => {
    expect(contentCableUrl('https://api.example.com/api/v3', 'a b', 'http://localhost')).toBe('wss://api.example.com/cable?token=a%20b');
    expect(contentCableUrl('/api/v3', null, 'http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080/cable');
  });
});

describe('trailing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('makes a burst of calls one call at the end of the window, and a later burst another', () => {
    const fn = vi.fn();
    const refresh = trailing(fn, 1000);
    for (let i = 0; i < 50; i++) refresh();
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
    refresh();
    vi.advanceTimersByTime(999);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('calls nothing once cancelled', () => {
    const fn = vi.fn();
    const refresh = trailing(fn, 1000);
    refresh();
    refresh.cancel();
    vi.advanceTimersByTime(5000);
    expect(fn).not.toHaveBeenCalled();
  });
});
