/**
 * Whether two JSON values mean the same: objects with the same keys and equal values in any key
 * order, arrays with equal items in the same order, and a key whose value is `undefined` counted as
 * absent (as `JSON.stringify` drops it). PostgreSQL's `jsonb` gives an object's keys back in its
 * own order (shorter keys first), SQLite and the browser keep them as written: comparing the
 * serialised texts would see a change where there is none. ESLint refuses such a comparison and
 * points here.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameJson(item, b[i]));
  }
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((k) => left[k] !== undefined);
  if (keys.length !== Object.keys(right).filter((k) => right[k] !== undefined).length) return false;
  return keys.every((k) => Object.prototype.hasOwnProperty.call(right, k) && sameJson(left[k], right[k]));
}
