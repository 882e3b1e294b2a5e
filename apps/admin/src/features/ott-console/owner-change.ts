import { useEffect, useRef } from 'react';

/**
 * Calls `onChange` when the stream's owner generation moves on (another server took the stream
 * over, its owner having died): its ingest addresses may have moved, and the page reads them again.
 * The first value seen, and polls that know no owner (null), call nothing.
 */
export function useOwnerChange(generation: number | null, onChange: () => void): void {
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (generation === null) return;
    if (seen.current !== null && seen.current !== generation) onChange();
    seen.current = generation;
  }, [generation, onChange]);
}
