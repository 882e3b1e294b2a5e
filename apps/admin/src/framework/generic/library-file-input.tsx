import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useInput, useRecordContext, useResourceContext, useTranslate, type Validator } from 'react-admin';
import type { AttributeManifest } from '@umpire/schema/manifest';
import { ImageThumbnail } from './image-thumbnail';
import { ChooserField } from './chooser-field';
import type { LibraryFileDialogProps, PickedFile } from './image-picker-slot';

/** Which files a resource's `file_id` may name: videos take a video, everything else an image. */
export const fileKindOf = (resource: string | undefined): LibraryFileDialogProps['kind'] => (resource === 'videos' ? 'video' : 'image');

/**
 * A `file_id` attribute (an image's or a video's library file): what is chosen, and a button that
 * opens the library to choose another. The value is the file's id.
 */
export function LibraryFileInput({ attr, validate, Picker }: { attr: AttributeManifest; validate: Validator[]; Picker: React.ComponentType<LibraryFileDialogProps> }) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const record = useRecordContext<{ id: string; path?: string | null; name?: string | null }>();
  const { field, fieldState, id, isRequired } = useInput({ id: attr.name, source: attr.name, validate, isRequired: attr.required });
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const value = field.value === null || field.value === undefined || field.value === '' ? null : String(field.value);
  const chosen = picked && picked.id === value ? picked : null;
  // An image record shows its picture by the path the server copied from the file.
  const path = chosen ? chosen.image_path : value && record?.path ? record.path : null;
  const label = translate(`resources.${resource}.fields.${attr.name}`);
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
            kind={fileKindOf(resource)}
            onClose={() => setOpen(false)}
            onPicked={(file) => {
              setPicked(file);
              field.onChange(file.id);
              setOpen(false);
            }}
          />
        )
      }
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {path && <ImageThumbnail path={path} size={72} alt="" />}
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {chosen?.name ?? (value ? (record?.name ?? `#${value}`) : translate('mediaLibrary.noFile'))}
        </Typography>
        <Button id={id} size="small" variant="outlined" onClick={() => setOpen(true)}>
          {translate('mediaLibrary.chooseFile')}
        </Button>
      </Box>
    </ChooserField>
  );
}
