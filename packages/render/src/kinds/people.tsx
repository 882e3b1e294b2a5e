import type { ReactNode } from 'react';
import { altText, type RenderContext } from '../context';
import { identifiers, num, text, type ResourceObject } from '../document';
import { Heading, layoutClass, Picture, sideOf, SideName, TableWrap, Th, titleOf, type RendererProps } from '../parts';

/**
 * People: a player's profile (the `player` kind, on a player's page or any football page). What it
 * reads beyond the player (the squads they play in, their earlier clubs, their statistics per
 * competition season) comes with the page or with the list the website fetched beside it
 * (RenderOptions.feeds); what is not there is left out, never guessed.
 */

/** A player's full name (first and last), else the nickname. */
function fullName(player: ResourceObject): string {
  return [text(player, 'first_name'), text(player, 'last_name')].filter(Boolean).join(' ') || text(player, 'nickname');
}

const capitalised = (ctx: RenderContext, word: string | undefined) => (word ? word.charAt(0).toLocaleUpperCase(ctx.locale) + word.slice(1) : '');

/**
 * The records of `type` that belong to the player: those its relationship `name` lists (on the
 * page's copy of the player or the fetched one) and those that point back at it.
 */
function belongingTo(ctx: RenderContext, component: ResourceObject, player: ResourceObject, name: string, type: string): ResourceObject[] {
  const fetched = ctx.feed(component).filter((r) => r.type === 'players' && r.id === player.id);
  const seen = new Set<string>();
  return [player, ...fetched]
    .flatMap((p) => ctx.resolve.many(p, name))
    .concat(ctx.resolve.pointingAt(type, 'player', player))
    .filter((r) => r.type === type && !seen.has(r.id) && seen.add(r.id));
}

interface Membership {
  member: ResourceObject;
  squad: ResourceObject | undefined;
  club: ResourceObject | undefined;
  clubName: string;
}

/**
 * The squads the player is in now: not left by today, and of the current season where the squad's
 * season is known (a squad of a past season is history, not the player's club); the first team
 * before a reserve one, the newest squad first.
 */
function currentMemberships(ctx: RenderContext, component: ResourceObject, player: ResourceObject): Membership[] {
  const today = ctx.format.ymd(ctx.now);
  return belongingTo(ctx, component, player, 'squad_players', 'squad_players')
    .filter((m) => {
      const left = text(m, 'left_on');
      return !left || !today || left > today;
    })
    .map((member) => ({ member, squad: ctx.resolve.one(member, 'squad') }))
    .filter(({ squad }) => {
      const season = ctx.resolve.one(squad, 'season');
      return !season || season.attributes?.is_current === true;
    })
    .sort((a, b) => {
      const first = (m: { squad: ResourceObject | undefined }) => (text(ctx.resolve.one(m.squad, 'team'), 'kind') === 'first' ? 0 : 1);
      return first(a) - first(b) || Number(b.squad?.id ?? 0) - Number(a.squad?.id ?? 0);
    })
    .map(({ member, squad }) => {
      const side = sideOf(ctx, squad);
      return { member, squad, club: side?.club, clubName: text(side?.club, 'name') || side?.name || '' };
    });
}

/** A club's name, a link to its page when the site has one. */
function ClubName({ ctx, club, name }: { ctx: RenderContext; club: ResourceObject | undefined; name: string }) {
  const href = club ? ctx.hrefs.club(club) : undefined;
  return href ? (
    <a href={href} hrefLang={ctx.hrefs.hreflang(href)}>
      {name}
    </a>
  ) : (
    <>{name}</>
  );
}

/** Whole years between a date of birth and today (both YYYY-MM-DD); null when either is unknown or the birth is later. */
export function ageOn(birth: string, today: string): number | null {
  const b = /^(\d{4})-(\d{2})-(\d{2})/.exec(birth);
  const t = /^(\d{4})-(\d{2})-(\d{2})/.exec(today);
  if (!b || !t) return null;
  const years = Number(t[1]) - Number(b[1]) - (`${t[2]}-${t[3]}` < `${b[2]}-${b[3]}` ? 1 : 0);
  return years >= 0 ? years : null;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Facts({ ctx, component, player }: { ctx: RenderContext; component: ResourceObject; player: ResourceObject }) {
  const current = currentMemberships(ctx, component, player);
  const main = current[0];
  const position = (main && text(main.member, 'position')) || text(player, 'position');
  const shirt = main ? num(main.member, 'shirt_number') : null;
  const clubs = current.filter((m, i) => m.clubName && current.findIndex((o) => (o.club?.id ?? o.clubName) === (m.club?.id ?? m.clubName)) === i);
  const nationalities = [text(player, 'nationality'), text(player, 'second_nationality')].filter(Boolean).map((c) => ctx.format.country(c));
  const birth = text(player, 'birth_date');
  const age = birth ? ageOn(birth, ctx.format.ymd(ctx.now)) : null;
  const height = num(player, 'height_cm');
  const weight = num(player, 'weight_kg');
  const foot = ctx.t.feet[text(player, 'preferred_foot')];
  const nickname = text(player, 'nickname');
  return (
    <dl className="u-facts">
      {nickname && nickname !== fullName(player) && <Fact term={ctx.t.nickname}>{nickname}</Fact>}
      {ctx.t.playerPosition[position] && <Fact term={ctx.t.playerPositionLabel}>{capitalised(ctx, ctx.t.playerPosition[position])}</Fact>}
      {shirt !== null && <Fact term={ctx.t.shirtNumber}>{shirt}</Fact>}
      {clubs.length > 0 && (
        <Fact term={ctx.t.club}>
          {clubs.map((m, i) => (
            <span key={m.member.id}>
              {i > 0 && ', '}
              <ClubName ctx={ctx} club={m.club} name={m.clubName} />
            </span>
          ))}
        </Fact>
      )}
      {nationalities.length > 0 && <Fact term={ctx.t.nationality}>{nationalities.join(', ')}</Fact>}
      {ctx.format.day(birth) && (
        <Fact term={ctx.t.birthDate}>
          <time dateTime={birth}>{ctx.format.day(birth)}</time>
          {age !== null && ` (${ctx.t.age(age)})`}
        </Fact>
      )}
      {height !== null && <Fact term={ctx.t.height}>{`${height} cm`}</Fact>}
      {weight !== null && <Fact term={ctx.t.weight}>{`${weight} kg`}</Fact>}
      {foot && <Fact term={ctx.t.preferredFoot}>{capitalised(ctx, foot)}</Fact>}
    </dl>
  );
}

const STAT_COLUMNS = ['appearances', 'minutes_played', 'goals', 'assists', 'yellow_cards', 'red_cards'] as const;

/** The player's statistics per competition season (and squad), the latest season first, with their totals. */
function SeasonStatistics({ ctx, component, player, name }: { ctx: RenderContext; component: ResourceObject; player: ResourceObject; name: string }) {
  const rows = belongingTo(ctx, component, player, 'statistics', 'statistics')
    .map((r) => ({ r, season: ctx.resolve.one(r, 'competition_season') }))
    .sort(
      (a, b) =>
        text(b.season, 'start_date').localeCompare(text(a.season, 'start_date')) ||
        Number(b.season?.id ?? 0) - Number(a.season?.id ?? 0) ||
        Number(identifiers(a.r.relationships?.squad)[0]?.id ?? 0) - Number(identifiers(b.r.relationships?.squad)[0]?.id ?? 0),
    );
  if (!rows.length) return null;
  const label = `${ctx.t.seasonStatistics}: ${name}`;
  const total = (column: (typeof STAT_COLUMNS)[number]) => rows.reduce((sum, { r }) => sum + (num(r, column) ?? 0), 0);
  const cell = (column: (typeof STAT_COLUMNS)[number], value: number) => (column === 'minutes_played' ? ctx.format.number(value) : value);
  return (
    <section className="u-player-section">
      <h3>{ctx.t.seasonStatistics}</h3>
      <TableWrap label={label}>
        <table className="u-table u-player-stats">
          <caption className="u-visually-hidden">{label}</caption>
          <thead>
            <tr>
              <Th full={ctx.t.competitionSeason} />
              <Th full={ctx.t.club} />
              <Th full={ctx.t.appearances} />
              <Th full={ctx.t.minutes} short={ctx.t.minutesShortHeader} />
              <Th full={ctx.t.goals} />
              <Th full={ctx.t.assists} />
              <Th full={ctx.t.yellowCards} short={ctx.t.yellowCardsShort} />
              <Th full={ctx.t.redCards} short={ctx.t.redCardsShort} />
            </tr>
          </thead>
          <tbody>
            {rows.map(({ r, season }) => {
              const side = sideOf(ctx, ctx.resolve.one(r, 'squad'));
              const seasonHref = season ? ctx.hrefs.table(season) : undefined;
              const club = side?.club ? ctx.hrefs.club(side.club) : undefined;
              return (
                <tr key={r.id}>
                  <th scope="row">{seasonHref ? <a href={seasonHref}>{text(season, 'name')}</a> : text(season, 'name')}</th>
                  <td className="u-cell-text">
                    {side ? (
                      club ? (
                        <a href={club} hrefLang={ctx.hrefs.hreflang(club)}>
                          <SideName ctx={ctx} side={side} size={24} />
                        </a>
                      ) : (
                        <SideName ctx={ctx} side={side} size={24} />
                      )
                    ) : null}
                  </td>
                  {STAT_COLUMNS.map((column) => (
                    <td key={column}>{cell(column, num(r, column) ?? 0)}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
          {rows.length > 1 && (
            <tfoot>
              <tr>
                <th scope="row">{ctx.t.total}</th>
                <td />
                {STAT_COLUMNS.map((column) => (
                  <td key={column}>{cell(column, total(column))}</td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </TableWrap>
    </section>
  );
}

/** The clubs the player played for, the latest first: the years, the club (linked when it is the league's), appearances and goals. */
function Career({ ctx, component, player, name }: { ctx: RenderContext; component: ResourceObject; player: ResourceObject; name: string }) {
  const rows = belongingTo(ctx, component, player, 'career_clubs', 'career_clubs').sort(
    (a, b) => (num(b, 'start_year') ?? 0) - (num(a, 'start_year') ?? 0) || (num(b, 'end_year') ?? 9999) - (num(a, 'end_year') ?? 9999) || Number(b.id) - Number(a.id),
  );
  if (!rows.length) return null;
  const label = `${ctx.t.career}: ${name}`;
  return (
    <section className="u-player-section">
      <h3>{ctx.t.career}</h3>
      <TableWrap label={label}>
        <table className="u-table u-career">
          <caption className="u-visually-hidden">{label}</caption>
          <thead>
            <tr>
              <Th full={ctx.t.careerYears} />
              <Th full={ctx.t.club} />
              <Th full={ctx.t.appearances} />
              <Th full={ctx.t.goals} />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const start = num(r, 'start_year');
              const end = num(r, 'end_year');
              const club = ctx.resolve.one(r, 'club');
              const clubName = text(club, 'name') || text(r, 'club_name');
              const appearances = num(r, 'appearances');
              const goals = num(r, 'goals');
              return (
                <tr key={r.id}>
                  <td>{start === null ? '' : end === null ? ctx.t.since(start) : end === start ? start : `${start}–${end}`}</td>
                  <th scope="row">
                    <ClubName ctx={ctx} club={club} name={clubName} />
                    {r.attributes?.is_loan === true && <span className="u-meta"> ({ctx.t.loan})</span>}
                  </th>
                  <td>{appearances ?? '–'}</td>
                  <td>{goals ?? '–'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableWrap>
    </section>
  );
}

export function Player({ component, ctx }: RendererProps) {
  const player = ctx.resolve.one(component, 'player');
  if (!player || player.type !== 'players') return null;
  const name = fullName(player);
  const title = titleOf(component, name);
  const photo = ctx.resolve.one(player, 'image');
  const biography = text(player, 'biography')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className={layoutClass(component, 'u-player')} data-player-id={player.id}>
      <div className="u-player-card">
        {/* The photo says who it shows (its own alt text, else the player's name): it is the page's picture of them. */}
        <Picture ctx={ctx} image={photo} width={320} alt={altText(photo, ctx.locale) || name} className="u-player-photo" eager />
        <div className="u-player-text">
          <Heading>{title}</Heading>
          {title !== name && name && <p className="u-engage-name">{name}</p>}
          <Facts ctx={ctx} component={component} player={player} />
        </div>
      </div>
      {biography.length > 0 && (
        <section className="u-player-section u-prose">
          <h3>{ctx.t.biography}</h3>
          {biography.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </section>
      )}
      <SeasonStatistics ctx={ctx} component={component} player={player} name={name} />
      <Career ctx={ctx} component={component} player={player} name={name} />
    </div>
  );
}
