import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import { ImageThumbnail } from '../../framework/generic/image-thumbnail';
import { ReorderableList } from '../../framework/ui/reorderable-list';
import { moveItem } from '../../lib/move-item';
import type { ImagePickerDialogProps, PickedImage } from '../../framework/generic/image-picker-slot';

/**
 * A gallery to embed: images added one by one with the media library's picker (each becomes an
 * `images` record, with its focal point and alt texts), in an order the editor can change
 * (ReorderableList), each removable; inserted once there is at least one, at most `max`.
 */
const nameOf = (image: PickedImage) => image.name ?? image.path ?? `#${image.id}`;

export function GalleryDialog({ title, max, Picker, onClose, onInsert }: { title: string; max?: number; Picker: React.ComponentType<ImagePickerDialogProps>; onClose: () => void; onInsert: (images: PickedImage[]) => void }) {
  const translate = useTranslate();
  const [images, setImages] = useState<PickedImage[]>([]);
  const [adding, setAdding] = useState(false);
  const full = max !== undefined && images.length >= max;
  return (
    <>
      <Dialog open={!adding} onClose={onClose} aria-labelledby="gallery-dialog-title" fullWidth maxWidth="sm">
        <DialogTitle id="gallery-dialog-title">{title}</DialogTitle>
        <DialogContent dividers>
          {!images.length && <Typography sx={{ color: 'text.secondary' }}>{translate('articlesPage.editor.galleryEmpty')}</Typography>}
          {!!images.length && (
            <Box sx={{ mb: 2 }}>
              <ReorderableList
                items={images}
                keyOf={(image) => image.id}
                nameOf={nameOf}
                onMove={(from, to) => setImages((list) => moveItem(list, from, to))}
                renderItem={(image) => (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
                    {image.path && <ImageThumbnail path={image.path} size={48} alt="" />}
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {nameOf(image)}
                    </Typography>
                  </Box>
                )}
                renderActions={(image) => (
                  <IconButton size="small" aria-label={translate('articlesPage.editor.removeImage', { name: nameOf(image) })} onClick={() => setImages((list) => list.filter((i) => i.id !== image.id))}>
                    <CloseIcon fontSize="small" />
                  </IconButton>
                )}
                testId="gallery-dialog-images"
              />
            </Box>
          )}
          <Button variant="outlined" disabled={full} onClick={() => setAdding(true)}>
            {translate('articlesPage.editor.addImage')}
          </Button>
          {max !== undefined && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              {translate('articlesPage.editor.atMost', { max })}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={!images.length} onClick={() => onInsert(images)}>
            {translate('articlesPage.editor.insert')}
          </Button>
        </DialogActions>
      </Dialog>
      {adding && (
        <Picker
          open
          label={title}
          onClose={() => setAdding(false)}
          onPicked={(image) => {
            setImages((list) => [...list, image]);
            setAdding(false);
          }}
        />
      )}
    </>
  );
}
