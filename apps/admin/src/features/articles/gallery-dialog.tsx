import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import { ImageThumbnail } from '../../framework/generic/image-thumbnail';
import type { ImagePickerDialogProps, PickedImage } from '../../framework/generic/image-picker-slot';

/**
 * A gallery to embed: images added one by one with the media library's picker (each becomes an
 * `images` record, with its focal point and alt texts), shown in order, each removable; inserted
 * once there is at least one, at most `max`.
 */
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
          <List dense aria-label={translate('articlesPage.editor.galleryImages')}>
            {images.map((image, i) => {
              const name = image.name ?? image.path ?? `#${image.id}`;
              return (
                <ListItem
                  key={`${image.id}-${i}`}
                  data-testid="gallery-dialog-image"
                  secondaryAction={
                    <IconButton edge="end" aria-label={translate('articlesPage.editor.removeImage', { name })} onClick={() => setImages(images.filter((_, j) => j !== i))}>
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  }
                >
                  <Box sx={{ width: 64, mr: 2, flexShrink: 0 }}>{image.path && <ImageThumbnail path={image.path} size={64} alt="" />}</Box>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Typography>
                </ListItem>
              );
            })}
          </List>
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
