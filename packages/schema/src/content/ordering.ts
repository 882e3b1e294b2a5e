/**
 * Components of pages and articles are shown by index (spec §4); items without a valid
 * non-negative index come first, in the order they were given. The sort is stable.
 */
export const hasValidIndex = (index: unknown): index is number => typeof index === 'number' && Number.isInteger(index) && index >= 0;

export function sortByIndex<T extends { index?: unknown }>(items: readonly T[]): T[] {
  return items
    .map((item, position) => ({ item, position, valid: hasValidIndex(item.index) }))
    .sort((a, b) => {
      if (a.valid !== b.valid) return a.valid ? 1 : -1;
      if (a.valid && b.valid && a.item.index !== b.item.index) return (a.item.index as number) - (b.item.index as number);
      return a.position - b.position;
    })
    .map((e) => e.item);
}

/** Indexes 0, 1, 2… in the given order: what a reorder stores. */
export function reindex<T extends object>(items: readonly T[]): (T & { index: number })[] {
  return items.map((item, index) => ({ ...item, index }));
}
