import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField, Typography } from '@mui/material';
import { useQueries } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { createFolder, deleteFile, fileUsages, moveFiles, updateFile, type MediaFile } from './media-api';
import { FolderTree } from './folder-tree';
import { UsagesWarning } from '../../framework/generic/usages-notice';
import { cleanFolderName, displayName } from './paths';
import { movePlan } from './selection';
import { mediaKeys } from './query-keys';

/** What a dialog of the library is doing: creating a folder in `path`, renaming a file, moving or deleting files. */
export type LibraryDialog = { kind: 'newFolder'; path: string } | { kind: 'rename'; file: MediaFile } | { kind: 'move' | 'delete'; files: MediaFile[] };

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

/**
 * Moves one or more files: a folder tree to choose the target (buttons, so Tab and Enter choose
 * one). A folder into itself or its own subfolder is refused here with a notice, before any call.
 */
function MoveDialog({ files, onClose, onDone }: { files: MediaFile[]; onClose: () => void; onDone: (ids: string[]) => void }) {
  const translate = useTranslate();
  const [target, setTarget] = useState(files[0]?.path ?? '/');
  const [busy, setBusy] = useState(false);
  const plan = movePlan(files, target);
  const refused = plan.intoItself.length > 0;
  const submit = async () => {
    setBusy(true);
    try {
      const { moved } = await moveFiles(plan.moving, target);
      // Those refused (a name taken there) were reported by pop-ups; the rest are done.
      if (moved.length) onDone(moved.map((f) => f.id));
    } finally {
      setBusy(false);
    }
  };
  const title = files.length === 1 ? translate('mediaLibrary.moveTitle', { name: displayName(files[0]) }) : translate('mediaLibrary.moveManyTitle', { smart_count: files.length });
  return (
    <Dialog open onClose={onClose} aria-labelledby="media-dialog-title" fullWidth maxWidth="sm" data-testid="move-dialog">
      <DialogTitle id="media-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText aria-live="polite">{translate('mediaLibrary.moveTo', { path: target })}</DialogContentText>
        {refused && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {translate('mediaLibrary.moveIntoItself', { name: plan.intoItself.map(displayName).join(', ') })}
          </Alert>
        )}
        {!refused && !plan.moving.length && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {translate('mediaLibrary.alreadyThere')}
          </Alert>
        )}
        <Box sx={{ mt: 1, maxHeight: 360, overflow: 'auto' }}>
          <FolderTree current={target} onOpen={setTarget} label={translate('mediaLibrary.moveTarget')} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy || refused || !plan.moving.length} onClick={() => void submit()}>
          {translate('mediaLibrary.move')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Deleting asks first, saying how many go and listing the records that use them (they lose their
 * image): the files go only once the user confirms, and leave the screen only after the calls
 * succeeded.
 */
function DeleteDialog({ files, onClose, onDone }: { files: MediaFile[]; onClose: () => void; onDone: (ids: string[]) => void }) {
  const translate = useTranslate();
  const single = files.length === 1 ? files[0] : null;
  // A folder's usages are those of the files inside it.
  const usages = useQueries({
    queries: files.map((file) => ({ queryKey: mediaKeys.usages(file.id), queryFn: () => fileUsages(file.id) })),
  });
  const [busy, setBusy] = useState(false);
  const ready = usages.every((u) => u.isSuccess || u.isError);
  const failed = usages.some((u) => u.isError);
  const used = usages.flatMap((u) => u.data ?? []);
  const hasContent = (file: MediaFile) => file.kind === 'folder' && (file.children_count ?? 0) > 0;
  const submit = async () => {
    setBusy(true);
    const deleted: string[] = [];
    try {
      for (const [i, file] of files.entries()) {
        // Confirmed with its uses or its content in view, so the server may go ahead.
        const force = (usages[i]?.data?.length ?? 0) > 0 || hasContent(file);
        try {
          await deleteFile(file.id, force);
          deleted.push(file.id);
        } catch {
          // Reported by the HTTP client's pop-up; the file stays listed.
        }
      }
      if (deleted.length) onDone(deleted);
    } finally {
      setBusy(false);
    }
  };
  const isFolder = single?.kind === 'folder';
  const title = single
    ? translate(isFolder ? 'mediaLibrary.deleteFolderTitle' : 'mediaLibrary.deleteTitle', { name: displayName(single) })
    : translate('mediaLibrary.deleteManyTitle', { smart_count: files.length });
  const none = single
    ? translate(isFolder ? 'mediaLibrary.deleteFolderConfirm' : 'mediaLibrary.deleteConfirm')
    : translate(files.some(hasContent) ? 'mediaLibrary.deleteManyWithFolders' : 'mediaLibrary.deleteManyConfirm', { smart_count: files.length });
  return (
    <Dialog open onClose={onClose} aria-labelledby="media-dialog-title" fullWidth maxWidth="sm" data-testid="delete-dialog">
      <DialogTitle id="media-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {!ready && <CircularProgress size={20} aria-label={translate('ra.page.loading')} />}
        {ready && failed && <Alert severity="warning">{translate('usages.unavailable')}</Alert>}
        {ready && !single && used.length > 0 && <Typography sx={{ mb: 1 }}>{none}</Typography>}
        {ready && <UsagesWarning usages={used} none={none} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button color="error" variant="contained" disabled={busy || !ready} onClick={() => void submit()}>
          {translate(used.length ? 'mediaLibrary.deleteAnyway' : 'ra.action.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The open dialog of the library; `onChanged` hears of a done change and of the files it touched (the screen reloads). */
export function LibraryDialogs({ dialog, onClose, onChanged }: { dialog: LibraryDialog | null; onClose: () => void; onChanged: (dialog: LibraryDialog, ids: string[]) => void }) {
  const translate = useTranslate();
  if (!dialog) return null;
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
            onChanged(dialog, []);
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
            onChanged(dialog, [dialog.file.id]);
          }}
        />
      );
    case 'move':
      return <MoveDialog files={dialog.files} onClose={onClose} onDone={(ids) => onChanged(dialog, ids)} />;
    case 'delete':
      return <DeleteDialog files={dialog.files} onClose={onClose} onDone={(ids) => onChanged(dialog, ids)} />;
  }
}
