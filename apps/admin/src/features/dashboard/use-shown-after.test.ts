import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useShownAfter } from './use-shown-after';

describe('what the dashboard shows after its figures', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits while the figures load and the browser is busy, and shows once they are settled', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const { result, rerender } = renderHook(({ settled }) => useShownAfter(settled), { initialProps: { settled: false } });
    expect(result.current).toBe(false);
    act(() => rerender({ settled: true }));
    expect(result.current).toBe(true);
    // Shown stays shown, whatever the figures do next (a refetch).
    act(() => rerender({ settled: false }));
    expect(result.current).toBe(true);
  });

  it('shows sooner when the browser is idle while the figures are still on their way', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const { result } = renderHook(() => useShownAfter(false));
    expect(result.current).toBe(false);
    expect(idle).toHaveLength(1);
    act(() => idle[0]());
    expect(result.current).toBe(true);
  });
});
