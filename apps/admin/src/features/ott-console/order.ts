/** The list with the item at `from` moved to `to` (the others keep their order). */
export function reordered<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** Rows whose stored position differs from their place in `items`: the writes a reorder needs. */
export function positionChanges<T extends { id: unknown; position?: unknown }>(items: readonly T[]): { item: T; position: number }[] {
  return items.flatMap((item, position) => (Number(item.position) === position ? [] : [{ item, position }]));
}
