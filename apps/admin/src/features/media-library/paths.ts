import type { MediaFile } from './media-api';

/** Folder paths of the library: always start and end with `/` (packages/schema/src/media.ts). */
export const ROOT = '/';

/** The path of the folder a folder entry opens: `/crests/` + `2026/`. */
export function folderPathOf(folder: Pick<MediaFile, 'path' | 'name'>): string {
  return normalisePath(`${folder.path}${folder.name}`);
}

/** `crests/2026` or `/crests//2026/` → `/crests/2026/`. */
export function normalisePath(path: string | null | undefined): string {
  const parts = (path ?? '').split('/').filter(Boolean);
  return parts.length ? `/${parts.join('/')}/` : ROOT;
}

/** The folders from the root to `path`, each with its name: `/a/b/` → `/`, `/a/`, `/a/b/`. */
export function breadcrumbsOf(path: string): { path: string; name: string }[] {
  const parts = normalisePath(path).split('/').filter(Boolean);
  return [{ path: ROOT, name: '' }, ...parts.map((name, i) => ({ path: `/${parts.slice(0, i + 1).join('/')}/`, name }))];
}

/** Whether `path` is `folder` itself or inside it (a folder cannot move into itself). */
export function isInside(path: string, folder: string): boolean {
  return normalisePath(path).startsWith(normalisePath(folder));
}

/** A folder's name as typed (no slashes, trimmed); the server adds the trailing `/`. */
export function cleanFolderName(name: string): string {
  return name.replace(/\//g, '').trim();
}

/** A file's name as shown: a folder's without its trailing slash. */
export const displayName = (file: Pick<MediaFile, 'name'>): string => file.name.replace(/\/$/, '');
