import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLibraryFile, makeVideo } from './support/library';
import { startTestServer, TEST_DB, type TestServer } from './support/test-server';

/**
 * An OTT event names the match it broadcasts (issue 40, point 2): staff set and change the link,
 * readers find a match's events with `filter[match]`, and the website's match centre draws them.
 * The link opens nothing of a paid event: its source video and stream stay out of every answer,
 * and its video plays only through its playback route, with the fan's entitlement.
 */
const CLIENT = 'ekstraklasa-demo';
const q = `client=${CLIENT}`;
let api: TestServer;

beforeAll(async () => {
  api = await startTestServer({ fanLimits: { fan: { max: 1000, windowSeconds: 60 }, address: { max: 1000, windowSeconds: 60 }, register: { max: 1000, windowSeconds: 3600 } } });
});
afterAll(() => api?.close());

const rel = (type: string, id: string | null) => ({ data: id === null ? null : { type, id } });
type Resource = { type: string; id: string; attributes: Record<string, any>; relationships?: Record<string, any> };

async function createEvent(attributes: Record<string, unknown>, relationships: Record<string, unknown>) {
  const res = await api.post('/api/v3/ott/events', { data: { type: 'ott_events', attributes: { title: 'Legia – Lech', ...attributes }, relationships } });
  expect(res.status, res.text).toBe(201);
  return res.body.data as Resource;
}

/** Two matches of the demo nobody's test reads: the last ones of the season. */
async function lastMatches(): Promise<[string, string]> {
  const res = await api.get('/api/v3/matches?sort=-kickoff_at&page[size]=2');
  expect(res.status, res.text).toBe(200);
  return res.body.data.map((m: Resource) => m.id) as [string, string];
}

/** The website's page of a match (its template's address; the id decides, the words follow). */
async function matchPage(id: string, locale: 'pl' | 'en' = 'pl') {
  const res = await fetch(`${api.url}/site/${locale}/${locale === 'pl' ? 'mecze' : 'matches'}/${id}`);
  return { status: res.status, text: await res.text() };
}

const cardsOf = (html: string) => [...html.matchAll(/<article[^>]*data-ott-type="ott_events"[^>]*>/g)].map((m) => ({
  id: /data-ott-id="(\d+)"/.exec(m[0])?.[1],
  access: /data-access="([a-z_]+)"/.exec(m[0])?.[1],
}));

describe(`an OTT event's match on ${TEST_DB}`, () => {
  it("links an event to the match it broadcasts: read, included, filtered, changed and cleared, another match's id refused, cleared when the match is deleted", async () => {
    const [first, second] = await lastMatches();
    const event = await createEvent({ access: 'free' }, { match: rel('matches', first) });
    expect(event.relationships!.match.data).toEqual({ type: 'matches', id: first });

    const read = await api.get(`/api/v3/ott/events/${event.id}?include=match`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.included.map((r: Resource) => `${r.type}:${r.id}`)).toEqual([`matches:${first}`]);

    const listed = async (filter: string) => {
      const res = await api.get(`/api/v3/ott/events?filter[match]=${filter}&page[size]=100`);
      expect(res.status, res.text).toBe(200);
      return res.body.data.map((e: Resource) => e.id) as string[];
    };
    expect(await listed(first)).toEqual([event.id]);
    expect(await listed(second)).not.toContain(event.id);
    expect(await listed('null')).not.toContain(event.id);

    const moved = await api.patch(`/api/v3/ott/events/${event.id}`, { data: { type: 'ott_events', id: event.id, relationships: { match: rel('matches', second) } } });
    expect(moved.status, moved.text).toBe(200);
    expect(await listed(second)).toContain(event.id);
    expect(await listed(first)).not.toContain(event.id);
    const cleared = await api.patch(`/api/v3/ott/events/${event.id}`, { data: { type: 'ott_events', id: event.id, relationships: { match: rel('matches', null) } } });
    expect(cleared.body.data.relationships.match.data).toBeNull();
    expect(await listed('null')).toContain(event.id);

    // A match that is not the league's (or not there) is refused on the link, and nothing changes.
    const refused = await api.patch(`/api/v3/ott/events/${event.id}`, { data: { type: 'ott_events', id: event.id, relationships: { match: rel('matches', '999999') } } });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.errors[0].source.pointer).toBe('/data/relationships/match/data/id');
    expect((await api.get(`/api/v3/ott/events/${event.id}`)).body.data.relationships.match.data).toBeNull();

    // Deleting the match keeps the event, without its match.
    await api.patch(`/api/v3/ott/events/${event.id}`, { data: { type: 'ott_events', id: event.id, relationships: { match: rel('matches', first) } } });
    const deleted = await api.delete(`/api/v3/matches/${first}`);
    expect(deleted.status, deleted.text).toBe(204);
    const after = await api.get(`/api/v3/ott/events/${event.id}`);
    expect(after.status).toBe(200);
    expect(after.body.data.relationships.match.data).toBeNull();
  });

  it("lets readers find a match's events with filter[match], with nothing of a paid event's source or stream, and plays a paid one only through its playback", async () => {
    const [, match] = await lastMatches();
    // A paid event's source: a library video whose name and file the answers must never hold.
    const marker = `zrodlo${randomBytes(5).toString('hex')}`;
    const file = await addLibraryFile(api.server, { name: `${marker}.mp4`, kind: 'video', bytes: await makeVideo({ seconds: 1 }), contentType: 'video/mp4' });
    const source = await api.post('/api/v3/videos', { data: { type: 'videos', attributes: { file_id: file.id, name: marker } } });
    expect(source.status, source.text).toBe(201);
    const sourceId = source.body.data.id as string;
    const stream = await api.post('/api/v3/ott/streams', { data: { type: 'ott_streams', attributes: { protocol: 'srt', encryption: 'AES-128' } } });
    expect(stream.status, stream.text).toBe(201);
    const paid = await createEvent({ title: 'Legia – Lech: cały mecz', access: 'pay_per_view', starts_at: '2026-05-01T18:00:00Z' }, { match: rel('matches', match), video: rel('videos', sourceId), stream: rel('ott_streams', stream.body.data.id) });
    const free = await createEvent({ title: 'Legia – Lech: skrót', access: 'free', starts_at: '2026-05-01T21:00:00Z' }, { match: rel('matches', match) });
    const elsewhere = await createEvent({ title: 'Inny mecz', access: 'free' }, {});

    const list = await api.get(`/public/v1/ott/events?${q}&filter[match]=${match}&locale=pl&include=image&page[size]=3`, { token: null });
    expect(list.status, list.text).toBe(200);
    const ids = list.body.data.map((e: Resource) => e.id);
    expect(ids).toEqual([free.id, paid.id]);
    expect(ids).not.toContain(elsewhere.id);
    for (const e of list.body.data as Resource[]) {
      expect(e.relationships!.match.data).toEqual({ type: 'matches', id: match });
      for (const hidden of ['video', 'stream', 'transcoding_jobs']) expect(e.relationships).not.toHaveProperty(hidden);
    }
    expect(list.body.data[1].attributes).toMatchObject({ access: 'pay_per_view', title: 'Legia – Lech: cały mecz' });
    // Nothing of the source, by type, id, name or file, nor of the stream, in the answer.
    const everything = JSON.stringify(list.body);
    expect(everything).not.toContain(marker);
    expect(everything).not.toContain('"videos"');
    expect(everything).not.toContain('ott_streams');
    // The readers' includes are the public ones: the match, not the source.
    expect((await api.get(`/public/v1/ott/events?${q}&filter[match]=${match}&include=video`, { token: null })).status).toBe(400);
    const withMatch = await api.get(`/public/v1/ott/events?${q}&filter[match]=${match}&include=match`, { token: null });
    expect(withMatch.status, withMatch.text).toBe(200);
    expect(withMatch.body.included.map((r: Resource) => `${r.type}:${r.id}`)).toEqual([`matches:${match}`]);
    // The reference names the filter.
    const openapi = (await api.get('/public/v1/openapi.json', { token: null })).body;
    expect(openapi.paths['/public/v1/ott/events'].get.parameters.map((p: { name: string }) => p.name)).toContain('filter[match]');

    // The source's file is no public video, whatever shows the event.
    expect((await api.get(`/public/v1/videos/${sourceId}/content?${q}`, { token: null })).status).toBe(404);
    // Playback: the free one for anyone; the paid one asks for a fan, then for an entitlement.
    expect((await api.get(`/public/v1/ott/events/${free.id}/playback?${q}`, { token: null })).status).toBe(200);
    expect((await api.get(`/public/v1/ott/events/${paid.id}/playback?${q}`, { token: null })).status).toBe(401);
    const fan = await api.post(`/public/v1/fans?${q}`, { data: { type: 'fans', attributes: { device_id: `match-${randomBytes(6).toString('hex')}` } } }, { token: null });
    expect(fan.status, fan.text).toBe(201);
    const refused = await api.get(`/public/v1/ott/events/${paid.id}/playback?${q}`, { token: fan.body.meta.token });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('entitlementRequired');

    // The website's match centre draws both as event cards, and nothing of the source either.
    for (const locale of ['pl', 'en'] as const) {
      const page = await matchPage(match, locale);
      expect(page.status, page.text.slice(0, 300)).toBe(200);
      expect(cardsOf(page.text)).toEqual([
        { id: free.id, access: 'free' },
        { id: paid.id, access: 'pay_per_view' },
      ]);
      expect(page.text).not.toContain(marker);
      expect(page.text).not.toContain(`/videos/${sourceId}`);
      expect(page.text).not.toContain('/ott/hls/');
    }
  });

  it("links the demo's events to their matches: the last round's top match shows its full broadcast and its highlights", async () => {
    const full = (await api.get('/api/v3/ott/events?filter[access]=subscription&page[size]=1&sort=starts_at')).body.data[0] as Resource;
    const match = full.relationships!.match.data?.id as string;
    expect(match).toBeTruthy();
    const events = (await api.get(`/public/v1/ott/events?${q}&filter[match]=${match}&locale=pl`, { token: null })).body.data as Resource[];
    expect(events.map((e) => e.attributes.access).sort()).toEqual(['free', 'subscription']);
    expect(events.find((e) => e.attributes.access === 'free')!.attributes.title).toMatch(/^Skrót: /);
    const page = await matchPage(match);
    expect(page.status).toBe(200);
    expect(cardsOf(page.text).map((c) => c.access).sort()).toEqual(['free', 'subscription']);
    expect(page.text).toContain('<h3>Obejrzyj mecz</h3>');
    // The next round's live events name their matches too.
    const live = (await api.get('/api/v3/ott/events?filter[status]=pending&page[size]=100')).body.data as Resource[];
    expect(live.filter((e) => e.relationships!.match.data).length).toBeGreaterThanOrEqual(2);
  });
});
