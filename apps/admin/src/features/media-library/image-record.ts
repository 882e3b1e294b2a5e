import type { MediaFile } from './media-api';
import type { Focus } from './focal-point';
import { displayName } from './paths';

/** The `images` record for a library file, in the shape the server declares. */
export function imageAttributes(
  file: MediaFile,
  details: { focus: Focus; altPl: string; altEn: string; credit: string },
  attributeNames: readonly string[],
): Record<string, unknown> {
  const text = (v: string) => v.trim() || null;
  if (attributeNames.includes('file_id')) {
    return {
      file_id: file.id,
      name: displayName(file),
      alt_text_pl: text(details.altPl),
      alt_text_en: text(details.altEn),
      focal_x: details.focus.x,
      focal_y: details.focus.y,
      credit: text(details.credit),
    };
  }
  // A server without the library link (before images carry file_id) takes the image's path.
  return { path: (file.image_path ?? '').replace(/^\/+/, ''), name: displayName(file), alt_text: text(details.altPl) ?? text(details.altEn) };
}
