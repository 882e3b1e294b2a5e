import { componentsOf, createResolver, kindOf, matchListRead, primaryRecords, settingsOf, type JsonApiDocument, type ResourceObject } from '@umpire/render';
import type { DeliverySource } from './source';

/** How a match list's matches are asked for: both sides with their club and crest, and the round. */
const MATCH_INCLUDE = 'home_squad.team.club.image,away_squad.team.club.image,round';
/**
 * What a match centre shows beside the page's copy of its match (which holds its sides, incidents
 * and line-ups): the venue, the round and the competition season it belongs to, and who
 * broadcasts it (a link table, not on the page's copy).
 */
const MATCH_CENTRE_INCLUDE = 'venue,round.stage.competition_season,transmission_providers.image';
/** The match's own broadcasts a match centre shows (OTT events naming it, the newest first). */
export const MATCH_EVENTS_SHOWN = 3;
/** The newest comments a match centre shows; the browser reads older ones on demand. */
export const MATCH_COMMENTS_SHOWN = 20;
const HOUR = 3_600_000;
/** Statuses of a match still to come or under way (a postponed one waits for its new date). */
const COMING = 'not_started,first_half,half_time,second_half,postponed';
/**
 * What a player's profile reads of the player: the photo, the squads they play in (with the team,
 * club, season and competition seasons of each) and their earlier clubs.
 */
const PLAYER_INCLUDE = 'image,squad_players.squad.team.club,squad_players.squad.season,squad_players.squad.competition_seasons,career_clubs.club';
/** The competition seasons (the latest) whose statistics a player's profile shows. */
const PLAYER_SEASONS = 8;
/** The number of items a list's renderer shows when its component names no limit (else 10). */
const DEFAULT_LIMITS: Record<string, number> = { news: 6, hero_thematic: 4 };

const limitOf = (component: ResourceObject, fallback: number) => {
  const n = Number(settingsOf(component).limit);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 50) : fallback;
};
const linkId = (component: ResourceObject, name: string) => {
  const data = component.relationships?.[name]?.data;
  return data && !Array.isArray(data) ? data.id : undefined;
};
const isoHour = (t: number) => new Date(Math.floor(t / HOUR) * HOUR).toISOString();

/**
 * The lists a page's components show beside what they link to (renderers' `feeds`): the newest
 * articles of a news block, the matches of a round or of a match list, a club's results and next
 * matches, the events and formats of an automatic OTT list, a match centre's match with its venue,
 * round and broadcasters, its OTT events (keyed `{component id}:events`) and its comments (keyed
 * `{component id}:comments`), a player's squads, career and statistics. Each is one read of the
 * delivery API, or a few read at once and given as one document (a club's two lists; a player, then
 * its statistics per competition season); times are rounded to the hour, so the same list is the
 * same address (and the API's cached answer) for everyone within that hour.
 */
/**
 * What a reader narrowed an index to (the fixtures' round and club, the news' category, tag and
 * page): every list of that kind on the page follows it.
 */
export interface IndexView {
  round?: string;
  club?: string;
  category?: string;
  tag?: string;
  page?: number;
}

export async function feedsOf(source: DeliverySource, document: JsonApiDocument, locale: string, now = Date.now(), view: IndexView = {}): Promise<Record<string, JsonApiDocument>> {
  const resolve = createResolver(document);
  const [page] = primaryRecords(document);
  const components = componentsOf(page, resolve);
  const asks: [string, string, (doc: JsonApiDocument) => JsonApiDocument][] = [];
  /** Lists read in more than one step or from more than one address, each merged into one document. */
  const reads: [string, () => Promise<JsonApiDocument | undefined>][] = [];
  const same = (doc: JsonApiDocument) => doc;
  for (const c of components) {
    const kind = kindOf(c);
    // Without a limit of its own, a list shows its renderer's default (packages/render: 6 articles of news, 4 of a thematic hero).
    const limit = limitOf(c, DEFAULT_LIMITS[kind] ?? 10);
    if (kind === 'news' && (view.category || view.tag || view.page)) {
      // An index page: the API filters and pages (a category or tag by its slug).
      const category = view.category ?? String(resolve.one(c, 'publication_category')?.attributes?.slug ?? '');
      const filters = [category && `filter[publication_category]=${encodeURIComponent(category)}`, view.tag && `filter[tag]=${encodeURIComponent(view.tag)}`].filter(Boolean);
      asks.push([c.id, `/articles?locale=${locale}&page[size]=${limit}&page[number]=${view.page ?? 1}${filters.map((f) => `&${f}`).join('')}`, same]);
    } else if (kind === 'news' || kind === 'hero_thematic') {
      // The newest articles, of the block's category when it names one (the API filters: a category shows up to its limit).
      const slug = String(resolve.one(c, 'publication_category')?.attributes?.slug ?? '');
      asks.push([c.id, `/articles?locale=${locale}${slug ? `&filter[publication_category]=${encodeURIComponent(slug)}` : ''}&page[size]=${limit}`, same]);
    } else if (kind === 'round' || kind === 'match_list' || kind === 'schedule') {
      const round = view.round ?? linkId(c, 'round');
      const group = linkId(c, 'group');
      // A club's list (its link, or the reader's filter of an index).
      const linked = kind === 'match_list' ? linkId(c, 'club') : undefined;
      const club = view.club ?? linked;
      if (linked && !view.club && !round && !group) {
        // A club's own list (a club's page fills the link with its club), home or away, in any
        // competition: its latest results and its next matches, each as long as the block shows.
        const ofClub = `&filter[club]=${encodeURIComponent(linked)}`;
        const mode = settingsOf(c).match_list;
        const paths = [
          ...(mode === 'upcoming' ? [] : [`/matches?filter[status]=finished${ofClub}&sort=-kickoff_at&page[size]=${limit}&include=${MATCH_INCLUDE}`]),
          ...(mode === 'finished'
            ? []
            : [`/matches?filter[status]=${COMING}&filter[kickoff_at][gte]=${isoHour(now - 24 * HOUR)}${ofClub}&sort=kickoff_at&page[size]=${limit}&include=${MATCH_INCLUDE}`]),
        ];
        reads.push([c.id, () => merged(source, paths)]);
      } else {
        // A round's, a group's or the coming weeks' matches; an index a reader narrowed to a club,
        // that club's matches of the last year and to come.
        // A list of a round and a group shows the group's matches of the round: read those alone.
        const filter = round
          ? `filter[round]=${round}${group ? `&filter[group]=${group}` : ''}`
          : group
            ? `filter[group]=${group}`
            : club
              ? `filter[kickoff_at][gte]=${isoHour(now - 365 * 24 * HOUR)}`
              : `filter[kickoff_at][gte]=${isoHour(now - 14 * 24 * HOUR)}&filter[kickoff_at][lte]=${isoHour(now + 21 * 24 * HOUR)}`;
        // What the list shows: a round all its matches (up to 50); a list its limit of its mode (the
        // latest finished, the next not over, or the first by kick-off), which the API gives first.
        const { statuses, sort } = matchListRead(kind === 'round' ? 'all' : settingsOf(c).match_list);
        const size = kind === 'round' ? 50 : limit;
        asks.push([
          c.id,
          `/matches?${filter}${club ? `&filter[club]=${club}` : ''}${statuses ? `&filter[status]=${statuses.join(',')}` : ''}&sort=${sort}&page[size]=${size}&include=${MATCH_INCLUDE}`,
          same,
        ]);
      }
    } else if (kind === 'match') {
      const match = linkId(c, 'match');
      if (match && /^\d+$/.test(match)) {
        asks.push([c.id, `/matches/${match}?include=${MATCH_CENTRE_INCLUDE}`, same]);
        // Its broadcasts on the league's video, drawn as event cards: a further list of the component (ctx.feed(component, 'events')).
        asks.push([`${c.id}:events`, `/ott/events?filter[match]=${match}&locale=${locale}&include=image&page[size]=${MATCH_EVENTS_SHOWN}`, same]);
        // The fans' comments, newest first: a second list of the component (ctx.feed(component, 'comments')).
        asks.push([`${c.id}:comments`, `/comments?filter[match]=${match}&page[size]=${MATCH_COMMENTS_SHOWN}`, same]);
      }
    } else if (kind === 'player') {
      const player = linkId(c, 'player');
      if (player) reads.push([c.id, () => playerFeed(source, player)]);
    } else if (kind === 'club_list' && !resolve.many(c, 'clubs').length) {
      asks.push([c.id, '/clubs?page[size]=50&include=image', same]);
    } else if (kind === 'events' && !resolve.many(c, 'events').length) {
      asks.push([c.id, `/ott/events?locale=${locale}&page[size]=${limit}&include=image`, same]);
    } else if (kind === 'ott_format_list' && !resolve.many(c, 'formats').length) {
      asks.push([c.id, `/ott/formats?locale=${locale}&page[size]=${limit}&include=image`, same]);
    } else if (kind === 'ott_playlist_list' && !resolve.many(c, 'playlists').length) {
      asks.push([c.id, `/ott/playlists?locale=${locale}&page[size]=${limit}&include=image`, same]);
    } else if (kind === 'ott_playlist') {
      const playlist = linkId(c, 'playlist');
      // A playlist's events in their order: the renderer takes the events themselves.
      if (playlist)
        asks.push([
          c.id,
          `/ott/playlist_events?filter[playlist]=${playlist}&sort=position&page[size]=${limit}&include=event.image&locale=${locale}`,
          (doc) => {
            const r = createResolver(doc);
            const events = primaryRecords(doc).flatMap((pe) => {
              const event = r.one(pe, 'event');
              return event ? [event] : [];
            });
            return { data: events, included: doc.included };
          },
        ]);
    }
  }
  const feeds: Record<string, JsonApiDocument> = {};
  await Promise.all([
    ...asks.map(async ([id, path, shape]) => {
      const answer = await source.get(path);
      // A list that cannot be read leaves its block empty; the page still renders.
      if (answer.status === 200) feeds[id] = shape(answer.body as JsonApiDocument);
    }),
    ...reads.map(async ([id, read]) => {
      const doc = await read();
      if (doc) feeds[id] = doc;
    }),
  ]);
  return feeds;
}

/** The records of a document, primary then included. */
const recordsOf = (doc: JsonApiDocument): ResourceObject[] => [...primaryRecords(doc), ...(Array.isArray(doc.included) ? doc.included : [])];

/** Several lists read at once as one document (their records in order); those that cannot be read are left out. */
async function merged(source: DeliverySource, paths: string[]): Promise<JsonApiDocument | undefined> {
  const answers = (await Promise.all(paths.map((p) => source.get(p)))).filter((a) => a.status === 200).map((a) => a.body as JsonApiDocument);
  if (!answers.length) return undefined;
  return { data: answers.flatMap((d) => primaryRecords(d)), included: answers.flatMap((d) => (Array.isArray(d.included) ? d.included : [])) };
}

/**
 * A player's profile: the player with their squads and earlier clubs, then their statistics in
 * each competition season their squads play (the latest PLAYER_SEASONS, read at once), all in
 * one document whose primary record is the player.
 */
async function playerFeed(source: DeliverySource, id: string): Promise<JsonApiDocument | undefined> {
  const answer = await source.get(`/players/${encodeURIComponent(id)}?include=${PLAYER_INCLUDE}`);
  if (answer.status !== 200) return undefined;
  const doc = answer.body as JsonApiDocument;
  const [player] = primaryRecords(doc);
  if (!player) return undefined;
  const resolve = createResolver(doc);
  const seen = new Set<string>();
  const seasons = resolve
    .many(player, 'squad_players')
    .flatMap((member) => resolve.many(resolve.one(member, 'squad'), 'competition_seasons'))
    .filter((cs) => !seen.has(cs.id) && seen.add(cs.id))
    .sort((a, b) => String(b.attributes?.start_date ?? '').localeCompare(String(a.attributes?.start_date ?? '')) || Number(b.id) - Number(a.id))
    .slice(0, PLAYER_SEASONS);
  const statistics = await Promise.all(
    seasons.map((cs) => source.get(`/statistics?filter[competition_season]=${encodeURIComponent(cs.id)}&filter[player]=${encodeURIComponent(player.id)}`)),
  );
  // Statistics that cannot be read leave their season out; the profile still shows.
  const rows = statistics.filter((a) => a.status === 200).flatMap((a) => recordsOf(a.body as JsonApiDocument));
  return { data: [player], included: [...(Array.isArray(doc.included) ? doc.included : []), ...rows] };
}
