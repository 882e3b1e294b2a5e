import { useState, type DragEvent } from 'react';

/**
 * Reordering by dragging, for any list: `source(index, name)` goes on what is picked up (a row,
 * or a card's header), `target(index)` on each place it may be dropped; `dragged` and `over`
 * are for the looks. Dropping calls `move(from, to)`.
 */
export function useDragReorder(move: (from: number, to: number) => void) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const end = () => {
    setDragged(null);
    setOver(null);
  };
  return {
    dragged,
    over,
    source: (index: number, name: string) => ({
      draggable: true,
      onDragStart: (e: DragEvent) => {
        setDragged(index);
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', name);
      },
      onDragEnd: end,
    }),
    target: (index: number) => ({
      onDragOver: (e: DragEvent) => {
        if (dragged === null) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setOver(index);
      },
      onDragLeave: () => setOver((current) => (current === index ? null : current)),
      onDrop: (e: DragEvent) => {
        e.preventDefault();
        if (dragged !== null) move(dragged, index);
        end();
      },
    }),
  };
}
