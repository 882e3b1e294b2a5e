import { foldForSearch } from '../text/collation';

/**
 * Names in a file matched to records, with the collation the engine searches with (no case, no
 * accents: "Slask Wroclaw" is "Śląsk Wrocław"): an exact name is a match; a name that is the start
 * of one record's name ("Legia" → "Legia Warszawa") or one letter off ("Legia Warszwa") is a
 * match to be checked; several equally good ones, or none, are for the user to settle.
 */
export interface Candidate {
  id: string;
  /** What the user sees. */
  label: string;
  /** Names the record goes by (name, short name, code, its club's names…). */
  keys: string[];
}

export interface MatchResult {
  status: 'exact' | 'fuzzy' | 'ambiguous' | 'none';
  match: Candidate | null;
  /** The nearest records, best first (at most 5): shown so the user can pick another. */
  candidates: Candidate[];
}

export const foldName = (text: string) =>
  foldForSearch(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function distance(a: string, b: string): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > 3) return Math.max(a.length, b.length);
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** How well a folded value fits a folded key: 1 the same, 0.9 the start of it (whole words), else by edit distance. */
export function similarity(value: string, key: string): number {
  if (!value || !key) return 0;
  if (value === key) return 1;
  const v = value.split(' ');
  const k = key.split(' ');
  // "legia" ⊂ "legia warszawa", "lech" ⊂ "lech poznan": each word of the value starts the key's word in turn.
  if (v.length <= k.length && v.every((w, i) => k[i].startsWith(w) && (w.length >= 3 || w === k[i]))) return 0.9;
  const d = distance(value, key);
  const sim = 1 - d / Math.max(value.length, key.length);
  return d <= 2 && value.length >= 5 ? Math.max(sim, 0.85) : sim;
}

const FUZZY = 0.8;

/** A prepared list of candidates: folded keys computed once for all rows. */
export class Matcher {
  private readonly folded: { candidate: Candidate; keys: string[] }[];
  private readonly exact = new Map<string, Candidate[]>();

  constructor(readonly candidates: Candidate[]) {
    this.folded = candidates.map((candidate) => ({ candidate, keys: [...new Set(candidate.keys.map(foldName).filter(Boolean))] }));
    for (const { candidate, keys } of this.folded)
      for (const key of keys) {
        const list = this.exact.get(key) ?? [];
        if (!list.includes(candidate)) list.push(candidate);
        this.exact.set(key, list);
      }
  }

  byId(id: string): Candidate | undefined {
    return this.candidates.find((c) => c.id === id);
  }

  match(value: string): MatchResult {
    const v = foldName(value);
    if (!v) return { status: 'none', match: null, candidates: [] };
    const exact = this.exact.get(v) ?? [];
    if (exact.length === 1) return { status: 'exact', match: exact[0], candidates: exact };
    if (exact.length > 1) return { status: 'ambiguous', match: null, candidates: exact.slice(0, 5) };
    const scored = this.folded
      .map(({ candidate, keys }) => ({ candidate, score: Math.max(...keys.map((k) => similarity(v, k))) }))
      .filter((s) => s.score > 0.4)
      .sort((a, b) => b.score - a.score);
    const nearest = scored.slice(0, 5).map((s) => s.candidate);
    const best = scored[0];
    if (!best || best.score < FUZZY) return { status: 'none', match: null, candidates: nearest };
    const tied = scored.filter((s) => s.score >= best.score - 0.02);
    if (tied.length > 1) return { status: 'ambiguous', match: null, candidates: nearest };
    return { status: 'fuzzy', match: best.candidate, candidates: nearest };
  }
}
