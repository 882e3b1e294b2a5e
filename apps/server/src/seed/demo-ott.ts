import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Database } from '../db/database';
import { fromDb } from '../db/values';
import type { Storage } from '../storage/storage';
import { ChangeBus } from '../realtime/change-bus';
import { DEMO_PASSWORD } from './demo-data';
import { seedAppConfig } from './seed-app';

const DAY = 86_400_000;
const HOUR = 3_600_000;

type Doc = { data: { id: string; attributes: Record<string, unknown> } | { id: string }[] };
type Rel = { data: { type: string; id: string } | { type: string; id: string }[] | null };

/**
 * The streaming side of the demo (issue 11), made through the staff API (`inject` on an app of
 * its own, as the fans' season is made through theirs), so stream keys, statuses and translations
 * come from the real routes: two formats with their segments, streams for the next round's top
 * matches (RTMP, and SRT with AES-128), the last round's top match streamed and ended with its
 * marker, a highlights event on the demo clip, two playlists, and a video page whose components
 * link them. Each event names the match it broadcasts, so those matches' match centres on the
 * website show it: the last round's top match its full broadcast (subscription) and its highlights
 * (free), the next round's their live events (one free, one pay-per-view). The highlights event
 * queues its transcoding, as choosing a video always does; the server's OTT worker runs it (test
 * servers run none: OTT_WORKER=false).
 */
export async function seedDemoOtt(input: { database: Database; storage: Storage; clientId: number; now: Date }): Promise<void> {
  const { database, storage, clientId, now } = input;
  const config = seedAppConfig();
  const bus = new ChangeBus(database);
  const app = await buildApp({ config, database, bus, storage });
  try {
    const call = staffCaller(app, await signIn(app));
    const db = database.db;
    const one = async (path: string, type: string, attributes: Record<string, unknown>, relationships: Record<string, Rel> = {}) =>
      (await call('POST', path, { data: { type, attributes, relationships } })).data as { id: string; attributes: Record<string, unknown> };
    const english = (path: string, type: string, id: string, attributes: Record<string, unknown>) => call('PATCH', `${path}/${id}?locale=en`, { data: { type, id, attributes } });
    const rel = (type: string, id: string | number | null | undefined): Rel => ({ data: id == null ? null : { type, id: String(id) } });

    // Who plays: the next round's first two matches and the last round's first one (club names through squad and team).
    const clubOfSquad = new Map(
      (
        await db
          .selectFrom('squads')
          .innerJoin('teams', 'teams.id', 'squads.team_id')
          .innerJoin('clubs', 'clubs.id', 'teams.club_id')
          .select(['squads.id as squad', 'clubs.name as name'])
          .where('squads.client_id', '=', clientId)
          .execute()
      ).map((r) => [Number(r.squad), String(r.name)]),
    );
    const matches = await db.selectFrom('matches').select(['id', 'home_squad_id', 'away_squad_id', 'kickoff_at', 'status']).where('client_id', '=', clientId).orderBy('kickoff_at').execute();
    const when = (m: (typeof matches)[number]) => Date.parse(String(fromDb('datetime', m.kickoff_at)));
    const title = (m: (typeof matches)[number]) => `${clubOfSquad.get(Number(m.home_squad_id)) ?? '?'} – ${clubOfSquad.get(Number(m.away_squad_id)) ?? '?'}`;
    const upcoming = matches.filter((m) => when(m) > now.getTime()).slice(0, 2);
    const played = matches.filter((m) => m.status === 'finished' || when(m) < now.getTime() - 3 * HOUR).at(-1);
    const tags = (await db.selectFrom('tags').select('id').where('client_id', '=', clientId).orderBy('id').limit(2).execute()).map((t) => String(t.id));
    const first = await db.selectFrom('images').select('id').where('client_id', '=', clientId).orderBy('id').executeTakeFirst();
    const image = first ? String(first.id) : null;
    const video = await db.selectFrom('videos').select('id').where('client_id', '=', clientId).orderBy('id').executeTakeFirst();

    // Formats and their segments, in the order the studio shows them.
    const studio = await one('/ott/formats', 'formats', { title: 'Studio Ekstraklasy', description: 'Przedmeczowe studio z analizą i wywiadami.' }, { image: rel('images', image), tags: { data: tags.map((id) => ({ type: 'tags', id })) } });
    await english('/ott/formats', 'formats', studio.id, { title: 'League studio', description: 'The pre-match studio with analysis and interviews.' });
    const segmentIds: string[] = [];
    for (const [name, description] of [
      ['Studio przedmeczowe', 'Składy, forma i zapowiedź.'],
      ['Analiza taktyczna', 'Ustawienia i kluczowe pojedynki.'],
      ['Wywiady pomeczowe', 'Trenerzy i zawodnicy po meczu.'],
    ])
      segmentIds.push((await one('/ott/segments', 'segments', { name, description }, { format: rel('formats', studio.id) })).id);
    await call('PATCH', `/ott/formats/${studio.id}`, { data: { type: 'formats', id: studio.id, attributes: { segments_order: [segmentIds[0], segmentIds[2], segmentIds[1]].map((segment_id) => ({ segment_id })) } } });
    const highlights = await one('/ott/formats', 'formats', { title: 'Skróty meczów', description: 'Bramki i najciekawsze akcje kolejki.' }, { image: rel('images', image) });
    await english('/ott/formats', 'formats', highlights.id, { title: 'Match highlights', description: 'The goals and best moments of the round.' });

    // Live events of the next round: one on RTMP, one paid on SRT with AES-128.
    const live: string[] = [];
    for (const [i, match] of upcoming.entries()) {
      const stream = await one('/ott/streams', 'ott_streams', { protocol: i === 0 ? 'rtmp' : 'srt', encryption: i === 0 ? 'none' : 'AES-128', kind: 'live' });
      const event = await one(
        '/ott/events',
        'ott_events',
        { title: title(match), description: 'Transmisja na żywo ze studiem przedmeczowym.', access: i === 0 ? 'free' : 'pay_per_view', allowed_country: i === 0 ? [] : ['PL', 'GB-ENG', 'DE'], starts_at: new Date(when(match) - HOUR / 2).toISOString() },
        {
          stream: rel('ott_streams', stream.id),
          format: rel('formats', studio.id),
          segment: rel('segments', segmentIds[0]),
          match: rel('matches', String(match.id)),
          image: rel('images', image),
          tags: { data: tags.slice(0, 1).map((id) => ({ type: 'tags', id })) },
        },
      );
      await english('/ott/events', 'ott_events', event.id, { title: title(match), description: 'Live, with the pre-match studio.' });
      live.push(event.id);
    }

    // The last round's top match: streamed, a marker at kick-off, ended.
    const past: string[] = [];
    if (played) {
      const stream = await one('/ott/streams', 'ott_streams', { protocol: 'rtmp', encryption: 'none', kind: 'live' });
      const event = await one(
        '/ott/events',
        'ott_events',
        { title: title(played), description: 'Cały mecz z komentarzem.', access: 'subscription', starts_at: new Date(when(played) - HOUR / 2).toISOString() },
        { stream: rel('ott_streams', stream.id), format: rel('formats', studio.id), match: rel('matches', String(played.id)), image: rel('images', image) },
      );
      await english('/ott/events', 'ott_events', event.id, { title: title(played), description: 'The whole match with commentary.' });
      const action = (name: string) => call('PATCH', `/ott/streams/${stream.id}/${name}`, { data: { id: stream.id, type: 'ott_stream', attributes: { use_backup: false } } });
      await action('start');
      await one('/ott/markers', 'markers', { kind: 'chapter', start_at: new Date(when(played)).toISOString(), duration_seconds: 0, title: 'Pierwszy gwizdek' }, { stream: rel('ott_streams', stream.id) });
      await action('stop');
      past.push(event.id);
    }
    // Highlights on demand, from the library's clip (choosing it queues the transcoding).
    if (video) {
      const event = await one(
        '/ott/events',
        'ott_events',
        { title: played ? `Skrót: ${title(played)}` : 'Skrót kolejki', description: 'Bramki i najciekawsze akcje.', access: 'free', starts_at: new Date(now.getTime() - DAY).toISOString() },
        { video: rel('videos', String(video.id)), format: rel('formats', highlights.id), match: rel('matches', played ? String(played.id) : null), image: rel('images', image) },
      );
      await english('/ott/events', 'ott_events', event.id, { title: played ? `Highlights: ${title(played)}` : 'Round highlights', description: 'The goals and best moments.' });
      past.unshift(event.id);
    }

    // Playlists: this weekend live, and the last round.
    const playlist = async (pl: string, en: string, events: string[]) => {
      const made = await one('/ott/playlists', 'playlists', { title: pl }, { image: rel('images', image) });
      await english('/ott/playlists', 'playlists', made.id, { title: en });
      for (const [position, id] of events.entries())
        await one('/ott/playlist_events', 'playlist_events', { position }, { playlist: rel('playlists', made.id), event: rel('ott_events', id) });
      return made.id;
    };
    const weekend = await playlist('Na żywo w ten weekend', 'Live this weekend', live);
    const lastRound = await playlist('Ostatnia kolejka', 'Last round', past);

    // A video page whose components link the playlists and formats.
    const pageTypeRow = await db.selectFrom('page_types').select('id').where('client_id', '=', clientId).where('kind', '=', 'promo').executeTakeFirst();
    const pageType = pageTypeRow ? String(pageTypeRow.id) : null;
    if (pageType) {
      const page = await one('/pages', 'pages', { title: 'Wideo', slug: 'wideo', seo_title: 'Wideo', seo_description: 'Mecze na żywo, skróty i studio ligi.' }, { page_type: rel('page_types', pageType) });
      const components: [string, Record<string, unknown>, Record<string, Rel>][] = [
        ['ott_playlist', { title: 'Na żywo w ten weekend', layout: 'horizontal' }, { playlist: rel('playlists', weekend) }],
        ['ott_playlist_list', { title: 'Playlisty', list_mode: 'manual', limit: 6 }, { playlists: { data: [weekend, lastRound].map((id) => ({ type: 'playlists', id })) } }],
        ['ott_format_list', { title: 'Formaty', list_mode: 'manual', limit: 12 }, { formats: { data: [studio.id, highlights.id].map((id) => ({ type: 'formats', id })) } }],
        // The next round's live events, picked one by one.
        ['events', { title: 'Transmisje kolejki', match_list: 'upcoming' }, { events: { data: live.map((id) => ({ type: 'ott_events', id })) } }],
      ];
      for (const [index, [kind, settings, links]] of components.entries())
        await one('/components', 'components', { kind, index, settings }, { page: rel('pages', page.id), ...links });
    }
  } finally {
    await app.close();
    await bus.close();
  }
}

async function signIn(app: FastifyInstance): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/v1/sign_in',
    headers: { 'content-type': 'application/vnd.api+json' },
    payload: JSON.stringify({ data: { type: 'sign_in', attributes: { username: 'admin', password: DEMO_PASSWORD } } }),
  });
  if (res.statusCode !== 200) throw new Error(`seed: signing in as admin answered ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json<{ data: { attributes: { token: string } } }>().data.attributes.token;
}

function staffCaller(app: FastifyInstance, token: string) {
  return async (method: 'POST' | 'PATCH', path: string, body: unknown): Promise<Doc> => {
    const res = await app.inject({
      method,
      url: `/api/v3${path}`,
      headers: { 'content-type': 'application/vnd.api+json', authorization: `Bearer ${token}` },
      payload: JSON.stringify(body),
    });
    if (res.statusCode >= 300) throw new Error(`seed: ${method} /api/v3${path} answered ${res.statusCode} ${res.body.slice(0, 500)}`);
    return res.json<Doc>();
  };
}
