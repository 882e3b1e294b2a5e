import { useState } from 'react';
import { Box, Button, CircularProgress, IconButton, TextField, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { UsageList } from '../../framework/generic/usages-notice';
import { formatDateTime } from '../../lib/locale';
import { getRuntime } from '../../lib/configuration';
import { imageUrl } from '../../lib/images';
import { fileUsages, streamUrl, updateFile, type MediaFile } from './media-api';
import { FilePreviewIcon, type FileAction } from './file-browser';
import { displayName } from './paths';
import { mediaKeys } from './query-keys';
import { formatBytes } from './upload-queue';

function imagePreviewUrl(file: MediaFile): string | undefined {
  if (!file.image_path) return undefined;
  try {
    const { configuration } = getRuntime();
    return imageUrl(file.image_path, { cdnId: configuration.cdn_id, cdnHost: configuration.cdn_host }, { variant: 'mobileHero' });
  } catch {
    return undefined;
  }
}

/**
 * Preview: images from the image service; videos and PDFs straight from the content route (the
 * token in the address), so the browser streams them with Range requests and a large video
 * starts playing and seeks without being downloaded whole first, whatever its size.
 */
function Preview({ file }: { file: MediaFile }) {
  const translate = useTranslate();
  const imageSrc = imagePreviewUrl(file);
  const [failed, setFailed] = useState(false);
  const frame = { width: '100%', borderRadius: 1, bgcolor: 'grey.100', display: 'block' } as const;
  if (file.kind === 'image' && imageSrc && !failed) {
    return (
      <Box
        component="img"
        src={imageSrc}
        alt={file.alt_text ?? translate('image.preview', { path: displayName(file) })}
        onError={() => setFailed(true)}
        sx={{ ...frame, maxHeight: 260, objectFit: 'contain' }}
      />
    );
  }
  if (file.kind === 'video' && !failed) {
    return (
      <Box
        component="video"
        data-testid="video-preview"
        src={streamUrl(file)}
        controls
        preload="metadata"
        onError={() => setFailed(true)}
        aria-label={translate('mediaLibrary.videoOf', { name: displayName(file) })}
        sx={{ ...frame, maxHeight: 260 }}
      />
    );
  }
  if (file.content_type === 'application/pdf') {
    return <Box component="iframe" data-testid="pdf-preview" src={streamUrl(file)} title={translate('mediaLibrary.pdfOf', { name: displayName(file) })} sx={{ ...frame, height: 320, border: 0 }} />;
  }
  return (
    <Box sx={{ ...frame, display: 'grid', placeItems: 'center', height: 160 }}>
      <FilePreviewIcon file={file} size={120} />
    </Box>
  );
}

function Usages({ file }: { file: MediaFile }) {
  const translate = useTranslate();
  const { data, isPending, isError } = useQuery({ queryKey: mediaKeys.usages(file.id), queryFn: () => fileUsages(file.id) });
  return (
    <Box component="section" aria-labelledby="file-usages-title">
      <Typography id="file-usages-title" variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {translate('usages.title')}
      </Typography>
      {isPending && <CircularProgress size={16} aria-label={translate('ra.page.loading')} />}
      {isError && <Typography variant="body2">{translate('usages.unavailable')}</Typography>}
      {data && !data.length && <Typography variant="body2">{translate('usages.none')}</Typography>}
      {data && data.length > 0 && <UsageList usages={data} />}
    </Box>
  );
}

function AltText({ file }: { file: MediaFile }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(file.alt_text ?? '');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await updateFile(file.id, { alt_text: value.trim() || null });
      await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
    } catch {
      // The HTTP client has shown the error.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}>
      <TextField id="media-alt-text" label={translate('mediaLibrary.fields.altText')} value={value} onChange={(e) => setValue(e.target.value)} size="small" fullWidth />
      <Button onClick={() => void save()} disabled={saving || value === (file.alt_text ?? '')} sx={{ mt: 0.25 }}>
        {translate('ra.action.save')}
      </Button>
    </Box>
  );
}

/** The selected file: preview, facts, alt text, where it is used, and what can be done with it. */
export function FileDetails({ file, onClose, onAction }: { file: MediaFile; onClose: () => void; onAction?: (file: MediaFile, action: FileAction) => void }) {
  const translate = useTranslate();
  // The browser saves the streamed bytes itself: a large video is never held in the page.
  const download = () => {
    const url = new URL(streamUrl(file));
    url.searchParams.set('download', 'true');
    const anchor = document.createElement('a');
    anchor.href = url.toString();
    anchor.download = displayName(file);
    anchor.click();
  };
  const facts: [string, string][] = [
    ['type', file.content_type ?? translate(`mediaLibrary.kinds.${file.kind}`)],
    ['size', formatBytes(file.size)],
    ...(file.width && file.height ? [['dimensions', `${file.width} × ${file.height}`] as [string, string]] : []),
    ...(file.duration ? [['duration', `${Math.round(file.duration)} s`] as [string, string]] : []),
    ['folder', file.path],
    ['uploadedBy', file.created_by ?? ''],
    ['uploaded', formatDateTime(file.created_at)],
  ];
  return (
    <Box component="aside" aria-labelledby="file-details-title" data-testid="file-details" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id="file-details-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {displayName(file)}
        </Typography>
        <IconButton size="small" aria-label={translate('ra.action.close')} onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <Preview key={file.id} file={file} />
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, my: 1.5, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
        {facts.map(([key, value]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2">
              {translate(`mediaLibrary.fields.${key}`)}
            </Typography>
            <Typography component="dd" variant="body2">
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {file.kind === 'image' && onAction && <AltText key={`${file.id}:${file.alt_text ?? ''}`} file={file} />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        <Button size="small" startIcon={<DownloadIcon />} onClick={download}>
          {translate('mediaLibrary.download')}
        </Button>
        {onAction && (
          <>
            <Button size="small" onClick={() => onAction(file, 'rename')}>
              {translate('mediaLibrary.rename')}
            </Button>
            <Button size="small" onClick={() => onAction(file, 'move')}>
              {translate('mediaLibrary.move')}
            </Button>
            <Button size="small" color="error" onClick={() => onAction(file, 'delete')}>
              {translate('ra.action.delete')}
            </Button>
          </>
        )}
      </Box>
      <Usages file={file} />
    </Box>
  );
}
