import { MEDIA_FILES_TYPE, type MediaFileResource } from '@umpire/schema/media';
import type { MediaFileRow } from './repository';

export const MEDIA_PREFIX = '/media/v1';

/** A row as the JSON:API resource of the media API (packages/schema/src/media.ts). */
export function fileResource(row: MediaFileRow, origin: string, childrenCount: number | null = null): MediaFileResource {
  const self = `${origin}${MEDIA_PREFIX}/uploads/files/${row.id}`;
  const folder = row.kind === 'folder';
  return {
    type: MEDIA_FILES_TYPE,
    id: String(row.id),
    attributes: {
      name: row.name,
      path: row.path,
      kind: row.kind,
      size: folder ? null : row.size,
      content_type: folder ? null : row.content_type,
      width: row.width,
      height: row.height,
      duration: row.duration,
      alt_text: row.alt_text,
      image_path: row.image_path,
      children_count: folder ? (childrenCount ?? 0) : null,
      created_by: row.created_by,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    links: { self },
    ...(folder ? {} : { meta: { content: `${self}/content` } }),
  };
}
