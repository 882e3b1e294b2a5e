import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/idle';

/**
 * Whether to show what comes after the figures: once they are settled, or sooner if the browser
 * is idle while it waits for them. Rendered as a transition, so it never holds the figures back.
 */
export function useShownAfter(settled: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return;
    const show = () => startTransition(() => setShown(true));
    if (!settled) return whenIdle(show);
    show();
  }, [settled, shown]);
  return shown;
}
