import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import { resourceDef } from '../../framework/definitions';
import type { ImagePickerDialogProps } from '../../framework/generic/image-picker-slot';
import { getRuntime } from '../../lib/configuration';
import { imageUrl } from '../../lib/images';
import type { MediaKind } from '@umpire/schema/media';
import { listFiles, type MediaFile } from './media-api';
import { FileBrowser } from './file-browser';
import { FolderTree } from './folder-tree';
import { DropZone, UploadButton } from './drop-zone';
import { UploadList } from './upload-list';
import { FocalPointPicker, type Focus } from './focal-point';
import { imageAttributes } from './image-record';
import { displayName, folderPathOf, ROOT } from './paths';
import { mediaKeys } from './query-keys';
import { useUploadQueue } from './use-upload-queue';

const PICKER_PAGE = 100;

function previewUrl(file: MediaFile): string {
  try {
    const { configuration } = getRuntime();
    return imageUrl(file.image_path ?? '', { cdnId: configuration.cdn_id, cdnHost: configuration.cdn_host }, { variant: 'mobileHero' });
  } catch {
    return '';
  }
}

/** Step one: a library file of `kind`, chosen in its folders or uploaded in place (it is chosen once stored). */
export function ChooseStep({ kind = 'image', onChoose }: { kind?: MediaKind; onChoose: (file: MediaFile) => void }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [path, setPath] = useState(ROOT);
  const [q, setQ] = useState('');
  const query = { path, q, sort: 'name' as const, page: 1, perPage: PICKER_PAGE, kinds: ['folder', kind] as MediaKind[] };
  const list = useQuery({ queryKey: mediaKeys.list(query), queryFn: () => listFiles(query), placeholderData: keepPreviousData });
  const uploads = useUploadQueue((file) => {
    void queryClient.invalidateQueries({ queryKey: mediaKeys.all });
    if (file.kind === kind) onChoose(file);
  });
  const files = (list.data?.files ?? []).filter((f) => f.kind === 'folder' || f.kind === kind);
  const addImages = (chosen: File[]) => uploads.add(chosen, path);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '200px minmax(0, 1fr)' }, alignItems: 'start' }}>
      <FolderTree current={path} onOpen={setPath} label={translate('mediaLibrary.folders')} />
      <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField id="picker-search" type="search" size="small" label={translate('mediaLibrary.search')} value={q} onChange={(e) => setQ(e.target.value)} sx={{ flex: '1 1 200px' }} />
          <UploadButton onFiles={addImages} label={translate(kind === 'image' ? 'mediaLibrary.picker.upload' : 'mediaLibrary.upload.button')} />
        </Box>
        <UploadList queue={uploads.queue} onRetry={uploads.retry} onCancel={uploads.cancel} onClear={uploads.clearFinished} />
        <DropZone onFiles={addImages}>
          {list.isSuccess && !files.length && <Typography sx={{ p: 2 }}>{translate(q ? 'ui.nothingFound' : 'mediaLibrary.emptyDrop')}</Typography>}
          {list.isError && <Alert severity="error">{translate('ui.uploadFailed')}</Alert>}
          <FileBrowser files={files} view="grid" selectedId={undefined} onActivate={(file) => (file.kind === 'folder' ? setPath(folderPathOf(file)) : onChoose(file))} />
        </DropZone>
      </Box>
    </Box>
  );
}

/**
 * The picker of every image field: choose or upload a library image, then set its focal point,
 * its alt texts in Polish and English and its credit. Saving makes an `images` record
 * (POST /images, no success pop-up: spec §8) and hands it to the field.
 */
export default function ImagePickerDialog({ open, label, onClose, onPicked }: ImagePickerDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [file, setFile] = useState<MediaFile | null>(null);
  const [focus, setFocus] = useState<Focus>({ x: 0.5, y: 0.5 });
  const [altPl, setAltPl] = useState('');
  const [altEn, setAltEn] = useState('');
  const [credit, setCredit] = useState('');
  const [saving, setSaving] = useState(false);
  const choose = (chosen: MediaFile) => {
    setFile(chosen);
    setFocus({ x: 0.5, y: 0.5 });
    setAltPl(chosen.alt_text ?? '');
    setAltEn(chosen.alt_text ?? '');
  };
  const save = async () => {
    if (!file) return;
    setSaving(true);
    try {
      const names = resourceDef('images')?.attributes.map((a) => a.name) ?? [];
      const { data } = await dataProvider.create<RaRecord>('images', { data: imageAttributes(file, { focus, altPl, altEn, credit }, names) });
      onPicked({ id: String(data.id), path: (data as { path?: string }).path ?? file.image_path, name: (data as { name?: string }).name ?? displayName(file) });
    } catch {
      // The HTTP client has shown the error; the dialog stays for another try.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="image-picker-title" fullWidth maxWidth="lg">
      <DialogTitle id="image-picker-title">{translate('mediaLibrary.picker.title', { field: label })}</DialogTitle>
      <DialogContent dividers>
        {!file && <ChooseStep onChoose={choose} />}
        {file && (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
            <Box>
              <FocalPointPicker
                src={previewUrl(file)}
                alt={altEn || altPl || displayName(file)}
                aspectRatio={file.width && file.height ? file.width / file.height : 4 / 3}
                focus={focus}
                onChange={setFocus}
              />
              <Typography id="focal-point-help" variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                {translate('mediaLibrary.picker.focalHelp')}
              </Typography>
            </Box>
            <Box sx={{ display: 'grid', gap: 1.5 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {displayName(file)}
              </Typography>
              <TextField id="picker-alt-pl" label={translate('mediaLibrary.picker.altPl')} value={altPl} onChange={(e) => setAltPl(e.target.value)} size="small" />
              <TextField id="picker-alt-en" label={translate('mediaLibrary.picker.altEn')} value={altEn} onChange={(e) => setAltEn(e.target.value)} size="small" />
              <TextField id="picker-credit" label={translate('mediaLibrary.picker.credit')} value={credit} onChange={(e) => setCredit(e.target.value)} size="small" />
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {file && <Button onClick={() => setFile(null)}>{translate('mediaLibrary.picker.back')}</Button>}
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        {file && (
          <Button variant="contained" onClick={() => void save()} disabled={saving}>
            {translate('mediaLibrary.picker.use')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
