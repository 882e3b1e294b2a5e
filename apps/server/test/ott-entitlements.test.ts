import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveHlsStore } from '../src/ott/live-store';
import { signPayload } from '../src/ott/fan-playback';
import { startTestServer, TEST_DB, type TestServer } from './support/test-server';

/**
 * Video for viewers (issue 24, point 5): fans' playback of free and paid events through
 * /public/v1, entitlements granted and revoked by staff and by the payment provider's signed
 * webhook, the country rule, and the signed URLs those answers give actually serving the stream.
 */
const CLIENT = 'ekstraklasa-demo';
const OTHER = 'other-league';
const WEBHOOK = `/public/v1/ott/payments/webhook?client=${CLIENT}`;
let api: TestServer;
let store: LiveHlsStore;
let clientId: number;
let secret: string;
let serial = 0;

beforeAll(async () => {
  api = await startTestServer({ fanLimits: { fan: { max: 1000, windowSeconds: 60 }, address: { max: 1000, windowSeconds: 60 }, register: { max: 1000, windowSeconds: 3600 } } });
  store = new LiveHlsStore(api.server.storage);
  clientId = Number((await api.server.database.db.selectFrom('clients').select('id').where('slug', '=', CLIENT).executeTakeFirstOrThrow()).id);
});
afterAll(() => api?.close());

const rel = (type: string, id: string) => ({ data: { type, id } });

interface TestFan {
  id: string;
  token: string;
  email: string;
}

/** An account fan of `client` with its token. */
async function fan(client = CLIENT, name = 'Kibic'): Promise<TestFan> {
  const email = `widz-${Date.now().toString(36)}-${++serial}@example.com`;
  const res = await api.post(`/public/v1/fans?client=${client}`, { data: { type: 'fans', attributes: { email, password: 'bardzo-tajne-haslo', display_name: `${name} ${serial}` } } }, { token: null });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.data.id, token: res.body.meta.token, email };
}

/** An event on air (its stream started, its output in storage, as a live engine publishes it). */
async function eventOnAir(attributes: Record<string, unknown>, token?: string, owner = clientId): Promise<{ id: string; streamId: string }> {
  const opts = token ? { token } : {};
  const stream = await api.post('/api/v3/ott/streams', { data: { type: 'ott_streams', attributes: { protocol: 'srt', encryption: 'AES-128' } } }, opts);
  expect(stream.status, stream.text).toBe(201);
  const event = await api.post('/api/v3/ott/events', { data: { type: 'ott_events', attributes: { title: 'Legia – Lech', ...attributes }, relationships: { stream: rel('ott_streams', stream.body.data.id) } } }, opts);
  expect(event.status, event.text).toBe(201);
  const started = await api.patch(`/api/v3/ott/streams/${stream.body.data.id}/start`, { data: { id: stream.body.data.id, type: 'ott_stream', attributes: { use_backup: false } } }, opts);
  expect(started.status, started.text).toBe(200);
  const sink = store.sink(owner, Number(stream.body.data.id));
  await sink.putText('master.m3u8', '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nr0/index.m3u8\n');
  await sink.putText('r0/index.m3u8', '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\nseg_000001.ts\n');
  return { id: event.body.data.id, streamId: stream.body.data.id };
}

const playback = (eventId: string, opts: { token?: string | null; country?: string; client?: string } = {}) =>
  api.get(`/public/v1/ott/events/${eventId}/playback?client=${opts.client ?? CLIENT}`, { token: opts.token ?? null, headers: opts.country ? { 'cf-ipcountry': opts.country } : {} });

async function grant(attributes: Record<string, unknown>, relationships: Record<string, unknown>, token?: string) {
  return api.post('/api/v3/ott/entitlements', { data: { type: 'ott_entitlements', attributes, relationships } }, token ? { token } : {});
}

/** A webhook call signed as the provider signs it (or with the given signature header). */
function deliver(payload: unknown, opts: { at?: number; signature?: string; key?: string; raw?: string } = {}) {
  const raw = opts.raw ?? JSON.stringify(payload);
  const t = opts.at ?? Math.floor(Date.now() / 1000);
  const signature = opts.signature ?? `t=${t},v1=${signPayload(opts.key ?? secret, t, raw)}`;
  return api.request('POST', WEBHOOK, { token: null, rawBody: raw, contentType: 'application/json', headers: { 'x-umpire-signature': signature } });
}

const delivery = (type: string, data: Record<string, unknown>) => ({ id: `evt_${Date.now().toString(36)}_${++serial}`, type, data });

describe(`video for viewers on ${TEST_DB}`, () => {
  it('plays a free event for anyone, never cached, from the plain path', async () => {
    const event = await eventOnAir({ access: 'free' });
    const res = await playback(event.id);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body.data).toMatchObject({ type: 'ott_playbacks', id: event.id, attributes: { kind: 'live', access: 'free', status: 'live', expires_at: null } });
    // Nothing of the staff's read (the recording's download) reaches fans.
    expect(Object.keys(res.body.data.attributes).sort()).toEqual(['access', 'expires_at', 'kind', 'status', 'url']);
    const path = new URL(res.body.data.attributes.url).pathname;
    expect(path).toBe(`/ott/hls/live/${event.streamId}/master.m3u8`);
    const master = await api.get(path, { token: null });
    expect(master.status).toBe(200);
    expect(master.text).toContain('#EXTM3U');
    // A fan token changes nothing for a free event.
    expect((await playback(event.id, { token: (await fan()).token })).status).toBe(200);
  });

  it('plays a paid event only to a fan holding an entitlement, granted and revoked by staff', async () => {
    const event = await eventOnAir({ access: 'pay_per_view' });
    const viewer = await fan();
    const anonymous = await playback(event.id);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors[0]).toMatchObject({ status: '401', code: 'unauthorized' });
    expect(anonymous.body.errors[0].detail).toContain('fan token');
    expect(anonymous.headers.get('cache-control')).toBe('private, no-store');
    expect((await playback(event.id, { token: 'not-a-token' })).status).toBe(401);
    const refused = await playback(event.id, { token: viewer.token });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({ status: '403', code: 'entitlementRequired' });

    const granted = await grant({ kind: 'event' }, { fan: rel('fans', viewer.id), event: rel('ott_events', event.id) });
    expect(granted.status, granted.text).toBe(201);
    expect(granted.body.data.attributes).toMatchObject({ kind: 'event', source: 'staff', valid_until: null, revoked_at: null, external_ref: null });
    expect(granted.headers.get('location')).toMatch(new RegExp(`/api/v3/ott/entitlements/${granted.body.data.id}$`));

    const ok = await playback(event.id, { token: viewer.token });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.attributes).toMatchObject({ kind: 'live', access: 'pay_per_view' });
    expect(Date.parse(ok.body.data.attributes.expires_at)).toBeGreaterThan(Date.now());
    // Signed and expiring, as today: the signed path serves, the plain one does not.
    const signed = new URL(ok.body.data.attributes.url).pathname;
    expect(signed).toMatch(new RegExp(`^/ott/hls/live/${event.streamId}/s/\\d+/[A-Za-z0-9_-]{43}/master\\.m3u8$`));
    const master = await api.get(signed, { token: null });
    expect(master.status).toBe(200);
    expect(master.headers.get('cache-control')).toBe('private, max-age=1');
    expect((await api.get(signed.replace('master.m3u8', 'r0/index.m3u8'), { token: null })).status).toBe(200);
    expect((await api.get(`/ott/hls/live/${event.streamId}/master.m3u8`, { token: null })).status).toBe(403);
    // Another fan of the league is not let in by this entitlement.
    expect((await playback(event.id, { token: (await fan()).token })).status).toBe(403);

    // Staff find it by fan, event, kind and whether it is active now.
    const list = await api.get(`/api/v3/ott/entitlements?filter[fan]=${viewer.id}&filter[event]=${event.id}&filter[kind]=event&filter[active]=true&include=fan,event`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((e: any) => e.id)).toEqual([granted.body.data.id]);
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    expect(list.body.included.find((r: any) => r.type === 'fans').attributes).toMatchObject({ email: viewer.email, kind: 'account' });
    expect(JSON.stringify(list.body.included)).not.toMatch(/password|device_id/);

    const revoked = await api.post(`/api/v3/ott/entitlements/${granted.body.data.id}/revoke`, undefined, { token: await api.token('operator') });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.data.attributes).toMatchObject({ revoked_by: 'operator' });
    expect(revoked.body.data.attributes.revoked_at).not.toBeNull();
    // Revoking again changes nothing.
    const again = await api.post(`/api/v3/ott/entitlements/${granted.body.data.id}/revoke`, undefined);
    expect(again.body.data.attributes.revoked_by).toBe('operator');
    expect((await playback(event.id, { token: viewer.token })).status).toBe(403);
    expect((await api.get(`/api/v3/ott/entitlements?filter[fan]=${viewer.id}&filter[active]=true`)).body.data).toEqual([]);
    expect((await api.get(`/api/v3/ott/entitlements?filter[fan]=${viewer.id}&filter[active]=false`)).body.data.map((e: any) => e.id)).toEqual([granted.body.data.id]);
  });

  it('opens subscription events with a subscription, in its window, but not pay-per-view ones', async () => {
    const subscribed = await eventOnAir({ access: 'subscription' });
    const ppv = await eventOnAir({ access: 'pay_per_view' });
    const viewer = await fan();
    const later = await grant({ kind: 'subscription', valid_from: new Date(Date.now() + 3600_000).toISOString() }, { fan: rel('fans', viewer.id) });
    expect(later.status, later.text).toBe(201);
    expect((await playback(subscribed.id, { token: viewer.token })).status).toBe(403);
    const ended = await grant({ kind: 'subscription', valid_from: '2020-01-01T00:00:00Z', valid_until: '2021-01-01T00:00:00Z' }, { fan: rel('fans', viewer.id) });
    expect(ended.status, ended.text).toBe(201);
    expect((await playback(subscribed.id, { token: viewer.token })).status).toBe(403);
    const now = await grant({ kind: 'subscription', valid_until: new Date(Date.now() + 3600_000).toISOString() }, { fan: rel('fans', viewer.id) });
    expect(now.status, now.text).toBe(201);
    expect((await playback(subscribed.id, { token: viewer.token })).status).toBe(200);
    expect((await playback(ppv.id, { token: viewer.token })).status).toBe(403);
    const active = (await api.get(`/api/v3/ott/entitlements?filter[fan]=${viewer.id}&filter[active]=true`)).body.data.map((e: any) => e.id);
    expect(active).toEqual([now.body.data.id]);
  });

  it('refuses bad grants with JSON:API errors and grants nothing', async () => {
    const event = await eventOnAir({ access: 'pay_per_view' });
    const viewer = await fan();
    const cases: [string, Record<string, unknown>, Record<string, unknown>, number, string, string][] = [
      ['an event entitlement without its event', { kind: 'event' }, { fan: rel('fans', viewer.id) }, 422, '/data/relationships/event', 'required'],
      ['a subscription naming an event', { kind: 'subscription' }, { fan: rel('fans', viewer.id), event: rel('ott_events', event.id) }, 422, '/data/relationships/event', 'entitlementSubscriptionEvent'],
      ['an end before the start', { kind: 'subscription', valid_from: '2026-05-01T00:00:00Z', valid_until: '2026-04-01T00:00:00Z' }, { fan: rel('fans', viewer.id) }, 422, '/data/attributes/valid_until', 'entitlementWindowOrder'],
      ['no fan', { kind: 'subscription' }, {}, 422, '/data/relationships/fan', 'required'],
      ['an unknown fan', { kind: 'subscription' }, { fan: rel('fans', '999999') }, 422, '/data/relationships/fan/data/id', 'notFound'],
      ['an unknown kind', { kind: 'season' }, { fan: rel('fans', viewer.id) }, 422, '/data/attributes/kind', 'invalidEnum'],
      ['a source from the body', { kind: 'subscription', source: 'webhook' }, { fan: rel('fans', viewer.id) }, 422, '/data/attributes/source', 'readOnly'],
      ['a bad date', { kind: 'subscription', valid_until: 'jutro' }, { fan: rel('fans', viewer.id) }, 422, '/data/attributes/valid_until', 'invalidDateTime'],
    ];
    for (const [name, attributes, relationships, status, pointer, code] of cases) {
      const res = await grant(attributes, relationships);
      expect(res.status, `${name}: ${res.text}`).toBe(status);
      expect(res.body.errors[0], name).toMatchObject({ code, source: { pointer } });
    }
    expect((await api.get(`/api/v3/ott/entitlements?filter[fan]=${viewer.id}`)).body.data).toEqual([]);
    // A payment's reference grants once.
    expect((await grant({ kind: 'subscription', external_ref: 'pi_staff_1' }, { fan: rel('fans', viewer.id) })).status).toBe(201);
    const twice = await grant({ kind: 'subscription', external_ref: 'pi_staff_1' }, { fan: rel('fans', viewer.id) });
    expect(twice.status).toBe(422);
    expect(twice.body.errors[0]).toMatchObject({ code: 'unique', source: { pointer: '/data/attributes/external_ref' } });
    // Viewers read, operators grant.
    expect((await grant({ kind: 'subscription' }, { fan: rel('fans', viewer.id) }, await api.token('viewer'))).status).toBe(403);
    expect((await grant({ kind: 'subscription' }, { fan: rel('fans', viewer.id) }, await api.token('operator'))).status).toBe(201);
    expect((await api.get('/api/v3/ott/entitlements?filter[active]=maybe')).status).toBe(400);
    // No edits and no deletes: revoking is the only change.
    expect((await api.delete(`/api/v3/ott/entitlements/1`)).status).toBe(404);
  });

  it('lets staff find fans by name or e-mail, without their secrets', async () => {
    const viewer = await fan(CLIENT, 'Zofia Szukana');
    const byName = await api.get(`/api/v3/fans?filter[q]=${encodeURIComponent('zofia szukana')}`);
    expect(byName.status, byName.text).toBe(200);
    expect(byName.body.data.map((f: any) => f.id)).toContain(viewer.id);
    const byMail = await api.get(`/api/v3/fans?filter[q]=${encodeURIComponent(viewer.email)}`);
    expect(byMail.body.data.map((f: any) => f.id)).toEqual([viewer.id]);
    expect(Object.keys(byMail.body.data[0].attributes).sort()).toEqual(['created_at', 'display_name', 'email', 'is_banned', 'kind', 'last_seen_at', 'updated_at']);
    expect((await api.post('/api/v3/fans', { data: { type: 'fans', attributes: {} } })).status).toBe(404);
  });

  it('grants and revokes through the payment webhook: signed, fresh and once per delivery', async () => {
    // Before a secret is set, nothing is taken.
    const unset = await deliver(delivery('entitlement.granted', { fan_id: '1', kind: 'subscription', external_ref: 'x' }), { key: 'whatever' });
    expect(unset.status).toBe(401);
    expect(unset.body.errors[0].code).toBe('webhookNotConfigured');
    // Admins set it (shown once), operators may not.
    expect((await api.post('/api/v3/ott/payment_webhook/rotate_secret', undefined, { token: await api.token('operator') })).status).toBe(403);
    const rotated = await api.post('/api/v3/ott/payment_webhook/rotate_secret', undefined);
    expect(rotated.status, rotated.text).toBe(200);
    secret = rotated.body.meta.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const shown = await api.get('/api/v3/ott/payment_webhook');
    expect(shown.body.data.attributes).toMatchObject({ configured: true, secret_hint: `…${secret.slice(-4)}`, rotated_by: 'admin' });
    expect(shown.body.data.attributes.url).toMatch(/\/public\/v1\/ott\/payments\/webhook\?client=ekstraklasa-demo$/);
    expect(JSON.stringify(shown.body)).not.toContain(secret);

    const event = await eventOnAir({ access: 'pay_per_view' });
    const viewer = await fan();
    expect((await playback(event.id, { token: viewer.token })).status).toBe(403);
    const paid = delivery('entitlement.granted', { fan_id: viewer.id, kind: 'event', event_id: event.id, external_ref: `pi_${serial}` });
    const first = await deliver(paid);
    expect(first.status, first.text).toBe(200);
    expect(first.body.meta).toEqual({ delivery_id: paid.id, duplicate: false });
    expect(first.body.data.attributes).toMatchObject({ kind: 'event', source: 'webhook', external_ref: paid.data.external_ref });
    const ok = await playback(event.id, { token: viewer.token });
    expect(ok.status, ok.text).toBe(200);
    expect((await api.get(new URL(ok.body.data.attributes.url).pathname, { token: null })).status).toBe(200);

    // The same delivery again (a retry, freshly signed) and another delivery of the same payment: one grant.
    const replay = await deliver(paid);
    expect(replay.status).toBe(200);
    expect(replay.body.meta.duplicate).toBe(true);
    expect(replay.body.data.id).toBe(first.body.data.id);
    const other = await deliver({ ...paid, id: `${paid.id}-again` });
    expect(other.status).toBe(200);
    expect(other.body.data.id).toBe(first.body.data.id);
    expect((await api.get(`/api/v3/ott/entitlements?filter[external_ref]=${paid.data.external_ref}`)).body.data).toHaveLength(1);

    // Refused: a wrong signature, a body changed after signing, no header, an old (or future) timestamp.
    const t = Math.floor(Date.now() / 1000);
    const fresh = () => delivery('entitlement.granted', { fan_id: viewer.id, kind: 'subscription', external_ref: `pi_bad_${serial}` });
    const forged = await deliver(fresh(), { key: 'whsec_guessed' });
    expect(forged.status).toBe(401);
    expect(forged.body.errors[0]).toMatchObject({ code: 'webhookSignatureInvalid', source: { header: 'X-Umpire-Signature' } });
    const body = JSON.stringify(fresh());
    const tampered = await deliver(null, { raw: body.replace('subscription', 'event'), signature: `t=${t},v1=${signPayload(secret, t, body)}` });
    expect(tampered.status).toBe(401);
    expect((await deliver(fresh(), { signature: 'nonsense' })).body.errors[0].code).toBe('webhookSignatureInvalid');
    expect((await api.request('POST', WEBHOOK, { token: null, rawBody: body, contentType: 'application/json' })).status).toBe(401);
    for (const at of [t - 600, t + 600]) {
      const stale = await deliver(fresh(), { at });
      expect(stale.status).toBe(401);
      expect(stale.body.errors[0]).toMatchObject({ code: 'webhookTimestampStale', meta: { key: 'webhookTimestampStale' } });
    }
    // Nothing of the refused ones was granted.
    expect((await api.get(`/api/v3/ott/entitlements?filter[fan]=${viewer.id}`)).body.data).toHaveLength(1);

    // Malformed payloads and unknown fans or events: 422 pointing at the field.
    const bad: [unknown, number, string, string][] = [
      [{ type: 'entitlement.granted', data: { fan_id: viewer.id, kind: 'subscription', external_ref: 'a' } }, 422, '/id', 'required'],
      [{ id: 'x1', type: 'entitlement.paid', data: { fan_id: viewer.id, kind: 'subscription', external_ref: 'a' } }, 422, '/type', 'invalidEnum'],
      [{ id: 'x2', type: 'entitlement.granted', data: { fan_id: viewer.id, kind: 'subscription' } }, 422, '/data/external_ref', 'required'],
      [{ id: 'x3', type: 'entitlement.granted', data: { fan_id: viewer.id, external_ref: 'a' } }, 422, '/data/kind', 'required'],
      [{ id: 'x4', type: 'entitlement.granted', data: { kind: 'subscription', external_ref: 'a' } }, 422, '/data/fan_id', 'required'],
      [{ id: 'x5', type: 'entitlement.granted', data: { fan_id: '999999', kind: 'subscription', external_ref: 'a' } }, 422, '/data/fan_id', 'notFound'],
      [{ id: 'x6', type: 'entitlement.granted', data: { fan_email: 'nikt@example.com', kind: 'subscription', external_ref: 'a' } }, 422, '/data/fan_email', 'notFound'],
      [{ id: 'x7', type: 'entitlement.granted', data: { fan_id: viewer.id, kind: 'event', event_id: '999999', external_ref: 'a' } }, 422, '/data/event_id', 'notFound'],
      [{ id: 'x8', type: 'entitlement.granted', data: { fan_id: viewer.id, kind: 'event', external_ref: 'a' } }, 422, '/data/event_id', 'required'],
      [{ id: 'x9', type: 'entitlement.granted', data: { fan_id: viewer.id, kind: 'subscription', valid_until: 'soon', external_ref: 'a' } }, 422, '/data/valid_until', 'invalidDateTime'],
      [{ id: 'x10', type: 'entitlement.granted', data: { fan_id: viewer.id, kind: 'subscription', external_ref: 'a', price: 10 } }, 422, '/data/price', 'unknownAttribute'],
      [{ id: 'x11', type: 'entitlement.revoked', data: { external_ref: 'never-granted' } }, 422, '/data/external_ref', 'notFound'],
    ];
    for (const [payload, status, pointer, code] of bad) {
      const res = await deliver(payload);
      expect(res.status, `${pointer}: ${res.text}`).toBe(status);
      expect(res.body.errors[0], JSON.stringify(payload)).toMatchObject({ code, source: { pointer } });
    }
    const notJson = await deliver(null, { raw: '{"id": ' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.errors[0].code).toBe('malformedJson');
    // A refused delivery is not remembered: fixed and sent again under its id, it grants.
    const byMail = await deliver({ id: 'x6', type: 'entitlement.granted', data: { fan_email: viewer.email.toUpperCase(), kind: 'subscription', external_ref: `pi_mail_${serial}` } });
    expect(byMail.status, byMail.text).toBe(200);
    expect(byMail.body.data.relationships.fan.data).toMatchObject({ type: 'fans', id: viewer.id });

    // Revoked by the provider (a refund): playback is refused again.
    const refund = await deliver(delivery('entitlement.revoked', { external_ref: paid.data.external_ref }));
    expect(refund.status, refund.text).toBe(200);
    expect(refund.body.data.attributes).toMatchObject({ revoked_by: 'payment webhook' });
    expect((await playback(event.id, { token: viewer.token })).status).toBe(403);

    // A new secret: calls signed with the old one are refused.
    const old = secret;
    secret = (await api.post('/api/v3/ott/payment_webhook/rotate_secret', undefined)).body.meta.secret;
    expect(secret).not.toBe(old);
    expect((await deliver(delivery('entitlement.granted', { fan_id: viewer.id, kind: 'subscription', external_ref: 'pi_old' }), { key: old })).status).toBe(401);
  });

  it('enforces allowed_country from the configured header, for free and paid events alike', async () => {
    const free = await eventOnAir({ access: 'free', allowed_country: ['PL', 'GB-ENG'] });
    expect((await playback(free.id, { country: 'PL' })).status).toBe(200);
    expect((await playback(free.id, { country: 'gb-eng' })).status).toBe(200);
    const abroad = await playback(free.id, { country: 'DE' });
    expect(abroad.status).toBe(403);
    expect(abroad.body.errors[0].code).toBe('playbackCountryNotAllowed');
    expect((await playback(free.id)).status).toBe(403);
    const paid = await eventOnAir({ access: 'pay_per_view', allowed_country: ['PL'] });
    const viewer = await fan();
    expect((await grant({ kind: 'event' }, { fan: rel('fans', viewer.id), event: rel('ott_events', paid.id) })).status).toBe(201);
    expect((await playback(paid.id, { token: viewer.token, country: 'PL' })).status).toBe(200);
    expect((await playback(paid.id, { token: viewer.token, country: 'DE' })).body.errors[0].code).toBe('playbackCountryNotAllowed');
  });

  it("answers 404 for another client's event and 401 for another client's fan", async () => {
    const otherToken = await api.token('other-admin');
    const otherClient = Number((await api.server.database.db.selectFrom('clients').select('id').where('slug', '=', OTHER).executeTakeFirstOrThrow()).id);
    const theirs = await eventOnAir({ access: 'pay_per_view' }, otherToken, otherClient);
    const missing = await playback(theirs.id);
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].code).toBe('notFound');
    expect((await playback('not-an-id')).status).toBe(404);
    expect((await playback('1', { client: 'no-such-league' })).status).toBe(400);
    // A fan of this league, with an entitlement here, is nobody in the other one.
    const viewer = await fan();
    expect((await playback(theirs.id, { client: OTHER, token: viewer.token })).status).toBe(401);
    const theirFan = await fan(OTHER);
    expect((await playback(theirs.id, { client: OTHER, token: theirFan.token })).status).toBe(403);
    // Staff of one league cannot grant a fan of the other.
    const cross = await grant({ kind: 'subscription' }, { fan: rel('fans', theirFan.id) });
    expect(cross.status).toBe(422);
    expect((await api.get(`/api/v3/fans/${theirFan.id}`)).status).toBe(404);
  });
});

describe(`the payment webhook's own limit on ${TEST_DB}`, () => {
  // Four calls a minute per address for the webhook; the fans' writes without a token only two,
  // which the webhook does not count against.
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({}, { PAYMENT_WEBHOOK_LIMIT: '4/60', FAN_LIMITS: 'address=2/60' });
  });
  afterAll(() => limited?.close());

  it('refuses calls past it with 429 before their signature is checked, even correctly signed ones', async () => {
    const key = (await limited.post('/api/v3/ott/payment_webhook/rotate_secret', undefined)).body.meta.secret as string;
    const email = `limit-${Date.now().toString(36)}@example.com`;
    const viewer = await limited.post(`/public/v1/fans?client=${CLIENT}`, { data: { type: 'fans', attributes: { email, password: 'bardzo-tajne-haslo', display_name: 'Kibic' } } }, { token: null });
    expect(viewer.status, viewer.text).toBe(201);
    const send = (payload: unknown, signWith = key, headers: Record<string, string> = {}) => {
      const raw = JSON.stringify(payload);
      const t = Math.floor(Date.now() / 1000);
      return limited.request('POST', WEBHOOK, { token: null, rawBody: raw, contentType: 'application/json', headers: { 'x-umpire-signature': `t=${t},v1=${signPayload(signWith, t, raw)}`, ...headers } });
    };
    const granting = (ref: string) => delivery('entitlement.granted', { fan_id: viewer.body.data.id, kind: 'subscription', external_ref: ref });
    // A forged call counts like any other: the count comes before the HMAC.
    expect((await send(granting('pi_forged'), 'whsec_guessed')).status).toBe(401);
    // Below the limit, signed deliveries go through (past the fans' count of two for the address).
    for (let i = 0; i < 3; i++) {
      const ok = await send(granting(`pi_limit_${i}`));
      expect(ok.status, ok.text).toBe(200);
    }
    // Past it: 429 with Retry-After, whatever the call carries, and nothing granted.
    const shown: Record<string, string>[] = [{}, { authorization: `Bearer ${viewer.body.meta.token}` }];
    for (const headers of shown) {
      const refused = await send(granting('pi_limit_late'), key, headers);
      expect(refused.status, refused.text).toBe(429);
      expect(refused.body.errors[0]).toMatchObject({ status: '429', code: 'tooManyRequests', meta: { key: 'tooManyRequests' } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await limited.get('/api/v3/ott/entitlements?filter[external_ref]=pi_limit_late')).body.data).toEqual([]);
    expect((await limited.get(`/api/v3/ott/entitlements?filter[fan]=${viewer.body.data.id}`)).body.data).toHaveLength(3);
  });
});
