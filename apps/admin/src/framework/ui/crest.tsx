import { useEffect, useState } from 'react';
import { Avatar } from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import { useGetManyAggregate } from 'react-admin';
import { getRuntime } from '../../lib/configuration';
import { imageUrl } from '../../lib/images';
import { initialsOf, type ImageRecord, type TeamRecord } from '../records/people';
import { legibleColours } from '../../lib/colours';

/** The CDN address of an image path at a square size (twice the size, for sharp screens). */
function squareUrl(path: string | undefined, size: number): string | undefined {
  if (!path) return undefined;
  try {
    const { configuration } = getRuntime();
    return imageUrl(path, { cdnId: configuration.cdn_id, cdnHost: configuration.cdn_host }, { width: size * 2, height: size * 2 });
  } catch {
    return undefined;
  }
}

/**
 * Whether an image address can be shown: 'loaded', 'error', or null while it loads. Decided
 * before the image is drawn, so the fallback never flashes on a transparent background.
 */
export function useImageStatus(src: string | undefined): 'loaded' | 'error' | null {
  const [status, setStatus] = useState<{ src: string; value: 'loaded' | 'error' } | null>(null);
  useEffect(() => {
    if (!src) return;
    let live = true;
    const image = new Image();
    image.onload = () => live && setStatus({ src, value: 'loaded' });
    image.onerror = () => live && setStatus({ src, value: 'error' });
    image.src = src;
    return () => {
      live = false;
    };
  }, [src]);
  if (!src) return 'error';
  return status?.src === src ? status.value : null;
}

/**
 * An image by its record, or by id when only the link is known (one batched, cached request for
 * every image of the page).
 */
function useImagePath(image: ImageRecord | null | undefined, imageId: string | null | undefined): string | undefined {
  const id = image?.path ? undefined : (imageId ?? image?.id ?? undefined);
  const { data } = useGetManyAggregate<ImageRecord>('images', { ids: id ? [id] : [] }, { enabled: !!id, staleTime: 10 * 60_000 });
  return image?.path ?? data?.find((i) => String(i.id) === String(id))?.path;
}

export interface CrestProps {
  team?: TeamRecord | null;
  /** Used when the team has no image of its own (the squad's or the club's). */
  fallbackImage?: ImageRecord | null;
  fallbackImageId?: string | null;
  /** The name the initials come from when no image can be shown. */
  name?: string;
  size?: number;
}

/**
 * A team's crest. Images may be missing on the CDN: then the club's initials on its colours.
 * Decorative: the team's name is always written next to it.
 */
export function Crest({ team, fallbackImage, fallbackImageId, name, size = 32 }: CrestProps) {
  const image = team?.image ?? team?.club?.image ?? fallbackImage ?? null;
  const imageId = team?.image_id ?? team?.club?.image_id ?? fallbackImageId ?? null;
  const path = useImagePath(image, imageId);
  const src = squareUrl(path, size);
  const status = useImageStatus(src);
  const club = team?.club;
  const { background, color: colour } = legibleColours(club?.primary_color, club?.secondary_color);
  const label = name ?? team?.short_name ?? team?.name ?? club?.name ?? '';
  const showImage = status === 'loaded';
  return (
    <Avatar
      aria-hidden
      variant="rounded"
      src={showImage ? src : undefined}
      alt=""
      slotProps={{ img: { alt: '' } }}
      sx={{
        width: size,
        height: size,
        fontSize: Math.max(10, Math.round(size * 0.36)),
        fontWeight: 700,
        bgcolor: showImage ? 'transparent' : background,
        color: colour,
        flexShrink: 0,
        '& img': { objectFit: 'contain' },
      }}
    >
      {club?.code && size >= 28 ? club.code : initialsOf(label, size < 28 ? 2 : 3)}
    </Avatar>
  );
}

/** A person's photo, or their initials. Decorative: the name is written next to it. */
export function PersonAvatar({
  image,
  imageId,
  name,
  size = 32,
}: {
  image?: ImageRecord | null;
  imageId?: string | null;
  name: string;
  size?: number;
}) {
  const path = useImagePath(image, imageId);
  const src = squareUrl(path, size);
  const showImage = useImageStatus(src) === 'loaded';
  const initials = initialsOf(name, 2);
  return (
    <Avatar
      aria-hidden
      src={showImage ? src : undefined}
      alt=""
      slotProps={{ img: { alt: '' } }}
      sx={{ width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.38)), bgcolor: showImage ? 'transparent' : 'grey.300', color: 'grey.900', flexShrink: 0 }}
    >
      {initials || <PersonIcon fontSize="small" />}
    </Avatar>
  );
}
