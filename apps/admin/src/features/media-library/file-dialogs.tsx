import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { createFolder, deleteFile, fileUsages, updateFile, type MediaFile } from './media-api';
import type { FileAction } from './file-browser';
import { FolderTree } from './folder-tree';
import { UsagesWarning } from '../../framework/generic/usages-notice';
import { cleanFolderName, displayName, folderPathOf, isInside } from './paths';
import { mediaKeys } from './query-keys';

/** What a dialog of the library is doing: creating a folder in `path`, or acting on a file. */
export type LibraryDialog = { kind: 'newFolder'; path: string } | { kind: FileAction; file: MediaFile };

/** Runs a call; the HTTP client has already shown an error pop-up when it fails. */
function useSubmit(onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await call();
      onDone();
    } catch {
      // Reported by the HTTP client's pop-up; the dialog stays open to try again.
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

function NameDialog({ title, label, initial, onSubmit, onClose }: { title: string; label: string; initial: string; onSubmit: (name: string) => Promise<unknown>; onClose: () => void }) {
  const translate = useTranslate();
  const [name, setName] = useState(initial);
  const { busy, run } = useSubmit(onClose);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) void run(() => onSubmit(name.trim()));
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="media-dialog-title" fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle id="media-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <TextField id="media-dialog-name" label={label} value={name} onChange={(e) => setName(e.target.value)} autoFocus fullWidth margin="dense" required />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || !name.trim()}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function MoveDialog({ file, onClose, onDone }: { file: MediaFile; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const [target, setTarget] = useState(file.path);
  const { busy, run } = useSubmit(onDone);
  // A folder cannot go into itself or below itself.
  const invalid = target === file.path || (file.kind === 'folder' && isInside(target, folderPathOf(file)));
  return (
    <Dialog open onClose={onClose} aria-labelledby="media-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="media-dialog-title">{translate('mediaLibrary.moveTitle', { name: displayName(file) })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('mediaLibrary.moveTo', { path: target })}</DialogContentText>
        <Box sx={{ mt: 1, maxHeight: 360, overflow: 'auto' }}>
          <FolderTree current={target} onOpen={setTarget} label={translate('mediaLibrary.folders')} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy || invalid} onClick={() => void run(() => updateFile(file.id, { path: target }))}>
          {translate('mediaLibrary.move')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Deleting asks first, listing the records that use the file (they lose their image): the file
 * goes only once the user confirms, and leaves the screen only after the call succeeded.
 */
function DeleteDialog({ file, onClose, onDone }: { file: MediaFile; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const isFolder = file.kind === 'folder';
  // A folder's usages are those of the files inside it.
  const usages = useQuery({ queryKey: mediaKeys.usages(file.id), queryFn: () => fileUsages(file.id) });
  const { busy, run } = useSubmit(onDone);
  const used = usages.data ?? [];
  const ready = usages.isSuccess || usages.isError;
  // Confirmed with its uses or its content in view, so the server may go ahead.
  const force = used.length > 0 || (isFolder && (file.children_count ?? 0) > 0);
  return (
    <Dialog open onClose={onClose} aria-labelledby="media-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="media-dialog-title">{translate(isFolder ? 'mediaLibrary.deleteFolderTitle' : 'mediaLibrary.deleteTitle', { name: displayName(file) })}</DialogTitle>
      <DialogContent>
        {!ready && <CircularProgress size={20} aria-label={translate('ra.page.loading')} />}
        {usages.isError && <Alert severity="warning">{translate('usages.unavailable')}</Alert>}
        {usages.isSuccess && <UsagesWarning usages={used} none={translate(isFolder ? 'mediaLibrary.deleteFolderConfirm' : 'mediaLibrary.deleteConfirm')} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button color="error" variant="contained" disabled={busy || !ready} onClick={() => void run(() => deleteFile(file.id, force))}>
          {translate(used.length ? 'mediaLibrary.deleteAnyway' : 'ra.action.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The open dialog of the library; `onChanged` hears of a done change (the screen reloads). */
export function LibraryDialogs({ dialog, onClose, onChanged }: { dialog: LibraryDialog | null; onClose: () => void; onChanged: (dialog: LibraryDialog) => void }) {
  const translate = useTranslate();
  if (!dialog) return null;
  const done = () => onChanged(dialog);
  switch (dialog.kind) {
    case 'newFolder':
      return (
        <NameDialog
          title={translate('mediaLibrary.newFolder')}
          label={translate('mediaLibrary.folderName')}
          initial=""
          onClose={onClose}
          onSubmit={async (name) => {
            await createFolder(dialog.path, cleanFolderName(name));
            done();
          }}
        />
      );
    case 'rename':
      return (
        <NameDialog
          title={translate('mediaLibrary.renameTitle', { name: displayName(dialog.file) })}
          label={translate('mediaLibrary.fields.name')}
          initial={displayName(dialog.file)}
          onClose={onClose}
          onSubmit={async (name) => {
            await updateFile(dialog.file.id, { name: dialog.file.kind === 'folder' ? `${cleanFolderName(name)}/` : name });
            done();
          }}
        />
      );
    case 'move':
      return <MoveDialog file={dialog.file} onClose={onClose} onDone={done} />;
    case 'delete':
      return <DeleteDialog file={dialog.file} onClose={onClose} onDone={done} />;
  }
}
