import { createHash } from 'node:crypto';

/**
 * Text as people read it, computed in Node so that SQLite and PostgreSQL answer alike:
 * - `foldForSearch`: the form free-text search compares (no case, no accents, in any language);
 * - `collationFor(language).key`: a sort key whose plain byte order is the language's collation
 *   (ICU through Intl.Collator) at accent strength: case ignored, accents after letters.
 */

const SEARCH_LETTERS: Record<string, string> = {
  ł: 'l', đ: 'd', ð: 'd', ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', þ: 'th', ı: 'i', ħ: 'h', ŧ: 't', ƚ: 'l', ɨ: 'i', ς: 'σ',
};
const SEARCH_LETTER = new RegExp(`[${Object.keys(SEARCH_LETTERS).join('')}]`, 'g');

/** Printable ASCII, which no normalization changes: the common case, kept fast. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Lower case, compatibility forms and accents removed, letters without a decomposition mapped (ł → l), spaces collapsed. */
export function foldForSearch(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text.toLowerCase().replace(/ {2,}/g, ' ').trim();
  return text
    .normalize('NFKD')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(SEARCH_LETTER, (c) => SEARCH_LETTERS[c])
    .replace(/\s+/gu, ' ')
    .trim();
}

export interface Collation {
  /** The language whose rules the keys follow ('en' is the root collation). */
  language: string;
  /** Changes whenever keys would (language, ICU data, this algorithm); stored with the keys. */
  stamp: string;
  key(text: string): string;
}

/** Bumped when key() or foldForSearch() change for the same ICU data, so that stored values are recomputed. */
const ALGORITHM = 1;
// Weights are written in 64 digits '0'..'o', ascending in byte order; the separator sorts below
// them, so a text sorts before every longer text it begins.
const DIGITS = Array.from({ length: 64 }, (_, i) => String.fromCharCode(0x30 + i));
const SEPARATOR = '!';
/**
 * Primary weights are two digits: even for the table's letters, odd for characters outside it,
 * which sort between the letters next to them and, among themselves, by code point (four more digits).
 */
const MAX_PRIMARY = 64 * 64 - 1;

/** Characters the table knows: Latin, Greek, Cyrillic, combining marks, punctuation, digits, currency. */
const RANGES: [number, number][] = [
  [0x20, 0x7e], [0xa0, 0x24f], [0x300, 0x36f], [0x370, 0x3ff], [0x400, 0x52f], [0x1e00, 0x1eff], [0x2010, 0x205e], [0x20a0, 0x20bf],
];
/** Letters that may start a contraction (Czech ch, Hungarian cs and dzs, Croatian lj, Danish aa...). */
const CONTRACTION_LETTERS = /^[a-z\u00df-\u00ff\u0100-\u017f]$/u;

interface Element {
  primaries: string;
  secondaries: string[];
}

const collations = new Map<string, Collation>();

/** The collation of a language, 'en' (root) when ICU does not know it. Built once per language (tens of ms). */
export function collationFor(language: string): Collation {
  let collation = collations.get(language);
  if (!collation) {
    collation = buildCollation(isCollationLanguage(language) ? language : 'en');
    collations.set(language, collation);
  }
  return collation;
}

/** Whether `tag` is a well-formed language tag that ICU has collation rules or a fallback for. */
export function isCollationLanguage(tag: string): boolean {
  try {
    return Intl.Collator.supportedLocalesOf([tag]).length === 1;
  } catch {
    return false;
  }
}

function buildCollation(language: string): Collation {
  const base = new Intl.Collator(language, { sensitivity: 'base' }).compare;
  const accent = new Intl.Collator(language, { sensitivity: 'accent' }).compare;
  const asciiLowerCase = 'I'.toLocaleLowerCase(language) === 'i'; // not Turkish
  const prepare = (text: string) =>
    asciiLowerCase && PRINTABLE_ASCII.test(text) ? text.toLowerCase() : text.normalize('NFKC').toLocaleLowerCase(language).normalize('NFC');

  // Characters as they appear after prepare(), split into ignorable ones and the rest.
  const singles: string[] = [];
  const marks: string[] = [];
  for (const [from, to] of RANGES)
    for (let cp = from; cp <= to; cp++) {
      const c = String.fromCodePoint(cp);
      if (prepare(c) !== c) continue;
      if (base(c, '') !== 0) singles.push(c);
      else if (accent(c, '') !== 0) marks.push(c);
    }

  // Letters equal at base strength share a primary weight: groups in collation order.
  singles.sort(base);
  const groups: string[][] = [];
  for (const c of singles) {
    const last = groups.at(-1);
    if (last && base(last[0], c) === 0) last.push(c);
    else groups.push([c]);
  }

  const contractions = findContractions(groups, base);
  for (const c of contractions) {
    const at = lowerBound(groups, (g) => base(g[0], c) < 0);
    if (groups[at] && base(groups[at][0], c) === 0) groups[at].push(c);
    else groups.splice(at, 0, [c]);
  }

  // A group equal to two letters (root æ = ae, German ß = ss) is an expansion: it takes their weights.
  const expansions = new Map<string[], string>();
  for (let i = 1; i < groups.length; i++) {
    const rep = groups[i][0];
    const prefix = groups[i - 1][0];
    if (rep.length > 1 || prefix.length > 1) continue;
    let lo = 0;
    let hi = groups.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const order = base(rep, prefix + groups[mid][0]);
      if (order === 0) {
        if (groups[mid][0].length === 1) expansions.set(groups[i], prefix + groups[mid][0]);
        break;
      }
      if (order < 0) hi = mid - 1;
      else lo = mid + 1;
    }
  }
  // Only expansions into letters of their own weight (no chains).
  const expanding = new Set([...expansions.keys()].flat());
  for (const [g, parts] of expansions) if ([...parts].some((c) => expanding.has(c))) expansions.delete(g);

  const primaryGroups = groups.filter((g) => !expansions.has(g));
  if (2 * primaryGroups.length + 1 > MAX_PRIMARY) throw new Error(`collation ${language}: ${primaryGroups.length} primary weights do not fit`);
  const primaryOf = new Map<string[], number>(primaryGroups.map((g, i) => [g, 2 * i + 2]));

  // Secondary weights: the rank of each member of a group at accent strength (0 for the plain letter).
  const secondary = new Map<string, number>();
  let maxSecondary = 0;
  const rank = (members: string[], first = 0) => {
    const sorted = [...members].sort(accent);
    let r = first;
    sorted.forEach((c, i) => {
      if (i > 0 && accent(sorted[i - 1], c) !== 0) r++;
      secondary.set(c, r);
    });
    maxSecondary = Math.max(maxSecondary, r);
  };
  for (const g of groups) rank(expansions.has(g) ? [...g, expansions.get(g)!] : g);
  rank(marks, 1);
  const width = maxSecondary < 64 ? 1 : 2;
  if (maxSecondary >= 64 * 64) throw new Error(`collation ${language}: ${maxSecondary} secondary weights do not fit`);
  const encodeSecondary = (w: number) => (width === 1 ? DIGITS[w] : DIGITS[w >> 6] + DIGITS[w & 63]);
  const encodePrimary = (w: number) => DIGITS[w >> 6] + DIGITS[w & 63];

  const table = new Map<string, Element>();
  for (const g of primaryGroups)
    for (const c of g) table.set(c, { primaries: encodePrimary(primaryOf.get(g)!), secondaries: [encodeSecondary(secondary.get(c)!)] });
  for (const [g, expanded] of expansions) {
    const parts = [...expanded].map((c) => table.get(c)!);
    for (const c of g)
      table.set(c, {
        primaries: parts.map((p) => p.primaries).join(''),
        secondaries: [encodeSecondary(Math.max(0, secondary.get(c)! - secondary.get(expanded)!)), ...parts.slice(1).flatMap((p) => p.secondaries)],
      });
  }
  for (const m of marks) table.set(m, { primaries: '', secondaries: [encodeSecondary(secondary.get(m)!)] });
  // A doubled first letter may double the whole contraction (Hungarian ggy = gy gy, ssz = sz sz).
  for (const c of [...contractions]) {
    const doubled = c[0] + c;
    if (base(doubled, c + c) !== 0) continue;
    const e = table.get(c)!;
    table.set(doubled, { primaries: e.primaries + e.primaries, secondaries: [...e.secondaries, ...e.secondaries] });
    contractions.push(doubled);
  }

  const longest = Math.max(1, ...contractions.map((c) => c.length));
  const zero = encodeSecondary(0);
  /** A character outside the table, placed by the collator once and then kept in the table. */
  const place = (c: string): Element => {
    if (base(c, '') === 0) return { primaries: '', secondaries: [] };
    const at = lowerBound(primaryGroups, (g) => base(g[0], c) < 0);
    const same = primaryGroups[at];
    if (same && base(same[0], c) === 0)
      return { primaries: encodePrimary(primaryOf.get(same)!), secondaries: [encodeSecondary(accent(same[0], c) === 0 ? secondary.get(same[0])! : maxSecondary)] };
    const cp = c.codePointAt(0)!;
    return { primaries: encodePrimary(2 * at + 1) + [18, 12, 6, 0].map((shift) => DIGITS[(cp >> shift) & 63]).join(''), secondaries: [zero] };
  };

  const key = (text: string): string => {
    const s = prepare(text);
    let primaries = '';
    let secondaries = '';
    for (let i = 0; i < s.length; ) {
      let element: Element | undefined;
      let size = 0;
      for (let n = Math.min(longest, s.length - i); n >= 2 && !element; n--) {
        element = table.get(s.slice(i, i + n));
        size = n;
      }
      if (!element) {
        const c = String.fromCodePoint(s.codePointAt(i)!);
        element = table.get(c);
        if (!element) table.set(c, (element = place(c)));
        size = c.length;
      }
      primaries += element.primaries;
      for (const w of element.secondaries) secondaries += w;
      i += size;
    }
    // Trailing plain-letter weights change no order: most keys end at the separator.
    let end = secondaries.length;
    while (end >= zero.length && secondaries.slice(end - zero.length, end) === zero) end -= zero.length;
    return primaries + SEPARATOR + secondaries.slice(0, end);
  };

  const hash = createHash('sha256').update(JSON.stringify([ALGORITHM, language, [...table].map(([c, e]) => [c, e.primaries, e.secondaries])]));
  return { language, stamp: `${language}:${hash.digest('hex').slice(0, 16)}`, key };
}

/** The first index whose group is not before `c` (groups sorted). */
function lowerBound(groups: string[][], before: (g: string[]) => boolean): number {
  let lo = 0;
  let hi = groups.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(groups[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Letter sequences the language sorts as one letter. `prefix + y` is one when it does not sort
 * between `prefix` followed by the letters just before and just after `y`; neighbours that are
 * contractions themselves are skipped, so Czech "ci" is not taken for one because "ch" is.
 */
function findContractions(groups: string[][], base: (a: string, b: string) => number): string[] {
  const groupOf = new Map<string, number>();
  groups.forEach((g, i) => g.forEach((c) => groupOf.set(c, i)));
  const letters = [...groupOf.keys()].filter((c) => CONTRACTION_LETTERS.test(c));
  const outOfPlace = (prefix: string, y: string, skip: Set<string>) => {
    const gy = groupOf.get(y)!;
    let below = gy - 1;
    while (below >= 0 && skip.has(prefix + groups[below][0])) below--;
    let above = gy + 1;
    while (above < groups.length && skip.has(prefix + groups[above][0])) above++;
    const s = prefix + y;
    return (below >= 0 && base(s, prefix + groups[below][0]) <= 0) || (above < groups.length && base(s, prefix + groups[above][0]) >= 0);
  };
  const extend = (prefixes: string[]) => {
    const suspects = new Set<string>();
    for (const p of prefixes) for (const y of letters) if (outOfPlace(p, y, new Set())) suspects.add(p + y);
    return [...suspects].filter((s) => outOfPlace(s.slice(0, -1), s.slice(-1), suspects));
  };
  const pairs = extend(letters);
  return [...pairs, ...extend(pairs)];
}
