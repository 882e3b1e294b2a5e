/**
 * Names people give files and folders, made safe to show and to compare. They never become
 * storage keys (keys.ts makes those), but they are listed, searched, downloaded under
 * (Content-Disposition) and shown, so control characters, direction overrides and path
 * separators go, and a name that would be a device on Windows or hidden on Unix is changed.
 */

const MAX_NAME_LENGTH = 200;
const MAX_PATH_LENGTH = 1000;
const MAX_DEPTH = 20;

// C0/C1 controls and DEL, bidirectional controls (RLO/LRO/isolates/marks), zero-width and BOM.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;
// Separators and characters Windows refuses in names.
const FORBIDDEN = /[/\\:*?"<>|]/g;
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/**
 * The name as stored, or null when nothing usable is left (`..`, only spaces or controls). Only
 * the part after the last `/` or `\` counts: a browser may send a whole path.
 */
export function normaliseFileName(raw: string): string | null {
  let name = raw.normalize('NFC').replace(INVISIBLE, '');
  name = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  name = name.replace(FORBIDDEN, '_').replace(/\s+/gu, ' ');
  // Leading dots hide a file on Unix; trailing dots and spaces vanish on Windows.
  name = name.replace(/^[\s.]+/u, '').replace(/[\s.]+$/u, '');
  if (!name) return null;
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  const safeBase = RESERVED.test(base.split('.')[0]) ? `_${base}` : base;
  return clip(safeBase, MAX_NAME_LENGTH - extension.length) + extension;
}

/** A folder's own name (without its slash), by the same rules; `.` and `..` are never names. */
export function normaliseFolderName(raw: string): string | null {
  return normaliseFileName(raw.replace(/\/+$/, ''));
}

/** Cuts at a code point boundary, not inside a surrogate pair. */
function clip(text: string, max: number): string {
  return [...text].slice(0, Math.max(1, max)).join('');
}

/**
 * A folder path as stored: `/`, `/crests/`, `/crests/2026/`. Missing slashes are added; a `.` or
 * `..` segment, an empty one, or one that normalisation would change is refused (null), so the
 * path a person typed is the path they get or an error, never another folder.
 */
export function normaliseFolderPath(raw: string | undefined | null): string | null {
  const value = (raw ?? '').normalize('NFC');
  if (value === '' || value === '/') return '/';
  if (value.length > MAX_PATH_LENGTH) return null;
  const segments = value.replace(/^\/+/, '').replace(/\/+$/, '').split('/');
  if (segments.length > MAX_DEPTH) return null;
  for (const segment of segments) if (normaliseFileName(segment) !== segment) return null;
  return `/${segments.join('/')}/`;
}

/** The folders a path is made of, outermost first: `/a/b/` → [['/', 'a/'], ['/a/', 'b/']]. */
export function foldersOf(path: string): { path: string; name: string }[] {
  const segments = path.split('/').filter(Boolean);
  return segments.map((segment, i) => ({ path: `/${segments.slice(0, i).map((s) => `${s}/`).join('')}`, name: `${segment}/` }));
}

/** `crest.png` → `crest (2).png`: the name tried when `crest.png` is taken. */
export function numberedName(name: string, n: number): string {
  const folder = name.endsWith('/');
  const bare = folder ? name.slice(0, -1) : name;
  const dot = folder ? -1 : bare.lastIndexOf('.');
  const base = dot > 0 ? bare.slice(0, dot) : bare;
  const extension = dot > 0 ? bare.slice(dot) : '';
  const suffix = ` (${n})`;
  return clip(base, MAX_NAME_LENGTH - extension.length - suffix.length) + suffix + extension + (folder ? '/' : '');
}
