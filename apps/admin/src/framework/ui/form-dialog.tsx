import { Alert, Button, DialogActions } from '@mui/material';
import { SaveButton, useSimpleFormIterator, useTranslate } from 'react-admin';

/**
 * The shared parts of a dialog that edits one record with its list of items (a quiz question and
 * its answers, a survey question and its options).
 */

/** What keeps the record from being saved as it is, said where the form ends. */
export function FormDialogIssue({ issue }: { issue: string | null }) {
  if (!issue) return null;
  return (
    <Alert severity="warning" role="alert" sx={{ mt: 1 }}>
      {issue}
    </Alert>
  );
}

/** Cancel and Save; Save stays enabled so that pressing it shows what is missing. */
export function FormDialogActions({ onCancel }: { onCancel: () => void }) {
  const translate = useTranslate();
  return (
    <DialogActions>
      <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
      <SaveButton alwaysEnable />
    </DialogActions>
  );
}

/** Adds an empty item at the end of a SimpleFormIterator (a labelled button: the iterator's own is an icon). */
export function AddItemButton({ label }: { label: string }) {
  const { add } = useSimpleFormIterator();
  return (
    <Button size="small" onClick={() => add()}>
      {label}
    </Button>
  );
}
