/**
 * Resource types whose changes the ContentChannel of /cable announces (published content: articles,
 * pages). Publication registers them; the cable only reads this list.
 */
const CONTENT_TYPES = new Set<string>();

export function addContentType(type: string): void {
  CONTENT_TYPES.add(type);
}

export function isContentType(type: string): boolean {
  return CONTENT_TYPES.has(type);
}

export const CONTENT_CHANNEL = 'API::V3::ContentChannel';
