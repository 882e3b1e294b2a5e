import type { ReactNode } from 'react';
import { MATCH_STATUSES } from '@umpire/schema/enums';
import { attr, identifiers, num, settingsOf, text, type ResourceObject } from './document';
import type { RenderContext } from './context';

/**
 * Pieces several renderers share: headings, pictures, calls to action, a match line, the side of
 * a match (team name and crest), an empty list's note, a table's scrolling region and headers.
 */
export interface RendererProps {
  component: ResourceObject;
  ctx: RenderContext;
}

/** A component's heading (h2 on a page); nothing without a title. */
export function Heading({ children, level = 2, className }: { children: ReactNode; level?: 2 | 3 | 4; className?: string }) {
  if (children === '' || children === null || children === undefined) return null;
  const Tag = `h${level}` as 'h2';
  return <Tag className={className ?? 'u-heading'}>{children}</Tag>;
}

/** A picture from an image record; `decorative` pictures (beside a name that says the same) get an empty alt. */
export function Picture({
  ctx,
  image,
  width,
  height,
  alt,
  decorative = false,
  className,
  eager = false,
}: {
  ctx: RenderContext;
  image: ResourceObject | undefined;
  width: number;
  height?: number;
  alt?: string;
  decorative?: boolean;
  className?: string;
  eager?: boolean;
}) {
  const source = ctx.image(image, width, height);
  if (!source) return null;
  return (
    <img
      className={className}
      src={source.src}
      srcSet={source.srcSet}
      width={source.width}
      height={source.height}
      alt={decorative ? '' : (alt ?? source.alt)}
      loading={eager ? undefined : 'lazy'}
      decoding="async"
    />
  );
}

/** A component's call to action (its `link_*` fields): nothing when it leads nowhere a reader may go. */
export function Cta({ component, ctx, className = 'u-button' }: RendererProps & { className?: string }) {
  const s = settingsOf(component);
  const href = ctx.hrefs.cta(s);
  if (!href) return null;
  const label = typeof s.link_label === 'string' && s.link_label.trim() ? s.link_label.trim() : ctx.t.readMore;
  const external = /^https?:/i.test(href);
  return (
    <a className={className} href={href} rel={external ? 'noopener' : undefined}>
      {label}
    </a>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="u-empty">{children}</p>;
}

/** A component's own title, else the fallback (a linked record's name). */
export function titleOf(component: ResourceObject, fallback = ''): string {
  const s = settingsOf(component);
  return (typeof s.title === 'string' && s.title.trim()) || fallback;
}

/** The number a component's `limit` field asks for, or the default. */
export function limitOf(component: ResourceObject, def: number): number {
  const n = num(settingsOf(component), 'limit');
  return n !== null && n >= 1 ? Math.floor(n) : def;
}

export interface Side {
  name: string;
  shortName: string;
  crest: ResourceObject | undefined;
  club: ResourceObject | undefined;
}

/** A squad as a match or a table names it: its team's name and the crest (the squad's, the team's or the club's). */
export function sideOf(ctx: RenderContext, squad: ResourceObject | undefined): Side | undefined {
  if (!squad) return undefined;
  const team = ctx.resolve.one(squad, 'team');
  const club = ctx.resolve.one(team, 'club');
  const name = text(team, 'name') || text(club, 'name') || text(squad, 'name');
  if (!name) return undefined;
  return {
    name,
    shortName: text(team, 'short_name') || text(club, 'short_name') || name,
    crest: ctx.resolve.one(squad, 'image') ?? ctx.resolve.one(team, 'image') ?? ctx.resolve.one(club, 'image'),
    club,
  };
}

export function SideName({ ctx, side, size = 32 }: { ctx: RenderContext; side: Side; size?: number }) {
  return (
    <span className="u-side">
      <Picture ctx={ctx} image={side.crest} width={size} height={size} decorative className="u-crest" />
      <span className="u-side-name">{side.name}</span>
    </span>
  );
}

/** A player's name as a sheet writes it. */
export function playerName(player: ResourceObject | undefined): string {
  if (!player) return '';
  const nick = text(player, 'nickname');
  const full = [text(player, 'first_name'), text(player, 'last_name')].filter(Boolean).join(' ');
  return nick || full || text(player, 'name');
}

/** The id of a match's round, from its relationship (the round need not be included): live scores follow a round's matches together. */
export function roundIdOf(match: ResourceObject): string | undefined {
  return identifiers(match.relationships?.round)[0]?.id;
}

const LIVE = new Set(['first_half', 'half_time', 'second_half']);
export const isLive = (match: ResourceObject) => LIVE.has(text(match, 'status'));
/** Statuses of a match not played (yet): no score is shown; postponed and cancelled are set by the league. */
const UNPLAYED = new Set(['', 'not_started', 'postponed', 'cancelled']);
export const isPlayed = (match: ResourceObject) => !UNPLAYED.has(text(match, 'status'));
/** Statuses named next to a match in a list: how it ended, or why it is not played as planned. */
const NAMED = new Set(['finished', 'postponed', 'cancelled', 'abandoned']);
/** Matches that will not be played any more (a cancelled or abandoned one is no upcoming match). */
const OVER = new Set(['finished', 'cancelled', 'abandoned']);

/** Matches of a list mode (finished: latest first; upcoming: soonest first; all: in date order), at most `limit`. */
export function matchesFor(matches: ResourceObject[], mode: unknown, limit: number): ResourceObject[] {
  const at = (m: ResourceObject) => Date.parse(text(m, 'kickoff_at')) || 0;
  const finished = (m: ResourceObject) => text(m, 'status') === 'finished';
  const sorted = [...matches].sort((a, b) => at(a) - at(b));
  if (mode === 'finished') return sorted.filter(finished).reverse().slice(0, limit);
  if (mode === 'upcoming') return sorted.filter((m) => !OVER.has(text(m, 'status'))).slice(0, limit);
  return sorted.slice(0, limit);
}

/**
 * How the delivery API gives first what matchesFor shows of a mode, so that a list reads only its
 * `limit` matches: the statuses it keeps (null: every one) and the order.
 */
export function matchListRead(mode: unknown): { statuses: readonly string[] | null; sort: 'kickoff_at' | '-kickoff_at' } {
  if (mode === 'finished') return { statuses: ['finished'], sort: '-kickoff_at' };
  if (mode === 'upcoming') return { statuses: MATCH_STATUSES.filter((s) => !OVER.has(s)), sort: 'kickoff_at' };
  return { statuses: null, sort: 'kickoff_at' };
}

/** One match on a line: when, the two sides, the score (or the kick-off time); live ones are marked for updates. */
export function MatchLine({ ctx, match }: { ctx: RenderContext; match: ResourceObject }) {
  const home = sideOf(ctx, ctx.resolve.one(match, 'home_squad'));
  const away = sideOf(ctx, ctx.resolve.one(match, 'away_squad'));
  const status = text(match, 'status');
  const kickoff = attr(match, 'kickoff_at');
  const scored = isPlayed(match) && num(match, 'home_score') !== null && num(match, 'away_score') !== null;
  const href = ctx.hrefs.match(match);
  // Hooks of the website's live scores (data-score-box, data-score, data-status-text): the browser
  // writes a new score and status into them, or a score in place of the kick-off time.
  const score = scored ? (
    <span className="u-score" data-score-box="">
      <span data-score="home">{num(match, 'home_score')}</span>
      <span aria-hidden="true">:</span>
      <span className="u-visually-hidden"> {ctx.t.versus} </span>
      <span data-score="away">{num(match, 'away_score')}</span>
    </span>
  ) : (
    <span className="u-score u-score--time" data-score-box="">
      {/* A postponed or cancelled match has no time to keep (a postponed one keeps its old kick-off until it gets a new one). */}
      {status === 'postponed' || status === 'cancelled' ? <span aria-hidden="true">–</span> : ctx.format.time(kickoff) || '–'}
    </span>
  );
  return (
    <div
      className="u-match"
      data-match-id={match.id}
      data-round-id={roundIdOf(match)}
      data-status={status || undefined}
      data-live={isLive(match) || undefined}
    >
      <time className="u-match-date" dateTime={ctx.format.iso(kickoff)}>
        {ctx.format.shortDate(kickoff)}
      </time>
      <span className="u-match-home">{home ? <SideName ctx={ctx} side={home} size={24} /> : null}</span>
      {href ? (
        <a className="u-match-score" href={href}>
          {/* The link's name says which match it opens, not a score or a time alone. */}
          {home && away ? <span className="u-visually-hidden">{`${home.name} – ${away.name}: `}</span> : null}
          {score}
        </a>
      ) : (
        <span className="u-match-score">{score}</span>
      )}
      <span className="u-match-away">{away ? <SideName ctx={ctx} side={away} size={24} /> : null}</span>
      <span className="u-match-status" data-status-text="short">
        {isLive(match) ? <strong className="u-live">{ctx.t.live}</strong> : NAMED.has(status) ? ctx.t.matchStatus[status] : null}
      </span>
    </div>
  );
}

export function MatchList({ ctx, matches }: { ctx: RenderContext; matches: ResourceObject[] }) {
  if (!matches.length) return <EmptyNote>{ctx.t.noMatches}</EmptyNote>;
  return (
    <ul className="u-matches">
      {matches.map((m) => (
        <li key={m.id}>
          <MatchLine ctx={ctx} match={m} />
        </li>
      ))}
    </ul>
  );
}

/** A grid of cards (`layout` of a component: default a grid, horizontal a row that scrolls, vertical a column). */
export function layoutClass(component: ResourceObject, base: string): string {
  const layout = settingsOf(component).layout;
  return `${base} ${base}--${layout === 'horizontal' || layout === 'vertical' ? layout : 'default'}`;
}

/** `lang` for a record whose texts came in another language than the page's (a translation fallback). */
export function langOf(ctx: RenderContext, record: ResourceObject | undefined): string | undefined {
  const locale = text(record, 'locale');
  return locale && locale !== ctx.locale ? locale : undefined;
}

/**
 * A table that scrolls sideways on a narrow screen: a named region that takes focus, so keyboard
 * users can scroll it too.
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled without a mouse (axe: scrollable-region-focusable)
    <div className="u-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** A column header: the short form on screen, the full word for screen readers. */
export function Th({ full, short }: { full: string; short?: string }) {
  return (
    <th scope="col">
      {short && short !== full ? (
        <abbr title={full}>
          <span aria-hidden="true">{short}</span>
          <span className="u-visually-hidden">{full}</span>
        </abbr>
      ) : (
        full
      )}
    </th>
  );
}
