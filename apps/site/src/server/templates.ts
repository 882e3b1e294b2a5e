import { addressWords, TEMPLATE_DEFS, type TemplateKind } from '@umpire/schema';
import { createResolver, primaryRecords, type JsonApiDocument, type ResourceObject, type Resolver } from '@umpire/render';
import type { DeliverySource } from './source';

/**
 * The site's pages made from the data (issue 40): every match, club, player and table at an
 * address of its own, drawn with its kind's template (content/templates.ts in the schema).
 *
 * An address is `/{locale}/{segment}/{id}-{words}`: the segment in the reader's language
 * (`mecze`, `matches`), the record's id, then words of its names (`155-rakow-czestochowa-lech-poznan`)
 * that only make the address readable: the id decides, and other words answer 301 to these.
 */
export type RecordKind = Exclude<TemplateKind, 'fixtures' | 'news'>;
export const RECORD_KINDS: readonly RecordKind[] = ['match', 'club', 'player', 'competition_season'];
export const isRecordKind = (kind: TemplateKind): kind is RecordKind => TEMPLATE_DEFS[kind].record !== null;

const str = (r: ResourceObject | undefined, name: string) => {
  const v = r?.attributes?.[name];
  return typeof v === 'string' ? v : '';
};

/** A match's side as fans name it: the club's name, else the team's, else the squad's. */
function sideName(resolve: Resolver, match: ResourceObject, side: 'home_squad' | 'away_squad'): string {
  const squad = resolve.one(match, side);
  const team = resolve.one(squad, 'team');
  return str(resolve.one(team, 'club'), 'name') || str(team, 'name') || str(squad, 'name');
}

/** What a record is called on its page: "Raków Częstochowa – Lech Poznań", a club's or player's name, a table's season. */
export function recordName(kind: RecordKind, record: ResourceObject, resolve: Resolver): string {
  if (kind === 'match') {
    const [home, away] = [sideName(resolve, record, 'home_squad'), sideName(resolve, record, 'away_squad')];
    return home && away ? `${home} – ${away}` : '';
  }
  if (kind === 'player') return [str(record, 'first_name'), str(record, 'last_name')].filter(Boolean).join(' ') || str(record, 'nickname');
  if (kind === 'competition_season') {
    const competition = str(resolve.one(record, 'competition'), 'name');
    const name = str(record, 'name');
    return competition && !name.includes(competition) ? `${competition} ${name}` : name || competition;
  }
  return str(record, 'name');
}

/** The words of a record's address after its id. */
export function recordWords(kind: RecordKind, record: ResourceObject, resolve: Resolver): string {
  if (kind === 'match') return addressWords(sideName(resolve, record, 'home_squad'), sideName(resolve, record, 'away_squad'));
  return addressWords(recordName(kind, record, resolve));
}

/** `155-rakow-czestochowa-lech-poznan`, or the id alone when the record has no names to show. */
export function recordKey(kind: RecordKind, record: ResourceObject, resolve: Resolver): string {
  const words = recordWords(kind, record, resolve);
  return words ? `${record.id}-${words}` : record.id;
}

/** The address of a template's kind in a locale: `{base}/{locale}/{segment}` and what follows. */
export function templatePath(basePath: string, locale: string, kind: TemplateKind, key?: string): string {
  const segment = TEMPLATE_DEFS[kind].segments[locale as 'pl' | 'en'] ?? TEMPLATE_DEFS[kind].segments.pl;
  return `${basePath}/${locale}/${segment}${key ? `/${key}` : ''}`;
}

/** The reads that list every public record of a kind with what its address is made of. */
const LISTS: Record<RecordKind, string> = {
  match:
    '/matches?sort=id&include=home_squad.team.club,away_squad.team.club' +
    '&fields[matches]=kickoff_at,updated_at,home_squad,away_squad&fields[squads]=name,team&fields[teams]=name,club&fields[clubs]=name',
  club: '/clubs?sort=id&fields[clubs]=name,code,updated_at',
  player: '/players?sort=id&fields[players]=first_name,last_name,nickname,updated_at',
  competition_season: '/competition_seasons?sort=id&include=competition&fields[competition_seasons]=name,updated_at,competition&fields[competitions]=name',
};

export interface RecordIndexEntry {
  key: string;
  lastmod: string | null;
  /** A club's code (its hand-made pages are `kluby/<code>`, `clubs/<code>`). */
  code?: string;
}

/** Every public record of a kind (the delivery API's list, page by page), as its address key and last change. */
export async function recordIndex(source: DeliverySource, kind: RecordKind, maxPages = 500): Promise<RecordIndexEntry[]> {
  const out: RecordIndexEntry[] = [];
  for (let n = 1; n <= maxPages; n++) {
    const answer = await source.get(`${LISTS[kind]}&page[size]=100&page[number]=${n}`);
    if (answer.status !== 200) throw new Error(`the delivery API answered ${answer.status} for the ${kind} list`);
    const doc = answer.body as JsonApiDocument;
    const resolve = createResolver(doc);
    const records = primaryRecords(doc);
    for (const r of records) out.push({ key: recordKey(kind, r, resolve), lastmod: str(r, 'updated_at') || null, ...(kind === 'club' ? { code: str(r, 'code') } : {}) });
    if (!records.length || n >= Number((doc.meta as { pages?: number } | undefined)?.pages ?? 1)) break;
  }
  return out;
}
