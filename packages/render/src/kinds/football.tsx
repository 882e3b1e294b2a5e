import { attr, identifiers, num, settingsOf, text, type ResourceObject } from '../document';
import { safeHref, type RenderContext } from '../context';
import {
  EmptyNote, Heading, layoutClass, limitOf, MatchList, matchesFor, Picture, playerName, sideOf, SideName, TableWrap, Th, titleOf, type RendererProps,
} from '../parts';

/**
 * Football kinds: a club, a list of clubs, a squad, lists of matches (a round, a schedule, a match
 * list), a group's table, a season's leading players and the match predictor's ranking (a match
 * itself is the match centre, match-centre.tsx). Tables have a caption and headers for every
 * column and row.
 */

export function Club({ component, ctx }: RendererProps) {
  const club = ctx.resolve.one(component, 'club');
  if (!club) return null;
  const crest = ctx.resolve.one(component, 'club_image') ?? ctx.resolve.one(club, 'image');
  const background = ctx.resolve.one(component, 'background_photo');
  const website = safeHref(attr(club, 'website'));
  const founded = num(club, 'founded');
  const name = text(club, 'name');
  return (
    <div className={`${layoutClass(component, 'u-club')}${background ? ' u-hero--photo' : ''}`}>
      <Picture ctx={ctx} image={background} width={1280} decorative className="u-hero-bg" />
      <Picture ctx={ctx} image={crest} width={160} height={160} decorative className="u-club-crest" />
      <div className="u-club-text">
        <Heading>{titleOf(component, name)}</Heading>
        {titleOf(component) && titleOf(component) !== name && <p className="u-engage-name">{name}</p>}
        <dl className="u-facts">
          {text(club, 'city') && (
            <div>
              <dt>{ctx.t.city}</dt>
              <dd>{text(club, 'city')}</dd>
            </div>
          )}
          {founded !== null && (
            <div>
              <dt>{ctx.t.founded}</dt>
              <dd>{founded}</dd>
            </div>
          )}
          {website && /^https?:/i.test(website) && (
            <div>
              <dt>{ctx.t.website}</dt>
              <dd>
                <a href={website} rel="noopener">
                  {website.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
                </a>
              </dd>
            </div>
          )}
        </dl>
      </div>
    </div>
  );
}

export function ClubList({ component, ctx }: RendererProps) {
  const clubs = ctx.resolve.many(component, 'clubs').concat(ctx.feed(component).filter((r) => r.type === 'clubs'));
  const seen = new Set<string>();
  const unique = clubs.filter((c) => !seen.has(c.id) && seen.add(c.id));
  return (
    <>
      <Heading>{titleOf(component, ctx.t.clubs)}</Heading>
      {unique.length === 0 ? (
        <EmptyNote>{ctx.t.noItems}</EmptyNote>
      ) : (
        <ul className={layoutClass(component, 'u-clubs')}>
          {unique.map((club) => {
            const href = ctx.hrefs.club(club);
            const body = (
              <>
                <Picture ctx={ctx} image={ctx.resolve.one(club, 'image')} width={80} height={80} decorative className="u-crest" />
                <span>{text(club, 'name')}</span>
              </>
            );
            return (
              <li key={club.id}>
                {href ? (
                  <a href={href} hrefLang={ctx.hrefs.hreflang(href)}>
                    {body}
                  </a>
                ) : (
                  body
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

const POSITIONS = ['goalkeeper', 'defender', 'midfielder', 'forward'];

export function Squad({ component, ctx }: RendererProps) {
  const squad = ctx.resolve.one(component, 'squad');
  if (!squad) return null;
  const side = sideOf(ctx, squad);
  const today = ctx.format.ymd(ctx.now);
  const members = ctx.resolve
    .pointingAt('squad_players', 'squad', squad)
    // Those who have not left by today (a departure set for later keeps them in the squad until then).
    .filter((m) => !text(m, 'left_on') || (today !== '' && text(m, 'left_on') > today))
    .map((m) => ({ member: m, player: ctx.resolve.one(m, 'player') }))
    .filter((m) => m.player);
  const groups = [...POSITIONS, 'other']
    .map((position) => ({
      position,
      members: members
        .filter((m) => (POSITIONS.includes(text(m.member, 'position')) ? text(m.member, 'position') : text(m.player, 'position') || 'other') === position)
        .sort((a, b) => (num(a.member, 'shirt_number') ?? 100) - (num(b.member, 'shirt_number') ?? 100)),
    }))
    .filter((g) => g.members.length);
  return (
    <>
      <Heading>{titleOf(component, text(squad, 'name'))}</Heading>
      {side && (
        <p className="u-squad-team">
          <SideName ctx={ctx} side={side} size={48} />
        </p>
      )}
      {groups.length === 0 ? (
        <EmptyNote>{ctx.t.noItems}</EmptyNote>
      ) : (
        groups.map((g) => (
          <section key={g.position} className="u-squad-group">
            <h3>{ctx.t.playerPositions[g.position]}</h3>
            <ul className={layoutClass(component, 'u-players')}>
              {g.members.map(({ member, player }) => {
                const shirt = num(member, 'shirt_number');
                const href = player ? ctx.hrefs.player(player) : undefined;
                return (
                  <li key={member.id}>
                    <Picture ctx={ctx} image={ctx.resolve.one(player, 'image')} width={160} height={160} decorative className="u-portrait" />
                    {shirt !== null ? (
                      <span className="u-shirt">
                        <span className="u-visually-hidden">{ctx.t.shirtNumber} </span>
                        {shirt}
                      </span>
                    ) : (
                      <span className="u-shirt" aria-hidden="true" />
                    )}
                    <span className="u-player-name">
                      {href ? (
                        <a href={href} hrefLang={ctx.hrefs.hreflang(href)}>
                          {playerName(player)}
                        </a>
                      ) : (
                        playerName(player)
                      )}
                      {member.attributes?.is_captain === true && <span className="u-meta"> ({ctx.t.captain})</span>}
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      )}
    </>
  );
}

/** The matches a list component was given (fetched beside the page), narrowed by its links. */
function listedMatches(component: ResourceObject, ctx: RenderContext): ResourceObject[] {
  const round = ctx.resolve.one(component, 'round');
  const group = ctx.resolve.one(component, 'group');
  const club = ctx.resolve.one(component, 'club');
  return ctx.feed(component).filter((m) => {
    if (m.type !== 'matches') return false;
    if (round && ctx.resolve.one(m, 'round')?.id !== round.id) return false;
    if (group && ctx.resolve.one(m, 'group')?.id !== group.id) return false;
    if (club) {
      const clubs = ['home_squad', 'away_squad'].map((n) => sideOf(ctx, ctx.resolve.one(m, n))?.club?.id);
      if (!clubs.includes(club.id)) return false;
    }
    return true;
  });
}

export function MatchListBlock({ component, ctx }: RendererProps) {
  const s = settingsOf(component);
  const season = ctx.resolve.one(component, 'competition_season');
  const limit = limitOf(component, 10);
  const matches = listedMatches(component, ctx);
  // A club's fixture list (a club's page) in every competition: with `all`, its next matches and its
  // latest results apart, each as long as the block shows, rather than one list in date order that
  // the limit would cut off at either end.
  const clubOnly = ctx.resolve.one(component, 'club') && !ctx.resolve.one(component, 'round') && !ctx.resolve.one(component, 'group');
  if (clubOnly && s.match_list !== 'upcoming' && s.match_list !== 'finished') {
    const coming = matchesFor(matches, 'upcoming', limit);
    const results = matchesFor(matches, 'finished', limit);
    return (
      <>
        <Heading>{titleOf(component, ctx.t.matches)}</Heading>
        {coming.length === 0 && results.length === 0 ? (
          <EmptyNote>{ctx.t.noMatches}</EmptyNote>
        ) : (
          <>
            {coming.length > 0 && (
              <section className="u-match-part">
                <h3>{ctx.t.fixtures}</h3>
                <MatchList ctx={ctx} matches={coming} />
              </section>
            )}
            {results.length > 0 && (
              <section className="u-match-part">
                <h3>{ctx.t.results}</h3>
                <MatchList ctx={ctx} matches={results} />
              </section>
            )}
          </>
        )}
      </>
    );
  }
  return (
    <>
      <Heading>{titleOf(component, ctx.t.matches)}</Heading>
      {season && !clubOnly && <p className="u-meta">{text(season, 'name')}</p>}
      <MatchList ctx={ctx} matches={matchesFor(matches, s.match_list, limit)} />
    </>
  );
}

export function Schedule({ component, ctx }: RendererProps) {
  const s = settingsOf(component);
  const season = ctx.resolve.one(component, 'competition_season');
  return (
    <>
      <Heading>{titleOf(component, ctx.t.schedule)}</Heading>
      {season && <p className="u-meta">{text(season, 'name')}</p>}
      <MatchList ctx={ctx} matches={matchesFor(listedMatches(component, ctx), s.match_list, limitOf(component, 10))} />
    </>
  );
}

export function Round({ component, ctx }: RendererProps) {
  const round = ctx.resolve.one(component, 'round');
  if (!round) return null;
  const number = num(round, 'number');
  const start = attr(round, 'start_date');
  const end = attr(round, 'end_date');
  return (
    <>
      <Heading>{titleOf(component, text(round, 'name') || (number !== null ? ctx.t.round(number) : ''))}</Heading>
      {titleOf(component) && text(round, 'name') && <p className="u-engage-name">{text(round, 'name')}</p>}
      {ctx.format.date(start) && (
        <p className="u-meta">
          <time dateTime={ctx.format.iso(start)}>{ctx.format.date(start)}</time>
          {ctx.format.date(end) && end !== start && (
            <>
              {' – '}
              <time dateTime={ctx.format.iso(end)}>{ctx.format.date(end)}</time>
            </>
          )}
        </p>
      )}
      <MatchList ctx={ctx} matches={matchesFor(listedMatches(component, ctx), 'all', 50)} />
    </>
  );
}

const FORM = new Set(['W', 'D', 'L']);

export function Group({ component, ctx }: RendererProps) {
  const s = settingsOf(component);
  const group = ctx.resolve.one(component, 'group');
  if (!group) return null;
  const title = titleOf(component, text(group, 'name') || ctx.t.standings);
  const rows = ctx.resolve.pointingAt('standings', 'group', group).sort((a, b) => (num(a, 'position') ?? 99) - (num(b, 'position') ?? 99));
  const promotion = num(group, 'promotion_places') ?? 0;
  const relegation = num(group, 'relegation_places') ?? 0;
  // On a club's page, the club's own row is marked: highlighted, and named so to screen readers.
  const club = ctx.record?.type === 'clubs' ? ctx.record.id : undefined;
  const clubOfRow = (squad: ResourceObject | undefined) => identifiers(ctx.resolve.one(squad, 'team')?.relationships?.club)[0]?.id;
  return (
    <>
      <Heading>{title}</Heading>
      {s.show_standings === false ? null : rows.length === 0 ? (
        <EmptyNote>{ctx.t.noItems}</EmptyNote>
      ) : (
        <TableWrap label={`${ctx.t.standings}: ${text(group, 'name') || title}`}>
          <table className="u-table u-standings">
            <caption className="u-visually-hidden">{`${ctx.t.standings}: ${text(group, 'name') || title}`}</caption>
            <thead>
              <tr>
                <Th full={ctx.t.position} short={ctx.t.positionShort} />
                <Th full={ctx.t.club} />
                <Th full={ctx.t.played} short={ctx.t.playedShort} />
                <Th full={ctx.t.won} short={ctx.t.wonShort} />
                <Th full={ctx.t.drawn} short={ctx.t.drawnShort} />
                <Th full={ctx.t.lost} short={ctx.t.lostShort} />
                <Th full={ctx.t.goals} short={ctx.t.goalsShort} />
                <Th full={ctx.t.goalDifference} short={ctx.t.goalDifferenceShort} />
                <Th full={ctx.t.points} short={ctx.t.pointsShort} />
                <Th full={ctx.t.form} />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const position = num(r, 'position') ?? 0;
                const side = sideOf(ctx, ctx.resolve.one(r, 'squad'));
                const zone = position > 0 && position <= promotion ? 'promotion' : position > rows.length - relegation ? 'relegation' : undefined;
                const form = (Array.isArray(attr(r, 'form')) ? (attr(r, 'form') as unknown[]) : []).map(String).filter((f) => FORM.has(f));
                const gd = num(r, 'goal_difference') ?? 0;
                const current = club !== undefined && clubOfRow(ctx.resolve.one(r, 'squad')) === club;
                return (
                  <tr key={r.id} data-zone={zone} className={current ? 'u-row-current' : undefined} aria-current={current ? 'true' : undefined}>
                    <td>
                      {position}
                      {zone && <span className="u-visually-hidden"> ({ctx.t[zone]})</span>}
                    </td>
                    <th scope="row">
                      {side ? <SideName ctx={ctx} side={side} size={24} /> : null}
                      {current && <span className="u-visually-hidden"> ({ctx.t.thisClub})</span>}
                    </th>
                    <td>{num(r, 'played') ?? 0}</td>
                    <td>{num(r, 'won') ?? 0}</td>
                    <td>{num(r, 'drawn') ?? 0}</td>
                    <td>{num(r, 'lost') ?? 0}</td>
                    <td>
                      {num(r, 'goals_for') ?? 0}:{num(r, 'goals_against') ?? 0}
                    </td>
                    <td>{gd > 0 ? `+${gd}` : gd}</td>
                    <td>
                      <strong>{num(r, 'points') ?? 0}</strong>
                    </td>
                    <td>
                      <span className="u-form">
                        {form.map((f, i) => (
                          <abbr key={i} title={ctx.t.formResult[f]} data-result={f}>
                            <span aria-hidden="true">{ctx.t.formResult[f]?.[0]?.toUpperCase()}</span>
                            <span className="u-visually-hidden">{ctx.t.formResult[f]}</span>
                          </abbr>
                        ))}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      )}
    </>
  );
}

export function CompetitionSeasonStatistics({ component, ctx }: RendererProps) {
  const season = ctx.resolve.one(component, 'competition_season');
  if (!season) return null;
  const rows = ctx.resolve
    .pointingAt('statistics', 'competition_season', season)
    .sort((a, b) => (num(b, 'goals') ?? 0) - (num(a, 'goals') ?? 0) || (num(b, 'assists') ?? 0) - (num(a, 'assists') ?? 0))
    .slice(0, limitOf(component, 10));
  const title = titleOf(component, ctx.t.statistics);
  return (
    <>
      <Heading>{title}</Heading>
      <p className="u-meta">{text(season, 'name')}</p>
      {rows.length === 0 ? (
        <EmptyNote>{ctx.t.noItems}</EmptyNote>
      ) : (
        <TableWrap label={`${title}: ${text(season, 'name')}`}>
          <table className="u-table">
            <caption className="u-visually-hidden">{`${title}: ${text(season, 'name')}`}</caption>
            <thead>
              <tr>
                <Th full={ctx.t.position} short={ctx.t.positionShort} />
                <Th full={ctx.t.player} />
                <Th full={ctx.t.club} />
                <Th full={ctx.t.goals} />
                <Th full={ctx.t.assists} />
                <Th full={ctx.t.appearances} />
                <Th full={ctx.t.minutes} />
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => {
                const player = ctx.resolve.one(r, 'player');
                const side = sideOf(ctx, ctx.resolve.one(r, 'squad'));
                return (
                  <tr key={r.id}>
                    <td>{i + 1}</td>
                    <th scope="row">{playerName(player)}</th>
                    <td>{side ? <SideName ctx={ctx} side={side} size={24} /> : null}</td>
                    <td>{num(r, 'goals') ?? 0}</td>
                    <td>{num(r, 'assists') ?? 0}</td>
                    <td>{num(r, 'appearances') ?? 0}</td>
                    <td>{ctx.format.number(num(r, 'minutes_played') ?? 0)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      )}
    </>
  );
}

export function MatchPredictorRanking({ component, ctx }: RendererProps) {
  const ranking = ctx.resolve.one(component, 'match_predictor_ranking');
  if (!ranking) return null;
  const rows = ctx.resolve
    .pointingAt('match_predictor_standings', 'ranking', ranking)
    .sort((a, b) => (num(a, 'position') ?? 99) - (num(b, 'position') ?? 99))
    .slice(0, limitOf(component, 10));
  const title = titleOf(component, text(ranking, 'name') || ctx.t.ranking);
  return (
    <>
      <Heading>{title}</Heading>
      {rows.length === 0 ? (
        <EmptyNote>{ctx.t.noItems}</EmptyNote>
      ) : (
        <TableWrap label={text(ranking, 'name') || title}>
          <table className="u-table">
            <caption className="u-visually-hidden">{text(ranking, 'name') || title}</caption>
            <thead>
              <tr>
                <Th full={ctx.t.position} short={ctx.t.positionShort} />
                <Th full={ctx.t.fan} />
                <Th full={ctx.t.points} short={ctx.t.pointsShort} />
                <Th full={ctx.t.exact} />
                <Th full={ctx.t.outcome} />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{num(r, 'position')}</td>
                  <th scope="row">{text(r, 'fan_name')}</th>
                  <td>
                    <strong>{num(r, 'points') ?? 0}</strong>
                  </td>
                  <td>{num(r, 'exact') ?? 0}</td>
                  <td>{num(r, 'outcome') ?? 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </>
  );
}
