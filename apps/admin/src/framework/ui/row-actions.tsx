import { useState, type ReactNode } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import { Confirm } from 'react-admin';

/** A row's changes, saved one at a time: `busy` names the change being saved. */
export function useRowChange<K extends string>() {
  const [busy, setBusy] = useState<K | null>(null);
  const run = async (what: K, fn: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await fn();
    } catch {
      // The HTTP client has shown the error; what is in memory changes only after a save.
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

/** A row's remove button, which asks first; the question closes once `onConfirm` has settled. */
export function ConfirmRemoveButton({
  label,
  icon,
  title,
  content,
  titleOptions,
  contentOptions,
  loading,
  onConfirm,
}: {
  label: string;
  icon: ReactNode;
  /** Translation keys of the question, with their options. */
  title: string;
  content: string;
  titleOptions: Record<string, unknown>;
  contentOptions: Record<string, unknown>;
  loading: boolean;
  /** Must not reject (see `useRowChange`). */
  onConfirm: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Tooltip disableInteractive title={label}>
        <IconButton size="small" color="error" aria-label={label} onClick={() => setConfirming(true)}>
          {icon}
        </IconButton>
      </Tooltip>
      <Confirm
        isOpen={confirming}
        loading={loading}
        title={title}
        content={content}
        titleTranslateOptions={titleOptions}
        contentTranslateOptions={contentOptions}
        confirmColor="warning"
        onConfirm={() => void onConfirm().then(() => setConfirming(false))}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
