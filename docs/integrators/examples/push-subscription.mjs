// Subscribes to push notifications as a browser would after pushManager.subscribe(): the league's
// VAPID key and topics, then a subscription following a club, its competition and a match.
// A browser makes the subscription's keys itself; here node:crypto makes them (ECDH on P-256).
// Run: UMPIRE_URL=http://localhost:8080 UMPIRE_CLIENT=ekstraklasa-demo node push-subscription.mjs
// UMPIRE_PUSH_ENDPOINT is the push service's address the browser was given (an https URL).
import { createECDH, randomBytes, randomUUID } from 'node:crypto';

const base = `${process.env.UMPIRE_URL ?? 'http://localhost:8080'}/public/v1`;
const client = process.env.UMPIRE_CLIENT ?? 'ekstraklasa-demo';
const endpoint = process.env.UMPIRE_PUSH_ENDPOINT ?? `https://push.example.net/umpire-example/${randomUUID()}`;

async function call(method, path, { token, body } = {}) {
  const url = `${base}${path}${path.includes('?') ? '&' : '?'}client=${encodeURIComponent(client)}`;
  const res = await fetch(url, {
    method,
    headers: {
      accept: 'application/vnd.api+json',
      ...(body ? { 'content-type': 'application/vnd.api+json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body && JSON.stringify(body),
  });
  const doc = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(doc.errors)}`);
  return doc;
}

// 1. The key to pass to pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }).
const vapid = await call('GET', '/push/vapid_public_key');
console.log(`VAPID public key: ${vapid.data.attributes.public_key}`);

// 2. What a fan may follow: clubs, competitions and the topics staff write to.
const topics = (await call('GET', '/push/topics')).data;
const club = topics.find((t) => t.attributes.kind === 'club');
const competition = topics.find((t) => t.attributes.kind === 'competition');
console.log(`${topics.length} topics, e.g. ${club.id} (${club.attributes.name}), ${competition.id} (${competition.attributes.name})`);
const next = await call('GET', '/matches?filter[status]=not_started&sort=kickoff_at&page[size]=1');
const followed = [club.id, competition.id, ...(next.data[0] ? [`match:${next.data[0].id}`] : [])];

// 3. A fan (here a device) and the subscription: what PushSubscription.toJSON() gives, plus the choices.
const fan = await call('POST', '/fans', { body: { data: { type: 'fans', attributes: { device_id: `example-${randomUUID()}` } } } });
const token = fan.meta.token;
const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
const subscription = await call('POST', '/push/subscriptions', {
  token,
  body: {
    data: {
      type: 'push_subscriptions',
      attributes: {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
        topics: followed,
        alert_kinds: ['goal', 'red_card', 'full_time', 'news'],
        locale: 'en',
        platform: 'web',
      },
    },
  },
});
const s = subscription.data.attributes;
console.log(`subscription ${subscription.data.id} for fan ${fan.data.id}: topics ${s.topics.join(', ')}; alerts ${s.alert_kinds.join(', ')}`);

// 4. The fan changes their mind: kick-off alerts too.
const changed = await call('PATCH', `/push/subscriptions/${subscription.data.id}`, {
  token,
  body: { data: { type: 'push_subscriptions', id: subscription.data.id, attributes: { alert_kinds: [...s.alert_kinds, 'kick_off'] } } },
});
console.log(`alerts now ${changed.data.attributes.alert_kinds.join(', ')}`);
