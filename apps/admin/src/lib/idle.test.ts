import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle';

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('uses requestIdleCallback where the browser has it, and cancels it', () => {
    const queued: (() => void)[] = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => queued.push(run));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => cancelled.push(handle));
    let ran = 0;
    const cancel = whenIdle(() => ran++);
    expect(ran).toBe(0);
    queued[0]();
    expect(ran).toBe(1);
    cancel();
    expect(cancelled).toEqual([1]);
  });

  it('falls back to a timer without requestIdleCallback (Safari), which can be cancelled', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    let ran = 0;
    whenIdle(() => ran++, 50);
    const cancel = whenIdle(() => ran++, 50);
    cancel();
    vi.advanceTimersByTime(49);
    expect(ran).toBe(0);
    vi.advanceTimersByTime(1);
    expect(ran).toBe(1);
  });
});
