import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import PhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import { useGetOne, useInput, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import type { RelationshipManifest } from '@umpire/schema/manifest';
import { ImageThumbnail } from './image-thumbnail';
import { ChooserField } from './chooser-field';
import { requiredValidator } from './validation';
import type { ImagePickerDialogProps, PickedImage } from './image-picker-slot';

interface ImageRecord {
  id: string;
  path?: string | null;
  name?: string | null;
}

/**
 * An image field (a belongsTo link to `images`): the linked image's thumbnail, a button that opens
 * the picker, and one that removes the link. The form's value is the image's id.
 */
export function ImageLinkInput({ rel, Picker }: { rel: RelationshipManifest; Picker: React.ComponentType<ImagePickerDialogProps> }) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const record = useRecordContext();
  const source = rel.source!;
  const { field, fieldState, id, isRequired } = useInput({ id: source, source, validate: rel.required ? requiredValidator : undefined, isRequired: rel.required });
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const value = field.value === null || field.value === undefined || field.value === '' ? null : String(field.value);
  const nested = record?.[rel.name] as ImageRecord | undefined;
  const known = picked && picked.id === value ? picked : nested && String(nested.id) === value ? nested : undefined;
  const { data: fetched } = useGetOne<ImageRecord>('images', { id: value ?? '' }, { enabled: !!value && !known?.path });
  const path = known?.path ?? fetched?.path ?? null;
  const label = translate(`resources.${resource}.fields.${source}`);
  const labelId = `${id}-label`;
  return (
    <ChooserField
      labelId={labelId}
      label={label}
      required={isRequired}
      invalid={fieldState.invalid}
      error={fieldState.error?.message}
      dialog={
        open && (
          <Picker
            open
            label={label}
            onClose={() => setOpen(false)}
            onPicked={(image) => {
              setPicked(image);
              field.onChange(image.id);
              setOpen(false);
            }}
          />
        )
      }
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ width: 72, height: 72, display: 'grid', placeItems: 'center', bgcolor: 'grey.100', borderRadius: 1 }} data-testid={`${source}-preview`}>
          {path ? <ImageThumbnail path={path} size={72} /> : <PhotoIcon aria-hidden sx={{ color: 'text.secondary' }} />}
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
          {value ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {known?.name ?? fetched?.name ?? path ?? ''}
            </Typography>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {translate('image.none')}
            </Typography>
          )}
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button id={id} size="small" variant="outlined" onClick={() => setOpen(true)}>
              {translate(value ? 'image.change' : 'image.choose')}
            </Button>
            {value && (
              <Button size="small" color="error" onClick={() => field.onChange(null)}>
                {translate('image.remove')}
              </Button>
            )}
          </Box>
        </Box>
      </Box>
    </ChooserField>
  );
}
