import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LibraryFileDialogProps } from '../../framework/generic/image-picker-slot';
import { displayName } from './paths';
import { ChooseStep } from './image-picker-dialog';

/** The chooser of `file_id` fields: a library file of the kind asked for, chosen or uploaded in place. */
export default function LibraryFileDialog({ open, label, kind, onClose, onPicked }: LibraryFileDialogProps) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="library-file-title" fullWidth maxWidth="lg">
      <DialogTitle id="library-file-title">{translate('mediaLibrary.picker.fileTitle', { field: label })}</DialogTitle>
      <DialogContent dividers>
        <ChooseStep kind={kind} onChoose={(file) => onPicked({ id: file.id, name: displayName(file), image_path: file.image_path })} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
