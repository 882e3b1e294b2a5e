import { createContext, useContext, useState, type DragEvent, type ReactNode } from 'react';
import type { MediaFile } from './media-api';

/** The drag type of library files moved on the screen (never 'Files': the upload drop zone ignores it). */
export const MEDIA_DRAG_TYPE = 'application/x-umpire-media-files';

export const isLibraryDrag = (event: DragEvent) => [...event.dataTransfer.types].includes(MEDIA_DRAG_TYPE);

interface DragMove {
  /** The files being dragged, while a drag of library files is on. */
  dragging: readonly MediaFile[] | null;
  /** The folder under the pointer while dragging. */
  over: string | null;
  setOver: (path: string | null) => void;
  begin: (files: readonly MediaFile[], event: DragEvent) => void;
  end: () => void;
  /** Files dropped on the folder `path`. */
  drop: (files: readonly MediaFile[], path: string) => void;
}

const DragMoveContext = createContext<DragMove | null>(null);

/**
 * Library files dragged onto a folder (a folder tile or row, a node of the folder tree, a segment
 * of the path bar) move there. The screen provides this; the picker and dialogs do not, so their
 * folders take no drops.
 */
export function DragMoveProvider({ onDrop, children }: { onDrop: (files: readonly MediaFile[], path: string) => void; children: ReactNode }) {
  const [dragging, setDragging] = useState<readonly MediaFile[] | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const value: DragMove = {
    dragging,
    over,
    setOver,
    begin: (files, event) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData(MEDIA_DRAG_TYPE, JSON.stringify(files.map((f) => f.id)));
      event.dataTransfer.setData('text/plain', files.map((f) => f.name).join('\n'));
      setDragging(files);
    },
    end: () => {
      setDragging(null);
      setOver(null);
    },
    drop: onDrop,
  };
  return <DragMoveContext.Provider value={value}>{children}</DragMoveContext.Provider>;
}

/** Makes a file draggable (with the selection when it is part of it), where a provider is. */
export function useDragSource(file: MediaFile, selected: readonly MediaFile[]) {
  const context = useContext(DragMoveContext);
  if (!context) return {};
  return {
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.stopPropagation();
      context.begin(selected.some((f) => f.id === file.id) ? selected : [file], event);
    },
    onDragEnd: () => context.end(),
  };
}

/** Makes an element a drop target for the folder `path`; `over` while library files hover it. */
export function useDropTarget(path: string | null): { over: boolean; props: Record<string, unknown> } {
  const context = useContext(DragMoveContext);
  if (!context || path === null || !context.dragging) return { over: false, props: {} };
  const { dragging: files, setOver } = context;
  return {
    over: context.over === path,
    props: {
      'data-drop-target': path,
      onDragEnter: (event: DragEvent) => {
        if (!isLibraryDrag(event)) return;
        event.preventDefault();
        setOver(path);
      },
      onDragLeave: (event: DragEvent) => {
        // Left for somewhere outside this element (not one of its children).
        const next = event.relatedTarget as Node | null;
        if (!next || !(event.currentTarget as Node).contains(next)) setOver(null);
      },
      onDragOver: (event: DragEvent) => {
        if (!isLibraryDrag(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(path);
      },
      onDrop: (event: DragEvent) => {
        if (!isLibraryDrag(event)) return;
        event.preventDefault();
        event.stopPropagation();
        context.end();
        context.drop(files, path);
      },
    },
  };
}

/** The outline of a drop target under the pointer. */
export const dropOutline = (over: boolean) => (over ? { outline: 2, outlineStyle: 'dashed', outlineColor: 'primary.main', bgcolor: 'action.hover' } : {});
