import type { LinkName } from './component-kinds';

/**
 * Pages made from the data (issue 40): a page type may be a template for a kind of record. Staff
 * design one page of that type in the builder; the site renders it for every public record of the
 * kind at the record's own address, its components taking "the record of this page" where their
 * link is left empty. The index kinds (`fixtures`, `news`) have no record: their lists take the
 * reader's filters (round and club, category, tag and page) from the address's query.
 */
export const TEMPLATE_KINDS = ['match', 'club', 'player', 'competition_season', 'fixtures', 'news'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export interface TemplateDef {
  kind: TemplateKind;
  /** The JSON:API type of the record a page is made for (none for an index). */
  record: 'matches' | 'clubs' | 'players' | 'competition_seasons' | null;
  /** The first segment of its addresses, per language (`/pl/mecze/155-…`, `/en/matches/155-…`). */
  segments: Readonly<Record<'pl' | 'en', string>>;
  /**
   * The component links the record fills when staff left them empty: the record itself, and what
   * follows from it (a match's competition season, a club's squad of the current season, a
   * season's first group).
   */
  fills: readonly LinkName[];
}

export const TEMPLATE_DEFS: Readonly<Record<TemplateKind, TemplateDef>> = {
  match: { kind: 'match', record: 'matches', segments: { pl: 'mecze', en: 'matches' }, fills: ['match', 'competition_season', 'round', 'group'] },
  club: { kind: 'club', record: 'clubs', segments: { pl: 'kluby', en: 'clubs' }, fills: ['club', 'squad'] },
  player: { kind: 'player', record: 'players', segments: { pl: 'zawodnicy', en: 'players' }, fills: ['player'] },
  competition_season: { kind: 'competition_season', record: 'competition_seasons', segments: { pl: 'tabele', en: 'tables' }, fills: ['competition_season', 'group'] },
  fixtures: { kind: 'fixtures', record: null, segments: { pl: 'terminarz', en: 'fixtures' }, fills: [] },
  news: { kind: 'news', record: null, segments: { pl: 'aktualnosci', en: 'news' }, fills: [] },
};

export const isTemplateKind = (value: unknown): value is TemplateKind => typeof value === 'string' && (TEMPLATE_KINDS as readonly string[]).includes(value);

/** The template kind whose addresses start with `segment` in any language, and that language. */
export function templateOfSegment(segment: string): { kind: TemplateKind; locale: 'pl' | 'en' } | undefined {
  for (const def of Object.values(TEMPLATE_DEFS))
    for (const [locale, s] of Object.entries(def.segments) as ['pl' | 'en', string][]) if (s === segment) return { kind: def.kind, locale };
  return undefined;
}

/**
 * The words of a record's address after its id (`155-rakow-czestochowa-lech-poznan`): lower case,
 * Polish letters without their marks, anything else a single hyphen. Only the id decides which
 * record it is; an address with other words answers 301 to these.
 */
export function addressWords(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .join(' ')
    .toLowerCase()
    .replace(/ł/g, 'l')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** `155-rakow-lech` → 155; anything that does not start with an id → null. */
export function addressId(key: string): number | null {
  const m = /^([1-9]\d{0,14})(?:-[a-z0-9-]*)?$/.exec(key);
  return m ? Number(m[1]) : null;
}
