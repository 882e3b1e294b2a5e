import type { ReactNode } from 'react';
import { COMMENT_MAX_LENGTH } from '@umpire/schema/engagement/comments/comments.resource';
import { attr, identifiers, num, settingsOf, text, type ResourceObject } from '../document';
import { safeHref, type RenderContext } from '../context';
import { latestMinute, sheetCounts, sheetLines, SHEET_STATS, type SheetLine } from '../match-sheet';
import { EmptyNote, Heading, isLive, Picture, playerName, roundIdOf, sideOf, titleOf, type RendererProps, type Side } from '../parts';
import { OttCard } from './ott';

/**
 * The `match` kind: a match centre. Everything a fan reads is drawn on the server, so the page
 * reads without JavaScript: the two clubs, the score or the kick-off time, the state in words, the
 * competition, round, venue, referee and attendance; the timeline of incidents by minute and side,
 * the line-ups, counts per side taken from the incidents, its broadcasts on the league's own video
 * (OTT events naming the match), who else broadcasts it and the fans' comments.
 *
 * The website's browser half keeps it current from the public channel (live-scores.ts and
 * match-centre.ts) through the hooks drawn here: `data-match-id` with the score box and the
 * status line (as on every match), `data-match-centre` with the sides' short names, the timeline's
 * list, the counts, the minute, the half-time score, the shoot-out and the note of an abandoned
 * match; and it adds the fans' forms:
 * the predictor (`data-hydrate="match-predictor"`) and comments (`data-hydrate="comments"`); an
 * event's card is the one the events component draws, so its player (ott-playback.ts) plays a free
 * event and asks a paid one's playback with the fan's entitlement.
 *
 * What the page's document holds (current_page with its include sets: the match's sides,
 * incidents, line-ups and their players) is completed by the list a site fetches for the component
 * (feeds): the match with its venue, round (and the competition season it belongs to) and
 * broadcasters, as the part `events` the OTT events that broadcast it, and, as the part `comments`,
 * its newest comments.
 */

/** Statuses in which the match has a score: under way, over, or abandoned (its score then is not final). */
const SCORED = new Set(['first_half', 'half_time', 'second_half', 'finished', 'abandoned']);
/** The league set it aside: there is no score and no time to show. */
const OFF = new Set(['postponed', 'cancelled']);
/** Before or during the match: the timeline is there to be filled live, even while empty. */
const FOLLOWED = new Set(['not_started', 'first_half', 'half_time', 'second_half']);

/** A player's name, linked to the player's page when the site gives one; `data-player-id` lets the browser reuse it. */
function PlayerName({ ctx, player }: { ctx: RenderContext; player: ResourceObject | undefined }) {
  const name = playerName(player);
  if (!player || !name) return null;
  const href = ctx.hrefs.player(player);
  return href ? (
    <a href={href} hrefLang={ctx.hrefs.hreflang(href)} data-player-id={player.id}>
      {name}
    </a>
  ) : (
    <span data-player-id={player.id}>{name}</span>
  );
}

/** A side's crest and name, the name linked to the club's page when it has one. */
function ClubSide({ ctx, side }: { ctx: RenderContext; side: Side }) {
  const href = side.club ? ctx.hrefs.club(side.club) : undefined;
  const name = <span className="u-side-name">{side.name}</span>;
  return (
    <span className="u-side">
      <Picture ctx={ctx} image={side.crest} width={80} height={80} decorative className="u-crest" />
      {href ? (
        <a href={href} hrefLang={ctx.hrefs.hreflang(href)}>
          {name}
        </a>
      ) : (
        name
      )}
    </span>
  );
}

/** One line of the timeline; the browser draws a line the same way (match-centre.ts in the site). */
function TimelineLine({ ctx, line, sides, player }: { ctx: RenderContext; line: SheetLine; sides: [Side | undefined, Side | undefined]; player: (id: string | null) => ReactNode }) {
  const side = line.side === 'home' ? sides[0] : line.side === 'away' ? sides[1] : undefined;
  const label = line.shootout ? (ctx.t.shootoutKick[line.type] ?? ctx.t.incidentTypes[line.type] ?? line.type) : (ctx.t.incidentTypes[line.type] ?? line.type);
  const who = player(line.player);
  const other = player(line.related);
  return (
    <li data-incident-id={line.id} data-incident={line.type} data-side={line.side ?? undefined} className={line.state ? 'u-timeline-state' : undefined}>
      <span className="u-minute">{line.minute}</span> <strong className="u-timeline-type">{label}</strong>
      {line.score && <span className="u-timeline-score"> {`${line.score[0]}:${line.score[1]}`}</span>}
      {side && <span className="u-meta"> {side.shortName}</span>}
      {line.type === 'substitution' ? (
        <>
          {other && (
            <span className="u-timeline-player">
              {' '}
              <span className="u-sub-on">{ctx.t.subOn}</span> {other}
            </span>
          )}
          {who && (
            <span className="u-timeline-player">
              {' '}
              <span className="u-sub-off">{ctx.t.subOff}</span> {who}
            </span>
          )}
        </>
      ) : (
        <>
          {who && <span className="u-timeline-player"> {who}</span>}
          {other && (
            <span className="u-timeline-player">
              {' '}
              ({ctx.t.assistBy}: {other})
            </span>
          )}
        </>
      )}
      {line.description && <span className="u-timeline-note"> {line.description}</span>}
    </li>
  );
}

function Timeline({ ctx, lines, sides, followed }: { ctx: RenderContext; lines: SheetLine[]; sides: [Side | undefined, Side | undefined]; followed: boolean }) {
  if (!lines.length && !followed) return null;
  // A player the documents do not hold is left out of the line (the browser may name them later).
  const player = (id: string | null) => {
    const record = id ? ctx.resolve.get('players', id) : undefined;
    return record && playerName(record) ? <PlayerName ctx={ctx} player={record} /> : null;
  };
  return (
    <section className="u-timeline">
      <h3>{ctx.t.incidents}</h3>
      <p className="u-empty" data-timeline-empty="" hidden={lines.length > 0}>
        {ctx.t.timelineEmpty}
      </p>
      <ol className="u-timeline-list" data-timeline-list="">
        {lines.map((line) => (
          <TimelineLine key={line.id} ctx={ctx} line={line} sides={sides} player={player} />
        ))}
      </ol>
    </section>
  );
}

function Statistics({ ctx, lines, sides, followed }: { ctx: RenderContext; lines: SheetLine[]; sides: [Side | undefined, Side | undefined]; followed: boolean }) {
  const { counts, any } = sheetCounts(lines);
  if (!any && !followed) return null;
  const [home, away] = [sides[0]?.name ?? ctx.t.home_side, sides[1]?.name ?? ctx.t.away_side];
  return (
    <section className="u-match-stats" data-match-stats="" hidden={!any}>
      <h3>{ctx.t.matchStatistics}</h3>
      <table className="u-table u-match-stats-table">
        <caption className="u-visually-hidden">{`${ctx.t.matchStatistics}: ${home} – ${away}`}</caption>
        <thead>
          <tr>
            <th scope="col">{home}</th>
            <th scope="col">{ctx.t.statistic}</th>
            <th scope="col">{away}</th>
          </tr>
        </thead>
        <tbody>
          {SHEET_STATS.map((stat) => (
            <tr key={stat} data-stat={stat}>
              <td data-stat-side="home">{counts[stat][0]}</td>
              <th scope="row">{ctx.t.sheetStats[stat]}</th>
              <td data-stat-side="away">{counts[stat][1]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="u-meta">{ctx.t.statisticsNote}</p>
    </section>
  );
}

function Lineups({ ctx, match, sides }: { ctx: RenderContext; match: ResourceObject; sides: [Side | undefined, Side | undefined] }) {
  const lineups = ctx.resolve.pointingAt('lineups', 'match', match);
  if (!lineups.length) return null;
  const drawn = (['home_squad', 'away_squad'] as const)
    .map((name, index) => {
      const squadId = identifiers(match.relationships?.[name])[0]?.id;
      return {
        name,
        side: sides[index],
        formation: text(match, name === 'home_squad' ? 'home_formation' : 'away_formation'),
        players: lineups
          .filter((l) => squadId !== undefined && identifiers(l.relationships?.squad)[0]?.id === squadId)
          .sort((a, b) => (num(a, 'formation_place') ?? 99) - (num(b, 'formation_place') ?? 99) || (num(a, 'shirt_number') ?? 99) - (num(b, 'shirt_number') ?? 99)),
      };
    })
    .filter((s) => s.players.length);
  if (!drawn.length) return null;
  const row = (l: ResourceObject) => (
    <li key={l.id}>
      <span className="u-shirt">
        <span className="u-visually-hidden">{ctx.t.shirtNumber} </span>
        {num(l, 'shirt_number') ?? ''}
      </span>{' '}
      <PlayerName ctx={ctx} player={ctx.resolve.one(l, 'player')} />
      {l.attributes?.is_captain === true && <span className="u-meta"> ({ctx.t.captain})</span>}
      {text(l, 'position') && <span className="u-meta"> {text(l, 'position')}</span>}
    </li>
  );
  return (
    <section className="u-lineups">
      <h3>{ctx.t.lineups}</h3>
      <div className="u-lineups-sides">
        {drawn.map((s) => {
          const starting = s.players.filter((l) => l.attributes?.is_starting === true);
          const bench = s.players.filter((l) => l.attributes?.is_starting !== true);
          return (
            <section key={s.name} data-side={s.name === 'home_squad' ? 'home' : 'away'}>
              <h4>{s.side?.name ?? (s.name === 'home_squad' ? ctx.t.home_side : ctx.t.away_side)}</h4>
              {s.formation && (
                <p className="u-meta">
                  {ctx.t.formation}: {s.formation}
                </p>
              )}
              {starting.length > 0 && (
                <>
                  <h5>{ctx.t.starting}</h5>
                  <ol className="u-lineup">{starting.map(row)}</ol>
                </>
              )}
              {bench.length > 0 && (
                <>
                  <h5>{ctx.t.substitutes}</h5>
                  <ul className="u-lineup">{bench.map(row)}</ul>
                </>
              )}
            </section>
          );
        })}
      </div>
    </section>
  );
}

/**
 * The match on the league's own video: the OTT events naming it that the site fetched (the part
 * `events`), each as the events component draws its card. Nothing of a paid event's video is here:
 * its card only asks for the playback, which checks the fan's entitlement.
 */
function MatchEvents({ ctx, component, match }: { ctx: RenderContext; component: ResourceObject; match: ResourceObject }) {
  const events = ctx.feed(component, 'events').filter((e) => e.type === 'ott_events' && identifiers(e.relationships?.match)[0]?.id === match.id);
  if (!events.length) return null;
  return (
    <section className="u-match-events">
      <h3>{ctx.t.watchMatch}</h3>
      <ul className="u-cards u-cards--horizontal">
        {events.map((e) => (
          <li key={e.id}>
            <OttCard ctx={ctx} record={e} level={4} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Broadcast({ ctx, providers }: { ctx: RenderContext; providers: ResourceObject[] }) {
  if (!providers.length) return null;
  return (
    <section className="u-broadcast">
      <h3>{ctx.t.broadcast}</h3>
      <ul className="u-broadcasters">
        {providers.map((p) => {
          const website = safeHref(attr(p, 'website'));
          const name = text(p, 'name');
          const kind = ctx.t.transmissionKinds[text(p, 'kind')];
          return (
            <li key={p.id}>
              <Picture ctx={ctx} image={ctx.resolve.one(p, 'image')} width={96} height={48} decorative className="u-broadcaster-logo" />
              {website && /^https?:/i.test(website) ? (
                <a href={website} rel="noopener">
                  {name}
                </a>
              ) : (
                <span>{name}</span>
              )}
              {kind && <span className="u-meta"> {kind}</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Comments({ ctx, component, match }: { ctx: RenderContext; component: ResourceObject; match: ResourceObject }) {
  // Drawn where the site fetched them: the builder's preview has no fans' comments to show.
  const meta = ctx.feedMeta(component, 'comments');
  if (!meta) return null;
  const comments = ctx
    .feed(component, 'comments')
    .filter((c) => c.type === 'comments' && identifiers(c.relationships?.match)[0]?.id === match.id)
    .sort((a, b) => (Date.parse(text(b, 'created_at')) || 0) - (Date.parse(text(a, 'created_at')) || 0) || Number(b.id) - Number(a.id));
  const total = Math.max(num(meta, 'total') ?? comments.length, comments.length);
  const size = num(meta, 'size');
  return (
    <section
      className="u-comments"
      data-hydrate="comments"
      data-comments-match={match.id}
      data-comments-shown={comments.length}
      data-comments-total={total}
      data-comments-size={size ?? undefined}
      data-comment-max={COMMENT_MAX_LENGTH}
    >
      <h3>{ctx.t.comments}</h3>
      {total > comments.length && <p className="u-meta">{ctx.t.commentsShown(comments.length, total)}</p>}
      {comments.length === 0 ? (
        <EmptyNote>{ctx.t.noComments}</EmptyNote>
      ) : (
        <ol className="u-comment-list">
          {comments.map((c) => (
            <li key={c.id} data-comment-id={c.id}>
              <p className="u-comment-meta">
                <span className="u-comment-author">{text(c, 'author_name') || ctx.t.fan}</span>
                {ctx.format.dateTime(attr(c, 'created_at')) && (
                  <>
                    {' · '}
                    <time dateTime={ctx.format.iso(attr(c, 'created_at'))}>{ctx.format.dateTime(attr(c, 'created_at'))}</time>
                  </>
                )}
              </p>
              <p className="u-comment-body">{text(c, 'body')}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function MatchCentre({ component, ctx }: RendererProps) {
  const s = settingsOf(component);
  const match = ctx.resolve.one(component, 'match');
  if (!match) return null;
  // The same match as the site fetched it beside the page: its broadcasters (a link table, not on the page's copy).
  const fed = ctx.feed(component).find((r) => r.type === 'matches' && r.id === match.id);
  const sides: [Side | undefined, Side | undefined] = [sideOf(ctx, ctx.resolve.one(match, 'home_squad')), sideOf(ctx, ctx.resolve.one(match, 'away_squad'))];
  const [home, away] = sides;
  const status = text(match, 'status') || 'not_started';
  const kickoff = attr(match, 'kickoff_at');
  const live = isLive(match);
  const lines = sheetLines(ctx.resolve.pointingAt('incidents', 'match', match), identifiers(match.relationships?.home_squad)[0]?.id);
  const followed = FOLLOWED.has(status);
  const score: [number | null, number | null] = [num(match, 'home_score'), num(match, 'away_score')];
  const scored = SCORED.has(status) && score[0] !== null && score[1] !== null;
  const halfTime: [number | null, number | null] = [num(match, 'home_half_time_score'), num(match, 'away_half_time_score')];
  const { shootout } = sheetCounts(lines);
  const minute = latestMinute(lines, status);
  const image = status === 'not_started' || status === 'postponed' ? ctx.resolve.one(component, 'match_pending_image') : live ? ctx.resolve.one(component, 'match_live_image') : undefined;

  const round = ctx.resolve.one(match, 'round');
  const season = ctx.resolve.one(component, 'competition_season') ?? ctx.resolve.one(ctx.resolve.one(round, 'stage'), 'competition_season');
  const seasonHref = season ? ctx.hrefs.table(season) : undefined;
  const roundNumber = num(round, 'number');
  const roundName = text(round, 'name') || (roundNumber !== null ? ctx.t.round(roundNumber) : '');
  const venue = ctx.resolve.one(match, 'venue');
  const venueName = [text(venue, 'name'), text(venue, 'city')].filter(Boolean).join(', ');
  const attendance = num(match, 'attendance');
  const providers = ctx.resolve.many(fed ?? match, 'transmission_providers').filter((p) => p.type === 'transmission_providers' && text(p, 'name'));
  const scoreLabel = status === 'abandoned' ? ctx.t.scoreWhenAbandoned : ctx.t.score;

  return (
    <div
      className="u-match-card u-match-centre"
      data-match-id={match.id}
      data-match-centre=""
      data-round-id={roundIdOf(match)}
      data-status={status}
      data-live={live || undefined}
      data-home-short={home?.shortName}
      data-away-short={away?.shortName}
    >
      <Heading>{titleOf(component, home && away ? `${home.name} – ${away.name}` : ctx.t.match)}</Heading>
      <Picture ctx={ctx} image={image} width={1280} decorative className="u-hero-bg" />
      {(season || roundName) && (
        <p className="u-kicker u-match-competition">
          {season &&
            (seasonHref ? (
              <a href={seasonHref} hrefLang={ctx.hrefs.hreflang(seasonHref)}>
                {text(season, 'name')}
              </a>
            ) : (
              <span>{text(season, 'name')}</span>
            ))}
          {roundName && (
            <span>
              {season ? ' · ' : ''}
              {roundName}
            </span>
          )}
        </p>
      )}
      <div className="u-scoreboard">
        <div className="u-scoreboard-side">{home && <ClubSide ctx={ctx} side={home} />}</div>
        <div className="u-scoreboard-score">
          {scored ? (
            // A group, not a paragraph: big bold figures are no heading (axe's p-as-heading), and a
            // group may carry the name that reads the score out.
            <div className="u-big-score" role="group" data-score-box="" aria-label={`${scoreLabel}: ${score[0]}:${score[1]}`}>
              <span data-score="home">{score[0]}</span>
              <span aria-hidden="true"> : </span>
              <span data-score="away">{score[1]}</span>
            </div>
          ) : (
            <div className="u-big-score u-score--time" data-score-box="">
              {OFF.has(status) ? <span aria-hidden="true">–</span> : ctx.format.time(kickoff) || <span aria-hidden="true">–</span>}
            </div>
          )}
          <p className="u-match-state" data-status-text="full">
            {live ? <strong className="u-live">{ctx.t.live}</strong> : null} {ctx.t.matchStatus[status] ?? ''}
          </p>
          <p className="u-meta u-match-minute" data-match-minute="" hidden={!minute}>
            {minute ? `${ctx.t.latestEvent}: ${minute}` : ''}
          </p>
          <p className="u-meta" data-score-note="" hidden={status !== 'abandoned'}>
            {ctx.t.scoreWhenAbandoned}
          </p>
          <p className="u-meta" data-half-time="" hidden={!scored || halfTime[0] === null || halfTime[1] === null}>
            {scored && halfTime[0] !== null && halfTime[1] !== null ? `${ctx.t.halfTime}: ${halfTime[0]}:${halfTime[1]}` : ''}
          </p>
          <p className="u-meta" data-shootout="" hidden={!shootout}>
            {shootout ? `${ctx.t.penaltyShootout}: ${shootout[0]}:${shootout[1]}` : ''}
          </p>
        </div>
        <div className="u-scoreboard-side">{away && <ClubSide ctx={ctx} side={away} />}</div>
      </div>
      <dl className="u-facts">
        {ctx.format.dateTime(kickoff) && (
          <div>
            <dt>{OFF.has(status) ? ctx.t.originalKickoff : ctx.t.kickoff}</dt>
            <dd>
              <time dateTime={ctx.format.iso(kickoff)}>
                {ctx.format.date(kickoff)}, {ctx.format.time(kickoff)}
              </time>
              {status === 'postponed' && <span className="u-meta"> {ctx.t.newDateUnknown}</span>}
            </dd>
          </div>
        )}
        {venueName && (
          <div>
            <dt>{ctx.t.venue}</dt>
            <dd>{venueName}</dd>
          </div>
        )}
        {text(match, 'referee') && (
          <div>
            <dt>{ctx.t.referee}</dt>
            <dd>{text(match, 'referee')}</dd>
          </div>
        )}
        {attendance !== null && (
          <div>
            <dt>{ctx.t.attendance}</dt>
            <dd>{ctx.format.number(attendance)}</dd>
          </div>
        )}
      </dl>
      <MatchEvents ctx={ctx} component={component} match={match} />
      <Broadcast ctx={ctx} providers={providers} />
      {/* The predictor's form or the fan's own prediction: the browser fills it from the fan API, else it stays hidden. */}
      <div className="u-match-predictor" data-hydrate="match-predictor" data-predict-match={match.id} hidden />
      {s.show_incidents !== false && <Timeline ctx={ctx} lines={lines} sides={sides} followed={followed} />}
      {s.show_incidents !== false && <Statistics ctx={ctx} lines={lines} sides={sides} followed={followed} />}
      {s.show_lineups !== false && <Lineups ctx={ctx} match={match} sides={sides} />}
      <Comments ctx={ctx} component={component} match={match} />
    </div>
  );
}
