import { useState } from 'react';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { getRuntime } from '../../lib/configuration';
import { imageUrl } from '../../lib/images';

/**
 * A CDN thumbnail of an image path; nothing when the CDN cannot serve it. `alt` '' makes it
 * decorative (its name is written next to it).
 */
export function ImageThumbnail({ path, size = 48, alt }: { path: string; size?: number; alt?: string }) {
  const translate = useTranslate();
  const [failed, setFailed] = useState(false);
  const { configuration } = getRuntime();
  let src: string | undefined;
  try {
    src = imageUrl(path, { cdnId: configuration.cdn_id, cdnHost: configuration.cdn_host }, { variant: 'thumb' });
  } catch (error) {
    console.error(error);
  }
  if (!src || failed) return null;
  return (
    <Box
      component="img"
      src={src}
      alt={alt ?? translate('image.preview', { path })}
      loading="lazy"
      // Never dragged on its own: a drag that starts on a thumbnail still loading went nowhere,
      // so a file tile (or a card) holding one could not be dragged until it had loaded.
      draggable={false}
      onError={() => setFailed(true)}
      sx={{ width: size, height: size, objectFit: 'contain', borderRadius: 1, bgcolor: 'grey.100', display: 'block' }}
    />
  );
}
