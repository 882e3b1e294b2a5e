// Paid video: a fan is refused a paid event's playback, the payment provider's webhook call (signed
// with the league's webhook secret) grants the fan a ticket, and the playback answers a signed URL.
// Run: UMPIRE_URL=http://localhost:8080 UMPIRE_CLIENT=ekstraklasa-demo UMPIRE_WEBHOOK_SECRET=whsec_… node paid-video.mjs
// UMPIRE_EVENT_ID picks the event; else the first paid one.
import { createHmac, randomUUID } from 'node:crypto';

const base = `${process.env.UMPIRE_URL ?? 'http://localhost:8080'}/public/v1`;
const client = process.env.UMPIRE_CLIENT ?? 'ekstraklasa-demo';
const secret = process.env.UMPIRE_WEBHOOK_SECRET;
if (!secret) throw new Error('set UMPIRE_WEBHOOK_SECRET (Video & broadcasting → Entitlements)');
const withClient = (path) => `${base}${path}${path.includes('?') ? '&' : '?'}client=${encodeURIComponent(client)}`;

async function call(method, path, { token, body, expect = [200, 201] } = {}) {
  const res = await fetch(withClient(path), {
    method,
    headers: {
      accept: 'application/vnd.api+json',
      ...(body ? { 'content-type': 'application/vnd.api+json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body && JSON.stringify(body),
  });
  const doc = await res.json();
  if (!expect.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(doc.errors)}`);
  return { status: res.status, doc };
}

// 1. A fan (here a device; an account works the same).
const fan = (await call('POST', '/fans', { body: { data: { type: 'fans', attributes: { device_id: `example-${randomUUID()}` } } } })).doc;
const token = fan.meta.token;

// 2. The event: the one named, else the first paid one this fan could watch with a ticket. Without
// one its playback is a 403 entitlementRequired (playbackCountryNotAllowed where the event is
// limited to countries the viewer is not in, as the CDN's country header says).
const events = (await call('GET', '/ott/events?fields[ott_events]=title,access,status')).doc.data;
const named = process.env.UMPIRE_EVENT_ID;
let event;
for (const e of events.filter((e) => (named ? e.id === named : e.attributes.access !== 'free'))) {
  const refused = await call('GET', `/ott/events/${e.id}/playback`, { token, expect: [403] });
  console.log(`event ${e.id}: ${e.attributes.title} (${e.attributes.access}, ${e.attributes.status}): 403 ${refused.doc.errors[0].code}`);
  if (refused.doc.errors[0].code === 'entitlementRequired') {
    event = e;
    break;
  }
}
if (!event) throw new Error('no paid event to buy');

// 3. What the payment provider (or your shop's back end) sends once the fan has paid. The
// signature is HMAC-SHA256 over "<unix seconds>.<the body's exact bytes>".
const body = JSON.stringify({
  id: `evt_${randomUUID()}`,
  type: 'entitlement.granted',
  data: { fan_id: fan.data.id, kind: 'event', event_id: event.id, valid_until: null, external_ref: `pay_${randomUUID()}` },
});
const t = Math.floor(Date.now() / 1000);
const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
const res = await fetch(withClient('/ott/payments/webhook'), {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-umpire-signature': `t=${t},v1=${v1}` },
  body,
});
const granted = await res.json();
if (res.status !== 200) throw new Error(`webhook: ${res.status} ${JSON.stringify(granted.errors)}`);
console.log(`webhook: entitlement ${granted.data.id} granted (duplicate: ${granted.meta.duplicate})`);

// 4. The playback now: a signed, expiring URL (null while a pending event has nothing to play yet).
const playback = (await call('GET', `/ott/events/${event.id}/playback`, { token })).doc.data.attributes;
if (playback.url) console.log(`playback: ${playback.kind} at ${playback.url}, signed until ${playback.expires_at}`);
else console.log(`playback allowed (${playback.status}): nothing to play yet`);
