import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PopupStore } from './popups';

describe('pop-ups', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes an error pop-up after 3 s', () => {
    const store = new PopupStore();
    store.error('apiErrors.forbidden', { text: 'No.' });
    expect(store.current()).toHaveLength(1);
    vi.advanceTimersByTime(2999);
    expect(store.current()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.current()).toHaveLength(0);
  });

  it('debounces success pop-ups by 2 s and keeps the last kind', () => {
    const store = new PopupStore();
    store.success('deleted');
    vi.advanceTimersByTime(1500);
    store.success('deleted');
    store.success('updated');
    vi.advanceTimersByTime(1999);
    expect(store.current()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(store.current().map((p) => p.titleKey)).toEqual(['popups.success.updated']);
    vi.advanceTimersByTime(3000);
    expect(store.current()).toHaveLength(0);
  });

  it('notifies subscribers and keeps at most three', () => {
    const store = new PopupStore();
    const seen: number[] = [];
    store.subscribe((list) => seen.push(list.length));
    for (let i = 0; i < 5; i++) store.error('apiErrors.somethingWentWrong');
    expect(store.current()).toHaveLength(3);
    expect(seen).toEqual([0, 1, 2, 3, 3, 3]);
  });
});
