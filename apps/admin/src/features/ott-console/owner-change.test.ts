import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useOwnerChange } from './owner-change';

describe('useOwnerChange', () => {
  it('calls back when another server takes the stream over, not at the first poll nor when no owner is known', () => {
    const onChange = vi.fn();
    const { rerender } = renderHook(({ generation }: { generation: number | null }) => useOwnerChange(generation, onChange), { initialProps: { generation: null as number | null } });
    rerender({ generation: 1 });
    rerender({ generation: 1 });
    expect(onChange).not.toHaveBeenCalled();
    // The owner died: for a moment nobody holds the stream, then the next one does.
    rerender({ generation: null });
    expect(onChange).not.toHaveBeenCalled();
    rerender({ generation: 2 });
    expect(onChange).toHaveBeenCalledTimes(1);
    rerender({ generation: 2 });
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
