import type { MediaFile } from './media-api';
import { folderPathOf, isInside, normalisePath } from './paths';

/** The files ticked in the open folder, and the one a Shift click extends from. */
export interface Selection {
  ids: ReadonlySet<string>;
  anchor: string | null;
}

export const NO_SELECTION: Selection = { ids: new Set(), anchor: null };

/** How a file was clicked: Shift extends from the anchor, Ctrl (⌘) toggles one. */
export interface ClickKeys {
  shift?: boolean;
  toggle?: boolean;
}

/**
 * The selection after a click on `id` among `order` (the listed files, in their order): a plain
 * click or Ctrl toggles the one file; Shift selects everything between the anchor and it (added
 * to what was selected when Ctrl is held too, replacing it otherwise).
 */
export function clickSelect(selection: Selection, order: readonly string[], id: string, keys: ClickKeys = {}): Selection {
  if (keys.shift && selection.anchor !== null && order.includes(selection.anchor) && order.includes(id)) {
    const [from, to] = [order.indexOf(selection.anchor), order.indexOf(id)].sort((a, b) => a - b);
    const range = order.slice(from, to + 1);
    const ids = new Set(keys.toggle ? selection.ids : []);
    for (const each of range) ids.add(each);
    return { ids, anchor: selection.anchor };
  }
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/** Everything listed selected (`on`), or nothing. */
export function selectAll(order: readonly string[], on: boolean): Selection {
  return on ? { ids: new Set(order), anchor: order[0] ?? null } : NO_SELECTION;
}

/** The selection without files that are no longer listed (moved, deleted, another page). */
export function keepListed(selection: Selection, order: readonly string[]): Selection {
  const listed = new Set(order);
  if ([...selection.ids].every((id) => listed.has(id)) && (selection.anchor === null || listed.has(selection.anchor))) return selection;
  return { ids: new Set([...selection.ids].filter((id) => listed.has(id))), anchor: selection.anchor !== null && listed.has(selection.anchor) ? selection.anchor : null };
}

/** Whether every listed file is selected: none, some or all (the "select all" box). */
export function allState(selection: Selection, order: readonly string[]): 'none' | 'some' | 'all' {
  const count = order.filter((id) => selection.ids.has(id)).length;
  return count === 0 ? 'none' : count === order.length ? 'all' : 'some';
}

/**
 * What moving `files` into the folder `target` would do: the folders that would go into themselves
 * or their own subfolders (refused: nothing moves then), the files already there (left alone), and
 * the rest, which move.
 */
export function movePlan(files: readonly MediaFile[], target: string): { intoItself: MediaFile[]; already: MediaFile[]; moving: MediaFile[] } {
  const into = normalisePath(target);
  const intoItself = files.filter((file) => file.kind === 'folder' && isInside(into, folderPathOf(file)));
  const already = files.filter((file) => !intoItself.includes(file) && normalisePath(file.path) === into);
  const moving = files.filter((file) => !intoItself.includes(file) && !already.includes(file));
  return { intoItself, already, moving };
}
