import type { ReactElement, ReactNode } from 'react';
import { attr, identifiers, num, primaryRecords, text, type JsonApiDocument, type ResourceObject } from './document';
import type { RenderContext } from './context';
import { Page, type PageProps } from './page';
import { isLive, isPlayed, sideOf } from './parts';
import { siteLocale, textsFor } from './texts';

/**
 * The site's search page: a form that works without JavaScript (a GET of `?q=`), then what the
 * delivery API found, grouped by kind (articles, clubs, players, matches) with how many each has,
 * each result a link where the site has an address for it and plain text with its facts where it
 * has none.
 */

/** The longest query searched (characters) and its most words: the delivery API refuses more than 10 words. */
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_MAX_WORDS = 10;

export const SEARCH_KINDS = ['articles', 'clubs', 'players', 'matches'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * A query as it is searched: spaces tidied, cut to SEARCH_MAX_WORDS words and SEARCH_MAX_LENGTH
 * characters. In its compatibility form first (NFKC), as the API folds it: a character that
 * decomposes into a space (`¨`) is two words there, so it is here too and the API never gets more.
 */
export function cutQuery(raw: string | null | undefined): { query: string; cut: boolean } {
  const words = String(raw ?? '').normalize('NFKC').split(/\s+/u).filter(Boolean);
  const tidy = words.join(' ');
  let query = words.slice(0, SEARCH_MAX_WORDS).join(' ');
  const chars = [...query];
  // By characters, not UTF-16 units: a cut never splits a letter in two.
  if (chars.length > SEARCH_MAX_LENGTH) query = chars.slice(0, SEARCH_MAX_LENGTH).join('').trimEnd();
  return { query, cut: query !== tidy };
}

export interface SearchGroup {
  kind: SearchKind;
  /** The answer of the delivery API: its records (at most a page) and `meta.total`. */
  document: JsonApiDocument;
}

export interface SearchState {
  /** The query searched ('' when there is none: the form alone). */
  query: string;
  /** Whether the reader's query was longer than what was searched. */
  cut: boolean;
  groups: SearchGroup[];
}

const totalOf = (doc: JsonApiDocument) => {
  const total = Number((doc.meta as { total?: unknown } | undefined)?.total);
  return Number.isFinite(total) ? total : primaryRecords(doc).length;
};

/** The title of a search page (the document's `<title>` and the page's h1). */
export function searchTitle(locale: string, query: string): string {
  const t = textsFor(locale);
  return query ? t.searchTitleFor(query) : t.searchTitle;
}

function Result({ href, title, facts, children }: { href: string | undefined; title: string; facts: (ReactNode | false | null | undefined)[]; children?: ReactNode }) {
  const shown = facts.filter((f) => f !== null && f !== undefined && f !== false && f !== '');
  return (
    <li className="u-search-result">
      <h3 className="u-search-result-title">{href ? <a href={href}>{title}</a> : title}</h3>
      {shown.length > 0 && (
        <p className="u-search-facts">
          {shown.map((f, i) => (
            <span key={i} className="u-search-fact">
              {f}
            </span>
          ))}
        </p>
      )}
      {children}
    </li>
  );
}

function ArticleResult({ ctx, article }: { ctx: RenderContext; article: ResourceObject }) {
  const from = attr(article, 'publish_from');
  const lead = text(article, 'lead');
  return (
    <Result
      href={ctx.hrefs.article(article)}
      title={text(article, 'title')}
      facts={[
        ctx.format.date(from) && <time dateTime={ctx.format.iso(from)}>{ctx.format.date(from)}</time>,
        text(article, 'publication_category') || text(attr(article, 'publication_category') as Record<string, unknown> | undefined, 'name'),
      ]}
    >
      {lead && <p className="u-search-lead">{lead}</p>}
    </Result>
  );
}

function ClubResult({ ctx, club }: { ctx: RenderContext; club: ResourceObject }) {
  const founded = num(club, 'founded');
  return (
    <Result
      href={ctx.hrefs.club(club)}
      title={text(club, 'name')}
      facts={[
        text(club, 'city') && `${ctx.t.city}: ${text(club, 'city')}`,
        text(club, 'code'),
        founded !== null && `${ctx.t.founded}: ${founded}`,
      ]}
    />
  );
}

/** The club a player plays for now: the squad they have not left, the latest one first. */
function clubOf(ctx: RenderContext, player: ResourceObject): string {
  const memberships = ctx.resolve
    .many(player, 'squad_players')
    .filter((sp) => !text(sp, 'left_on'))
    .sort((a, b) => Number(identifiers(b.relationships?.squad)[0]?.id ?? 0) - Number(identifiers(a.relationships?.squad)[0]?.id ?? 0));
  for (const membership of memberships) {
    const side = sideOf(ctx, ctx.resolve.one(membership, 'squad'));
    if (side) return text(side.club, 'name') || side.name;
  }
  return '';
}

function PlayerResult({ ctx, player }: { ctx: RenderContext; player: ResourceObject }) {
  const name = [text(player, 'first_name'), text(player, 'last_name')].filter(Boolean).join(' ');
  const nickname = text(player, 'nickname');
  const club = clubOf(ctx, player);
  return (
    <Result
      href={ctx.hrefs.player(player)}
      title={nickname && nickname !== name ? `${name} (${nickname})` : name}
      facts={[ctx.t.playerPosition[text(player, 'position')], club && `${ctx.t.club}: ${club}`]}
    />
  );
}

function MatchResult({ ctx, match }: { ctx: RenderContext; match: ResourceObject }) {
  const home = sideOf(ctx, ctx.resolve.one(match, 'home_squad'));
  const away = sideOf(ctx, ctx.resolve.one(match, 'away_squad'));
  const kickoff = attr(match, 'kickoff_at');
  const status = text(match, 'status');
  const scored = isPlayed(match) && num(match, 'home_score') !== null && num(match, 'away_score') !== null;
  return (
    <Result
      href={ctx.hrefs.match(match)}
      title={`${home?.name ?? '?'} – ${away?.name ?? '?'}`}
      facts={[
        ctx.format.dateTime(kickoff) && <time dateTime={ctx.format.iso(kickoff)}>{ctx.format.dateTime(kickoff)}</time>,
        scored && `${ctx.t.score}: ${num(match, 'home_score')}:${num(match, 'away_score')}`,
        isLive(match) ? ctx.t.live : status && status !== 'not_started' ? ctx.t.matchStatus[status] : null,
      ]}
    />
  );
}

const HEADINGS: Record<SearchKind, (ctx: RenderContext) => string> = {
  articles: (ctx) => ctx.t.articles,
  clubs: (ctx) => ctx.t.clubs,
  players: (ctx) => ctx.t.players,
  matches: (ctx) => ctx.t.matches,
};

function ResultOf({ ctx, kind, record }: { ctx: RenderContext; kind: SearchKind; record: ResourceObject }) {
  if (kind === 'articles') return <ArticleResult ctx={ctx} article={record} />;
  if (kind === 'clubs') return <ClubResult ctx={ctx} club={record} />;
  if (kind === 'players') return <PlayerResult ctx={ctx} player={record} />;
  return <MatchResult ctx={ctx} match={record} />;
}

/** The search form and the results of a query, inside a page's main area. */
export function SearchResults({ ctx, search }: { ctx: RenderContext; search: SearchState }) {
  const groups = search.groups
    .map((g) => ({ ...g, records: primaryRecords(g.document), total: totalOf(g.document) }))
    .filter((g) => g.records.length > 0);
  const total = groups.reduce((n, g) => n + g.total, 0);
  return (
    <div className="u-search-page">
      <form className="u-search-form" role="search" aria-label={ctx.t.searchLabel} action={ctx.hrefs.search()} method="get">
        <label className="u-search-form-label" htmlFor="u-search-q">
          {ctx.t.searchQuery}
        </label>
        <div className="u-search-form-row">
          <input id="u-search-q" type="search" name="q" defaultValue={search.query} maxLength={SEARCH_MAX_LENGTH} autoComplete="off" enterKeyHint="search" />
          <button type="submit" className="u-button">
            {ctx.t.search}
          </button>
        </div>
        {!search.query && <p className="u-search-hint">{ctx.t.searchHint}</p>}
      </form>
      {search.cut && <p className="u-search-note">{ctx.t.searchCut(SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS)}</p>}
      {search.query && (
        <p className={total ? 'u-search-summary' : 'u-empty'} role="status">
          {total ? ctx.t.searchFound(total) : ctx.t.searchNothing(search.query)}
        </p>
      )}
      {groups.map((g) => (
        <section key={g.kind} className={`u-search-group u-search-group--${g.kind}`} aria-labelledby={`u-search-${g.kind}`}>
          <h2 className="u-heading" id={`u-search-${g.kind}`}>
            {`${HEADINGS[g.kind](ctx)} `}
            <span className="u-search-count">{`(${ctx.format.number(g.total)})`}</span>
          </h2>
          <ul className="u-search-results">
            {g.records.map((r) => (
              <ResultOf key={`${r.type}:${r.id}`} ctx={ctx} kind={g.kind} record={r} />
            ))}
          </ul>
          {g.total > g.records.length && <p className="u-search-more">{ctx.t.searchShown(g.records.length, g.total)}</p>}
        </section>
      ))}
    </div>
  );
}

/**
 * The search page as a React element: the site's page (global elements around it) with the query
 * for its title and the results in its main area. The groups' documents resolve their includes.
 */
export function renderSearchPage(search: SearchState, options: Omit<PageProps, 'document' | 'content'>): ReactElement {
  const locale = siteLocale(options.locale);
  const document: JsonApiDocument = {
    data: { type: 'pages', id: 'search', attributes: { title: searchTitle(locale, search.query) }, relationships: { components: { data: [] } } },
  };
  const feeds = { ...options.feeds, ...Object.fromEntries(search.groups.map((g) => [`search:${g.kind}`, g.document])) };
  return <Page document={document} {...options} feeds={feeds} content={(ctx) => <SearchResults ctx={ctx} search={search} />} />;
}
