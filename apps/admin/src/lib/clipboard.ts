import { useEffect, useState } from 'react';

export type CopyOutcome = 'ok' | 'failed' | null;

/**
 * Copies a value to the clipboard and keeps the outcome for a moment, for a status line that says
 * it aloud. Outside a secure context (plain http on another host) there is no clipboard: that is
 * said as a failure, and the value stays selectable.
 */
export function useCopy(value: string, showMs = 4000): { copied: CopyOutcome; copy: () => void } {
  const [copied, setCopied] = useState<CopyOutcome>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), showMs);
    return () => clearTimeout(timer);
  }, [copied, showMs]);
  const copy = () =>
    void (navigator.clipboard ? navigator.clipboard.writeText(value) : Promise.reject(new Error('no clipboard'))).then(
      () => setCopied('ok'),
      () => setCopied('failed'),
    );
  return { copied, copy };
}
