import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import webpush from 'web-push';
import { clubTopic, type PushPayload } from '@umpire/schema';
import { recordAudit } from '../audit/audit';
import type { Config } from '../config';
import type { Database, DB } from '../db/database';
import type { Clock } from '../jobs/clock';
import type { Job } from '../jobs/queue';
import type { JobWorker } from '../jobs/worker';
import type { ChangeEvent, WriteContext } from '../jsonapi/context';
import { modelOf } from '../jsonapi/model';
import { toDb } from '../jsonapi/values';
import type { ChangeBus } from '../realtime/change-bus';
import { addContentType } from '../realtime/content-types';
import { PUSH_SEND_JOB, setPushClock } from './push-rules';
import { postToPushService, type PushTransport } from './push-request';
import { vapidKeysOf, type VapidKeys } from './vapid';

/**
 * Sends a notification when its job comes (issue 10). First, in one transaction, it becomes
 * `sending` and gets one delivery row per subscription its targets reach (unique per notification ×
 * subscription). Then batches of rows are claimed (pending → claimed) before anything goes out, each
 * is encrypted for its browser (RFC 8291, `web-push`) and posted to its push service, and the
 * outcome is written: delivered (2xx), expired (404/410: the subscription is removed) or failed with
 * the reason. A run that dies leaves its claimed rows claimed; the job's next run counts them as
 * failed (`interrupted`) instead of sending again, so no browser gets a notification twice.
 */
export const PUSH_ACTOR = 'system:push';
const INSERT_CHUNK = 500;
/** How long a push service keeps a message for an offline browser. */
const TTL_SECONDS = 24 * 3600;

export interface SendDeps {
  config: Config;
  database: Database;
  bus: ChangeBus;
  clock: Clock;
  /** How messages go out; the push services themselves unless a stand-in is given. */
  transport?: PushTransport;
}

type Outcome = { status: 'delivered' | 'expired' | 'failed'; reason: string | null };

interface Recipient {
  deliveryId: number;
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
}

const iso = (database: Database, at: Date) => toDb(database.dialect, 'datetime', at.toISOString());

/** Subscriptions reached by a notification's targets (platform, segment of fans, topic and club). */
function recipientsQuery(db: DB, dialect: Database['dialect'], clientId: number, notificationId: number) {
  return db
    .selectFrom('push_notification_links as l')
    .innerJoin('push_notification_targets as t', (j) => j.onRef('t.id', '=', 'l.target_id').on('t.client_id', '=', clientId))
    .innerJoin('push_subscriptions as s', (j) =>
      j
        .on('s.client_id', '=', clientId)
        .on((eb) => eb.or([eb('t.platform', '=', 'all'), eb('t.platform', '=', eb.ref('s.platform'))])),
    )
    .innerJoin('fans as f', 'f.id', 's.fan_id')
    .where('l.push_notification_id', '=', notificationId)
    .where('l.name', '=', 'targets')
    .where('f.is_banned', '=', toDb(dialect, 'boolean', false) as boolean)
    .where((eb) =>
      eb.or([eb('t.segment', '=', 'everyone'), eb.and([eb('t.segment', '=', 'accounts'), eb('f.kind', '=', 'account')]), eb.and([eb('t.segment', '=', 'devices'), eb('f.kind', '=', 'device')])]),
    )
    .where((eb) =>
      eb.or([
        eb('t.topic', 'is', null),
        eb.exists(eb.selectFrom('push_subscription_topics as st').select('st.id').whereRef('st.subscription_id', '=', 's.id').whereRef('st.topic', '=', 't.topic')),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('t.club_id', 'is', null),
        eb.exists(
          eb
            .selectFrom('push_subscription_topics as sc')
            .select('sc.id')
            .whereRef('sc.subscription_id', '=', 's.id')
            .where('sc.topic', '=', sql<string>`${clubTopic('')} || ${sql.ref('t.club_id')}`),
        ),
      ]),
    )
    .select('s.id as subscription_id')
    .distinct();
}

function payloadFor(n: Record<string, unknown>, locale: string, link: PushPayload['link'], image: string | null): string {
  const en = locale === 'en' && n.title_en;
  const payload: PushPayload = {
    notification_id: String(n.id),
    locale: en ? 'en' : 'pl',
    title: String(en ? n.title_en : n.title_pl),
    body: String((en ? n.body_en : null) ?? n.body_pl),
    image,
    link,
  };
  return JSON.stringify(payload);
}

/**
 * The VAPID Authorization of one push service (origin), signed once per run: signing per message
 * would cost more than the encryption. It is valid for 12 hours, longer than any run.
 */
type VapidHeaders = (endpoint: string) => string;
function vapidSigner(vapid: VapidKeys, subject: string): VapidHeaders {
  const byOrigin = new Map<string, string>();
  return (endpoint) => {
    const origin = new URL(endpoint).origin;
    let header = byOrigin.get(origin);
    if (!header) {
      header = webpush.getVapidHeaders(origin, subject, vapid.publicKey, vapid.privateKey, 'aes128gcm').Authorization;
      byOrigin.set(origin, header);
    }
    return header;
  };
}

/** Posts one encrypted message; never throws: every failure is an outcome with its reason. */
async function deliver(r: Recipient, payload: string, vapid: VapidHeaders, deps: SendDeps): Promise<Outcome> {
  let details: webpush.RequestDetails;
  try {
    details = webpush.generateRequestDetails({ endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } }, payload, {
      headers: { Authorization: vapid(r.endpoint) },
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    });
  } catch (err) {
    return { status: 'failed', reason: `encryption: ${(err as Error).message}`.slice(0, 200) };
  }
  try {
    // web-push encrypts and signs; the request is ours: keep-alive connections are pooled, and the
    // address a fan gave is checked where the connection is made (push-request.ts).
    const res = await (deps.transport ?? postToPushService)(details.endpoint, {
      method: details.method,
      headers: details.headers,
      body: details.body ? new Uint8Array(details.body) : null,
      timeoutMs: deps.config.push.timeoutMs,
      allowLoopback: deps.config.push.allowLoopback,
    });
    if (res.status >= 200 && res.status < 300) return { status: 'delivered', reason: null };
    if (res.status === 404 || res.status === 410) return { status: 'expired', reason: `HTTP ${res.status}` };
    return { status: 'failed', reason: `HTTP ${res.status}` };
  } catch (err) {
    const e = err as Error & { code?: string; cause?: { code?: string } };
    const reason = e.name === 'TimeoutError' ? 'timeout' : (e.code ?? e.cause?.code ?? e.name ?? 'network error');
    return { status: 'failed', reason: String(reason).slice(0, 200) };
  }
}

/** Runs `fn` over `items` with at most `limit` at once. */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** Counts of the deliveries, written on the notification. */
async function refreshCounts(deps: SendDeps, clientId: number, id: number, finish: boolean): Promise<Record<string, unknown> | undefined> {
  const { database } = deps;
  const rows = await database.db
    .selectFrom('push_deliveries')
    .select(['status', 'reason', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('notification_id', '=', id)
    .groupBy(['status', 'reason'])
    .execute();
  const counts = { total: 0, delivered: 0, expired: 0, failed: 0 };
  const reasons: Record<string, number> = {};
  for (const r of rows) {
    const n = Number(r.n);
    counts.total += n;
    if (r.status === 'delivered') counts.delivered += n;
    else if (r.status === 'expired') counts.expired += n;
    else if (r.status === 'failed') {
      counts.failed += n;
      const reason = String(r.reason ?? 'unknown');
      reasons[reason] = (reasons[reason] ?? 0) + n;
    }
  }
  const now = iso(database, deps.clock.now());
  const status = counts.total > 0 && counts.delivered === 0 ? 'failed' : 'sent';
  const model = modelOf('push_notifications');
  return database.db.transaction().execute(async (trx) => {
    const after = await trx
      .updateTable('push_notifications')
      .set({
        total_count: counts.total,
        sent_count: counts.delivered + counts.expired + counts.failed,
        delivered_count: counts.delivered,
        expired_count: counts.expired,
        failed_count: counts.failed,
        failure_reasons: toDb(database.dialect, 'json', reasons),
        updated_at: now,
        ...(finish ? { status, finished_at: now } : {}),
      })
      .where('id', '=', id)
      .where('client_id', '=', clientId)
      .returning(model.readColumns)
      .executeTakeFirst();
    if (finish && after) {
      const ctx: WriteContext = { db: trx, dialect: database.dialect, clientId, actor: PUSH_ACTOR, apiBase: '' };
      await recordAudit(ctx, 'update', 'push_notifications', String(id), { status: { before: 'sending', after: status } });
    }
    return after;
  });
}

async function announce(deps: SendDeps, clientId: number, id: number, row: Record<string, unknown> | undefined) {
  if (!row) return;
  const event: ChangeEvent = { clientId, type: 'push_notifications', id: String(id), action: 'update', actor: PUSH_ACTOR, before: row, after: row };
  await deps.bus.publish([event]);
}

/** Makes the notification `sending` with its delivery rows, once; false when there is nothing to send. */
async function begin(deps: SendDeps, clientId: number, id: number): Promise<boolean> {
  const { database } = deps;
  return database.db.transaction().execute(async (trx) => {
    const n = await trx.selectFrom('push_notifications').select(['status']).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
    if (!n) return false;
    if (n.status === 'sending') return true;
    if (n.status !== 'scheduled') return false;
    const now = iso(database, deps.clock.now());
    const ids = (await recipientsQuery(trx, database.dialect, clientId, id).execute()).map((r) => Number(r.subscription_id));
    for (let i = 0; i < ids.length; i += INSERT_CHUNK)
      await trx
        .insertInto('push_deliveries')
        .values(ids.slice(i, i + INSERT_CHUNK).map((subscriptionId) => ({ client_id: clientId, notification_id: id, subscription_id: subscriptionId, status: 'pending', created_at: now })))
        .onConflict((oc) => oc.columns(['notification_id', 'subscription_id']).doNothing())
        .execute();
    await trx.updateTable('push_notifications').set({ status: 'sending', started_at: now, updated_at: now }).where('id', '=', id).execute();
    const ctx: WriteContext = { db: trx, dialect: database.dialect, clientId, actor: PUSH_ACTOR, apiBase: '' };
    await recordAudit(ctx, 'update', 'push_notifications', String(id), { status: { before: 'scheduled', after: 'sending' } });
    return true;
  });
}

/** The link and image every payload of the notification carries. */
async function extrasOf(db: DB, id: number, imageId: unknown, publicUrl: string | null): Promise<{ link: PushPayload['link']; image: string | null }> {
  const links = await db.selectFrom('push_notification_links').select(['name', 'target_type', 'target_id']).where('push_notification_id', '=', id).where('name', '!=', 'targets').execute();
  const first = links[0];
  const link = first ? { type: String(first.target_type) as 'articles', id: String(first.target_id) } : null;
  const image = imageId == null ? null : await db.selectFrom('images').select('path').where('id', '=', Number(imageId)).executeTakeFirst();
  // The image service's variant for notifications; absolute when the public origin is configured.
  return { link, image: image ? `${publicUrl ?? ''}/img/fit-in/720x720/${String(image.path).replace(/^\/+/, '')}` : null };
}

export async function sendPushNotification(deps: SendDeps, clientId: number, id: number): Promise<void> {
  const { database } = deps;
  if (!(await begin(deps, clientId, id))) return;
  const run = randomUUID();
  // Rows a dead run claimed may have gone out: counting them as failed is safer than a second copy.
  await database.db
    .updateTable('push_deliveries')
    .set({ status: 'failed', reason: 'interrupted', finished_at: iso(database, deps.clock.now()) })
    .where('notification_id', '=', id)
    .where('status', '=', 'claimed')
    .execute();
  const n = await database.db.selectFrom('push_notifications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const vapid = vapidSigner(await vapidKeysOf(database, clientId, deps.clock.now()), deps.config.push.vapidSubject);
  const { link, image } = await extrasOf(database.db, id, n.image_id, deps.config.publicUrl);
  await announce(deps, clientId, id, await refreshCounts(deps, clientId, id, false));
  for (;;) {
    const claimed = await database.db
      .updateTable('push_deliveries')
      .set({ status: 'claimed', claimed_by: run, claimed_at: iso(database, deps.clock.now()) })
      .where('id', 'in', (() => {
        const q = database.db.selectFrom('push_deliveries').select('id').where('notification_id', '=', id).where('status', '=', 'pending').orderBy('id').limit(deps.config.push.batch);
        return database.dialect === 'postgres' ? q.forUpdate().skipLocked() : q;
      })())
      .returning(['id', 'subscription_id'])
      .execute();
    if (!claimed.length) break;
    const subs = await database.db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint', 'p256dh', 'auth', 'locale'])
      .where('id', 'in', claimed.map((c) => Number(c.subscription_id)).filter((v) => v > 0).concat([0]))
      .execute();
    const byId = new Map(subs.map((s) => [Number(s.id), s]));
    const outcomes = new Map<number, Outcome>();
    const recipients: Recipient[] = [];
    for (const c of claimed) {
      const s = byId.get(Number(c.subscription_id));
      // Unsubscribed since the rows were made.
      if (!s) outcomes.set(Number(c.id), { status: 'failed', reason: 'unsubscribed' });
      else recipients.push({ deliveryId: Number(c.id), subscriptionId: Number(s.id), endpoint: String(s.endpoint), p256dh: String(s.p256dh), auth: String(s.auth), locale: String(s.locale) });
    }
    const payloads = new Map<string, string>();
    await pool(recipients, deps.config.push.concurrency, async (r) => {
      let payload = payloads.get(r.locale);
      if (!payload) payloads.set(r.locale, (payload = payloadFor(n, r.locale, link, image)));
      outcomes.set(r.deliveryId, await deliver(r, payload, vapid, deps));
    });
    await record(deps, id, run, recipients, outcomes);
    await announce(deps, clientId, id, await refreshCounts(deps, clientId, id, false));
  }
  await announce(deps, clientId, id, await refreshCounts(deps, clientId, id, true));
}

/** Writes a batch's outcomes, grouped so that a batch costs a few statements; removes expired subscriptions. */
async function record(deps: SendDeps, id: number, run: string, recipients: Recipient[], outcomes: Map<number, Outcome>) {
  const { database } = deps;
  const now = iso(database, deps.clock.now());
  const groups = new Map<string, number[]>();
  for (const [deliveryId, o] of outcomes) {
    const key = JSON.stringify([o.status, o.reason]);
    groups.set(key, [...(groups.get(key) ?? []), deliveryId]);
  }
  const expired = recipients.filter((r) => outcomes.get(r.deliveryId)?.status === 'expired').map((r) => r.subscriptionId);
  await database.db.transaction().execute(async (trx) => {
    for (const [key, ids] of groups) {
      const [status, reason] = JSON.parse(key) as [string, string | null];
      // Only rows this run still holds: a run taken for dead (its lease ran out) cannot overwrite what the next one decided.
      await trx
        .updateTable('push_deliveries')
        .set({ status, reason, finished_at: now })
        .where('id', 'in', ids)
        .where('notification_id', '=', id)
        .where('status', '=', 'claimed')
        .where('claimed_by', '=', run)
        .execute();
    }
    if (expired.length) await trx.deleteFrom('push_subscriptions').where('id', 'in', expired).execute();
  });
}

/** Wires the send job into a running server. */
export function startPushSender(deps: SendDeps & { worker: JobWorker | null }): void {
  setPushClock(deps.clock);
  // Staff watching the list hear each batch's counts on /cable's ContentChannel.
  addContentType('push_notifications');
  deps.worker?.handle(PUSH_SEND_JOB, async (job: Job) => {
    const p = job.payload as { clientId: number; id: number };
    await sendPushNotification(deps, p.clientId, p.id);
  });
}
