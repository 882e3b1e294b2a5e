import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import webpush from 'web-push';
import { clubTopic, type PushPayload } from '@umpire/schema';
import { recordAudit } from '../jsonapi/audit';
import type { Config } from '../config';
import type { Database, DB } from '../db/database';
import type { Clock } from '../jobs/clock';
import { enqueue, type Job } from '../jobs/queue';
import type { JobWorker } from '../jobs/worker';
import type { ChangeEvent, WriteContext } from '../jsonapi/context';
import { modelOf } from '../jsonapi/model';
import { pushMessages } from '../telemetry/metrics';
import { inSpan } from '../telemetry/spans';
import { toDb } from '../db/values';
import type { ChangeBus } from '../realtime/change-bus';
import { addContentType } from '../realtime/content-types';
import { encryptForSubscription, paddedPayload } from './encrypt';
import { alertTopicsOf } from './match-alerts';
import { PUSH_SEND_JOB, pushJobKey, setPushClock } from './push-rules';
import { sendToPushService, type PushRequest, type PushResponse, type PushTransport } from './push-request';
import { vapidKeysOf, type VapidKeys } from './vapid';

/**
 * Sends a notification when its job comes (issues 10 and 25).
 *
 * The send job prepares, in one transaction: the notification becomes `sending`, its first
 * recipients are resolved in SQL straight into delivery rows (INSERT … SELECT, one per notification
 * × subscription, unique), so no list of subscriptions is ever held in memory, and
 * `config.push.runners` runner jobs are queued; the rest of the rows follow in chunks while the
 * runners send (preparePushNotification). A match alert's recipients are its match's followers who
 * want its kind (alertRecipientsQuery), and it carries its tag as the Web Push Topic.
 * Runners are jobs that every instance's runner worker takes, one at a time (app.ts), so the send
 * spreads over the instances from its start. A runner claims batches of pending rows (pending → claimed under its run id; FOR UPDATE
 * SKIP LOCKED on PostgreSQL, serialised writes on SQLite) before anything goes out, so two runners
 * never hold the same row; it encrypts each message (encrypt.ts), posts it (push-request.ts) and
 * records the outcomes: delivered (2xx), expired (404/410: the subscription is removed) or failed
 * with the reason. After a slice of `config.push.sliceMs` it queues its own continuation and returns, so that
 * another instance may take the next slice.
 *
 * A runner that dies leaves its rows claimed. Once their lease (the job lease, JOB_LEASE_MS) has
 * run out, the next runner counts them failed (`interrupted`) instead of sending again: no browser
 * gets a notification twice. Rows of a runner still inside its lease are left to it.
 *
 * Counts are kept cheap: each batch adds its outcomes to the notification's counters in the
 * transaction that records them (x = x + n); the failure reasons and the exact counts are read
 * once, by the runner that finds nothing pending and nothing claimed, which finalises the
 * notification with a guarded UPDATE (status = 'sending'), so exactly once.
 */
export const PUSH_ACTOR = 'system:push';
export const PUSH_RUN_JOB = 'push.run';
/** The bus signal that makes every instance's job workers look now (a send's runners were queued). */
export const JOBS_WAKE_SIGNAL = 'jobs.wake';
/** Staff watching the list hear the counts at most this often (and at the end). */
const ANNOUNCE_MS = 1_000;
/** How long a push service keeps a message for an offline browser (24 hours). */
const TTL = String(24 * 3600);
/** VAPID tokens are signed for 12 hours and reused until an hour before they expire. */
const VAPID_VALID_S = 12 * 3600;
const VAPID_MARGIN_S = 3600;

export interface SendDeps {
  config: Config;
  database: Database;
  bus: ChangeBus;
  clock: Clock;
  /** How messages go out; the push services themselves unless a stand-in is given. */
  transport?: PushTransport;
  /** Jobs were queued to run now: the workers (this instance's and the others') look at once rather than at their next poll. */
  wake?: () => void;
}

type Status = 'delivered' | 'expired' | 'failed';
type Outcome = { status: Status; reason: string | null };
const DELIVERED: Outcome = { status: 'delivered', reason: null };
const UNSUBSCRIBED: Outcome = { status: 'failed', reason: 'unsubscribed' };

/** A claimed delivery row with its subscription (null endpoint: unsubscribed since the rows were made). */
interface Claimed {
  id: number;
  subscription_id: number | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  locale: string | null;
}

/** One claimed batch: its rows in id order, under a claim token of its own. */
interface Batch {
  token: string;
  rows: Claimed[];
}

const iso = (database: Database, at: Date) => toDb(database.dialect, 'datetime', at.toISOString()) as string;
const runnerKey = (id: number, k: number) => `${pushJobKey(id)}:run:${k}`;

/** Subscriptions reached by a notification's targets (platform, segment of fans, topic and club). */
export function recipientsQuery(db: DB, dialect: Database['dialect'], clientId: number, notificationId: number) {
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
    );
}

/** What the sender reads of a notification to know who gets it. */
interface Addressed {
  id: number;
  origin: string;
  alert_kind: string | null;
  alert_tag: string | null;
  alert_match_id: number | null;
}

/**
 * The subscriptions a match alert reaches (issue 41): those of the league's fans (not banned) that
 * follow the match, either club or the competition and want alerts of its kind (`alert_kinds`);
 * each once, however many of those it follows. An alert that follows one of its tag that went out
 * (a correction, a corrected incident) reaches only the subscriptions that one was delivered to:
 * nobody is told of a change to what they never received.
 */
export async function alertRecipientsQuery(db: DB, dialect: Database['dialect'], clientId: number, n: Addressed) {
  const subscriptions = db
    .selectFrom('push_subscriptions as s')
    .innerJoin('fans as f', 'f.id', 's.fan_id')
    .where('s.client_id', '=', clientId)
    .where('f.is_banned', '=', toDb(dialect, 'boolean', false) as boolean);
  const wentOut = db
    .selectFrom('push_notifications as p')
    .select('p.id')
    .where('p.client_id', '=', clientId)
    .where('p.origin', '=', 'match_alert')
    .where('p.alert_tag', '=', n.alert_tag ?? '')
    .where('p.id', '<', n.id)
    .where('p.status', 'in', ['sending', 'sent', 'failed']);
  if (n.alert_kind === 'correction' || (await wentOut.limit(1).executeTakeFirst()))
    return subscriptions.where('s.id', 'in', db.selectFrom('push_deliveries as d').select('d.subscription_id').where('d.notification_id', 'in', wentOut).where('d.status', '=', 'delivered'));
  const topics = n.alert_match_id == null ? [] : await alertTopicsOf(db, clientId, Number(n.alert_match_id));
  return subscriptions
    .where('s.id', 'in', db.selectFrom('push_subscription_topics as st').select('st.subscription_id').where('st.client_id', '=', clientId).where('st.topic', 'in', topics.length ? topics : ['']))
    .where(sql<boolean>`(',' || ${sql.ref('s.alert_kinds')} || ',') like ${`%,${n.alert_kind ?? ''},%`}`);
}

const isAlert = (n: Record<string, unknown>) => n.origin === 'match_alert';

function payloadFor(n: Record<string, unknown>, locale: string, link: PushPayload['link'], image: string | null): string {
  const en = locale === 'en' && n.title_en;
  const payload: PushPayload = {
    notification_id: String(n.id),
    locale: en ? 'en' : 'pl',
    title: String(en ? n.title_en : n.title_pl),
    body: String((en ? n.body_en : null) ?? n.body_pl),
    image,
    link,
    // A match alert's tag: the service worker shows it under this tag, so its correction replaces it.
    ...(isAlert(n) ? { tag: (n.alert_tag as string | null) ?? null, kind: (n.alert_kind as string | null) ?? null } : {}),
  };
  return JSON.stringify(payload);
}

/** RFC 8030 §5.4: a topic is at most 32 characters of the URL-safe base64 alphabet. */
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Headers of a match alert's messages: its tag as the Web Push `Topic`, so a push service still
 * holding the alert for an offline browser replaces it with its correction (RFC 8030 §5.4), and
 * `Urgency: high` (a goal is news now, on a phone saving its battery too).
 */
function alertHeaders(n: Record<string, unknown>): Record<string, string> {
  if (!isAlert(n)) return {};
  const headers: Record<string, string> = { urgency: 'high' };
  if (typeof n.alert_tag === 'string' && TOPIC.test(n.alert_tag)) headers.topic = n.alert_tag;
  return headers;
}


/**
 * The VAPID Authorization of one push service (origin) for one key pair, signed once and reused
 * while it is valid (an hour's margin): signing per message would cost more than the encryption.
 * Process-wide, so every runner slice of every notification shares it.
 */
const vapidHeaders = new Map<string, { header: string; until: number }>();
function vapidFor(vapid: VapidKeys, subject: string, origin: string, nowS: number): { header: string; until: number } {
  const key = `${vapid.publicKey} ${subject} ${origin}`;
  const cached = vapidHeaders.get(key);
  if (cached && cached.until > nowS) return cached;
  // Push services check the token against their own (real) time, never a test's clock.
  const header = webpush.getVapidHeaders(origin, subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', nowS + VAPID_VALID_S).Authorization;
  const made = { header, until: nowS + VAPID_VALID_S - VAPID_MARGIN_S };
  vapidHeaders.set(key, made);
  return made;
}

/**
 * The Authorization of an endpoint's push service, for one runner: its origin is read from the
 * endpoint's text (`https://host[:port]` up to the path) and looked up in a map of a few entries,
 * with URL parsing and the process-wide cache only for an origin the runner has not seen yet.
 */
function authorizations(vapid: VapidKeys, subject: string) {
  const byOrigin = new Map<string, { header: string; until: number }>();
  return (endpoint: string, nowS: number): string => {
    const slash = endpoint.indexOf('/', endpoint.indexOf('//') + 2);
    const raw = slash > 0 ? endpoint.slice(0, slash) : endpoint;
    let known = byOrigin.get(raw);
    if (!known || known.until <= nowS) {
      known = vapidFor(vapid, subject, new URL(endpoint).origin, nowS);
      if (byOrigin.size >= 1000) byOrigin.clear();
      byOrigin.set(raw, known);
    }
    return known.header;
  };
}

const failure = (reason: string): Outcome => ({ status: 'failed', reason: reason.slice(0, 200) });

/** A push service's answer as an outcome: delivered (2xx), expired (404/410: the subscription is removed), failed. */
function outcomeOf(error: Error | null, res: PushResponse | null): Outcome {
  if (error) {
    const e = error as Error & { code?: string; cause?: { code?: string } };
    return failure(String(e.name === 'TimeoutError' ? 'timeout' : (e.code ?? e.cause?.code ?? e.name ?? 'network error')));
  }
  const status = res!.status;
  if (status >= 200 && status < 300) return DELIVERED;
  if (status === 404 || status === 410) return { status: 'expired', reason: `HTTP ${status}` };
  return failure(`HTTP ${status}`);
}

interface SendContext {
  deps: SendDeps;
  plaintextFor: (locale: string) => Buffer;
  authorizationFor: (endpoint: string, nowS: number) => string;
  /** Headers every message of the notification carries (a match alert's Topic and Urgency). */
  headers: Record<string, string>;
  /** Messages in flight at most, for this batch. */
  limit: number;
}

/**
 * Encrypts and posts every message of a batch, `limit` at a time, and gives their outcomes (in the
 * batch's order). Callbacks, not a promise per message: each answer starts the next message in the
 * same tick, and the batch costs one promise. Never rejects: every failure is an outcome with its reason.
 */
function sendBatch(rows: Claimed[], ctx: SendContext): Promise<Outcome[]> {
  const { deps, limit } = ctx;
  const { timeoutMs, allowLoopback } = deps.config.push;
  const outcomes = new Array<Outcome>(rows.length);
  return new Promise((resolve) => {
    let next = 0;
    let inFlight = 0;
    let nowS = Math.floor(Date.now() / 1000);
    const settle = (i: number, o: Outcome) => {
      outcomes[i] = o;
      inFlight--;
      if (next < rows.length) pump();
      else if (!inFlight) resolve(outcomes);
    };
    const pump = () => {
      nowS = Math.floor(Date.now() / 1000);
      while (inFlight < limit && next < rows.length) {
        const i = next++;
        const r = rows[i];
        inFlight++;
        if (r.endpoint == null) {
          settle(i, UNSUBSCRIBED);
          continue;
        }
        let request: PushRequest;
        try {
          const body = encryptForSubscription(ctx.plaintextFor(r.locale ?? 'pl'), r.p256dh ?? '', r.auth ?? '');
          request = {
            method: 'POST',
            headers: {
              authorization: ctx.authorizationFor(r.endpoint, nowS),
              ttl: TTL,
              'content-encoding': 'aes128gcm',
              'content-type': 'application/octet-stream',
              'content-length': String(body.length),
              ...ctx.headers,
            },
            body,
            timeoutMs,
            allowLoopback,
          };
        } catch (err) {
          settle(i, failure(`encryption: ${(err as Error).message}`));
          continue;
        }
        // Connections are kept per push service, and the address a fan gave is checked where the
        // connection is made (push-request.ts).
        if (deps.transport) deps.transport(r.endpoint, request).then((res) => settle(i, outcomeOf(null, res)), (err: Error) => settle(i, outcomeOf(err, null)));
        else sendToPushService(r.endpoint, request, (err, res) => settle(i, outcomeOf(err, res)));
      }
    };
    if (!rows.length) resolve(outcomes);
    else pump();
  });
}

/**
 * sendBatch, its outcomes counted (/metrics) and, tracing, in a span (`push.send`: the messages,
 * and how many were delivered, expired or failed). A span per batch, not per message: a send to a
 * million fans would otherwise be a million spans, more than any exporter's queue keeps.
 */
function sendCounted(rows: Claimed[], ctx: SendContext, id: number): Promise<Outcome[]> {
  return inSpan('push.send', { 'umpire.push.notification': id, 'umpire.push.messages': rows.length }, async (span) => {
    const outcomes = await sendBatch(rows, ctx);
    const tally = emptyTally();
    for (const o of outcomes) tally[o.status]++;
    for (const outcome of ['delivered', 'expired', 'failed'] as const) if (tally[outcome]) pushMessages.inc({ outcome }, tally[outcome]);
    span?.setAttributes({ 'umpire.push.delivered': tally.delivered, 'umpire.push.expired': tally.expired, 'umpire.push.failed': tally.failed });
    return outcomes;
  });
}

type Tally = Record<Status, number>;
const emptyTally = (): Tally => ({ delivered: 0, expired: 0, failed: 0 });

/** Adds outcomes to the notification's counters, in the transaction that wrote them. */
async function addCounts(trx: DB, id: number, t: Tally, now: string) {
  const n = t.delivered + t.expired + t.failed;
  if (!n) return;
  await trx
    .updateTable('push_notifications')
    .set({
      sent_count: sql`sent_count + ${n}`,
      delivered_count: sql`delivered_count + ${t.delivered}`,
      expired_count: sql`expired_count + ${t.expired}`,
      failed_count: sql`failed_count + ${t.failed}`,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

async function announce(deps: SendDeps, clientId: number, id: number, row: Record<string, unknown> | undefined) {
  if (!row) return;
  const event: ChangeEvent = { clientId, type: 'push_notifications', id: String(id), action: 'update', actor: PUSH_ACTOR, before: row, after: row };
  await deps.bus.publish([event]);
}

async function readRow(deps: SendDeps, id: number) {
  return deps.database.db.selectFrom('push_notifications').select(modelOf('push_notifications').readColumns).where('id', '=', id).executeTakeFirst();
}

// When each notification's counts were last announced by this process.
const announced = new Map<number, number>();
async function announceSometimes(deps: SendDeps, clientId: number, id: number) {
  const now = Date.now();
  if (now - (announced.get(id) ?? 0) < ANNOUNCE_MS) return;
  announced.set(id, now);
  await announce(deps, clientId, id, await readRow(deps, id));
}

/** Queues the notification's runners (again: a waiting one of the same key is replaced). */
async function queueRunners(db: DB, deps: SendDeps, clientId: number, id: number, runAt: Date) {
  for (let k = 0; k < deps.config.push.runners; k++)
    await enqueue(db, deps.database.dialect, PUSH_RUN_JOB, { clientId, id, runner: k }, { runAt, key: runnerKey(id, k), maxAttempts: 20 }, deps.clock.now());
}

/**
 * The send job: makes the notification `sending` with its first delivery rows and queues its
 * runners, in one transaction, once; the rest of the rows are written a chunk at a time
 * (addRecipients) by a job of its own a moment later (PUSH_RECIPIENTS_JOB), while the runners
 * send. A notification already `sending` (a job run again after a crash) gets its runners and its
 * remaining chunks queued again, which is harmless: runners only take pending rows, and chunks go
 * on from where the last one ended. Returns whether there is something to send.
 */
export async function preparePushNotification(deps: SendDeps, clientId: number, id: number, opts: { queue?: boolean } = {}): Promise<boolean> {
  const { database } = deps;
  const now = deps.clock.now();
  const nowDb = iso(database, now);
  const queue = opts.queue !== false;
  const started = await database.db.transaction().execute(async (trx) => {
    const n = await trx.selectFrom('push_notifications').select(['status']).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
    if (!n || (n.status !== 'scheduled' && n.status !== 'sending')) return false;
    if (n.status === 'scheduled') {
      // The guard makes a second send job (another instance) a no-op; on PostgreSQL it also waits for the first.
      const taken = await trx.updateTable('push_notifications').set({ status: 'sending', started_at: nowDb, updated_at: nowDb }).where('id', '=', id).where('status', '=', 'scheduled').executeTakeFirst();
      if (!Number(taken.numUpdatedRows)) return false;
      await addRecipients(trx, deps, clientId, id, chunkOf(deps, true), nowDb);
      const ctx: WriteContext = { db: trx, dialect: database.dialect, clientId, actor: PUSH_ACTOR, apiBase: '' };
      await recordAudit(ctx, 'update', 'push_notifications', String(id), { status: { before: 'scheduled', after: 'sending' } });
    }
    if (queue) {
      await queueRunners(trx, deps, clientId, id, now);
      // The rest of the recipients a moment later, once the runners have taken and sent their first
      // batches: on SQLite's one connection they would otherwise wait behind every chunk.
      await enqueue(trx, database.dialect, PUSH_RECIPIENTS_JOB, { clientId, id }, { runAt: new Date(now.getTime() + RECIPIENTS_DELAY_MS), key: `${pushJobKey(id)}:recipients`, maxAttempts: 20 }, now);
    }
    return true;
  });
  if (!started) return false;
  if (queue) deps.wake?.();
  await announce(deps, clientId, id, await readRow(deps, id));
  if (!queue) await writeRemainingRecipients(deps, clientId, id, false);
  return true;
}

/** How long after the first chunk the rest of a send's recipients are written (PUSH_RECIPIENTS_JOB). */
const RECIPIENTS_DELAY_MS = 150;
export const PUSH_RECIPIENTS_JOB = 'push.recipients';

/** Writes the recipients left after the first chunk, a chunk a transaction; with `queue`, the runners are queued again after each. */
async function writeRemainingRecipients(deps: SendDeps, clientId: number, id: number, queue: boolean): Promise<void> {
  const nowDb = iso(deps.database, deps.clock.now());
  for (;;) {
    const more = await deps.database.db.transaction().execute(async (trx) => {
      const left = await addRecipients(trx, deps, clientId, id, chunkOf(deps, false), nowDb);
      // Runners that found nothing pending meanwhile ended: the new rows get theirs.
      if (left !== null && queue) await queueRunners(trx, deps, clientId, id, deps.clock.now());
      return left;
    });
    if (more === null) break;
    if (queue) deps.wake?.();
    if (!more) break;
    // SQLite's statements block the event loop: the messages in flight get out between chunks.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * The recipients of a notification are written as delivery rows a chunk at a time, in order of
 * subscription, from where the last chunk ended (`recipients_after`, null once all are written):
 * the first chunk is small, so that the first messages leave within a second of a match alert's
 * commit even when it has 100,000 followers (the whole INSERT … SELECT takes longer), and the runners
 * send while the rest are written. A send job run again (its instance died) goes on where it was.
 * The notification is not finalised (settle) before the last chunk. Returns whether chunks remain,
 * or null when there was nothing to write (all written, or not sending).
 */
// Later chunks of ten times as many: each holds SQLite's one writer for a tenth of a second or so, so other writes get between them.
const chunkOf = (deps: SendDeps, first: boolean) => deps.config.push.firstRecipients * (first ? 1 : 10);

async function addRecipients(trx: DB, deps: SendDeps, clientId: number, id: number, limit: number, nowDb: string): Promise<boolean | null> {
  const { dialect } = deps.database;
  const n = await trx
    .selectFrom('push_notifications')
    .select(['status', 'origin', 'alert_kind', 'alert_tag', 'alert_match_id', 'recipients_after', 'started_at'])
    .where('id', '=', id)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (!n || n.status !== 'sending') return null;
  // Started just now (no chunk yet: no row for it), or a chunk left to write.
  const first = n.recipients_after == null && !(await trx.selectFrom('push_deliveries').select('id').where('notification_id', '=', id).limit(1).executeTakeFirst());
  if (n.recipients_after == null && !first) return null;
  const alert = n.origin === 'match_alert';
  const from = alert
    ? ((await alertRecipientsQuery(trx, dialect, clientId, { ...(n as unknown as Addressed), id })) as unknown as ReturnType<typeof recipientsQuery>)
    : recipientsQuery(trx, dialect, clientId, id);
  const after = n.recipients_after == null ? null : Number(n.recipients_after);
  const recipients = from
    .select([sql.lit(clientId).as('client_id'), sql.lit(id).as('notification_id'), 's.id as subscription_id', sql.lit('pending').as('status'), sql<string>`${sql.val(nowDb)}`.as('created_at')])
    .$if(after !== null, (q) => q.where('s.id', '>', after!))
    // A staff notification's targets may reach a subscription twice; an alert's recipients are
    // subscriptions filtered (IN), each once already, so the database walks them in id order and
    // stops at the chunk's end instead of sorting them all.
    .$if(!alert, (q) => q.distinct())
    .orderBy('s.id')
    .limit(limit);
  const inserted = await trx
    .insertInto('push_deliveries')
    .columns(['client_id', 'notification_id', 'subscription_id', 'status', 'created_at'])
    .expression(dialect === 'postgres' ? sql`select client_id, notification_id, subscription_id, status, cast(created_at as timestamptz) from (${recipients}) as r` : recipients)
    .returning('subscription_id')
    .execute();
  let last = after ?? 0;
  for (const r of inserted) last = Math.max(last, Number(r.subscription_id));
  const more = inserted.length === limit;
  await trx
    .updateTable('push_notifications')
    .set({ total_count: sql`total_count + ${inserted.length}`, recipients_after: more ? last : null })
    .where('id', '=', id)
    .execute();
  return more;
}

/**
 * Sends a notification here and now, start to end, without the job queue (the demo seed, whose
 * stand-in push services are a transport of this process). Runners are queued only if rows of
 * another runner are left to wait for.
 */
export async function sendPushNotification(deps: SendDeps, clientId: number, id: number): Promise<void> {
  if (!(await preparePushNotification(deps, clientId, id, { queue: false }))) return;
  for (;;) {
    const result = await runPushDeliveries(deps, clientId, id);
    if (result.state === 'more') continue;
    if (result.state === 'waiting') await queueRunners(deps.database.db, deps, clientId, id, result.until);
    return;
  }
}

/** Rows claimed by a runner whose lease ran out (it died) are counted failed, never sent again. */
async function interruptLapsed(deps: SendDeps, id: number) {
  const { database } = deps;
  const now = deps.clock.now();
  await database.db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('push_deliveries')
      .set({ status: 'failed', reason: 'interrupted', finished_at: iso(database, now) })
      .where('notification_id', '=', id)
      .where('status', '=', 'claimed')
      .where('claimed_at', '<', iso(database, new Date(now.getTime() - deps.config.jobs.leaseMs)))
      .executeTakeFirst();
    const n = Number(res.numUpdatedRows ?? 0);
    if (n) await addCounts(trx, id, { ...emptyTally(), failed: n }, iso(database, now));
  });
}

export type RunResult =
  /** The slice ended with rows still pending: run again. */
  | { state: 'more' }
  /** Nothing pending; other runners hold rows until `until` (when they are taken for dead). */
  | { state: 'waiting'; until: Date }
  /** This runner finalised the notification. */
  | { state: 'finished' }
  /** Nothing to do: not sending (yet, or any more), or finalised by another runner. */
  | { state: 'idle' };

/**
 * One runner's slice: claims and sends batches until nothing is pending or `sliceMs` has passed,
 * then finalises the notification if no rows are left claimed. Several may run at once, on one
 * instance or many.
 */
export async function runPushDeliveries(deps: SendDeps, clientId: number, id: number, opts: { sliceMs?: number } = {}): Promise<RunResult> {
  const { database } = deps;
  const n = await database.db.selectFrom('push_notifications').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  if (!n || n.status !== 'sending') return { state: 'idle' };
  await interruptLapsed(deps, id);
  const run = randomUUID();
  const vapid = await vapidKeysOf(database, clientId, deps.clock.now());
  const { link, image } = await extrasOf(database.db, id, n.image_id, deps.config.publicUrl);
  const payloads = new Map<string, Buffer>();
  const deadline = performance.now() + (opts.sliceMs ?? Infinity);
  const { concurrency, batch } = deps.config.push;
  // Two lanes, each claiming its own batch: one sends while the other records and claims.
  const lanes = concurrency >= 2 ? 2 : 1;
  const ctx: SendContext = {
    deps,
    plaintextFor: (locale) => {
      let p = payloads.get(locale);
      if (!p) payloads.set(locale, (p = paddedPayload(payloadFor(n, locale, link, image))));
      return p;
    },
    authorizationFor: authorizations(vapid, deps.config.push.vapidSubject),
    headers: alertHeaders(n),
    limit: Math.ceil(concurrency / lanes),
  };
  let batches = 0;
  let more = false;
  const lane = async () => {
    while (performance.now() < deadline) {
      const claimed = await claim(deps, id, `${run}:${batches++}`, batch);
      if (!claimed) return;
      const outcomes = await sendCounted(claimed.rows, ctx, id);
      await record(deps, id, claimed, outcomes);
      await announceSometimes(deps, clientId, id);
    }
    more = true;
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  if (more) {
    const pending = await database.db.selectFrom('push_deliveries').select('id').where('notification_id', '=', id).where('status', '=', 'pending').limit(1).executeTakeFirst();
    if (pending) return { state: 'more' };
  }
  return settle(deps, clientId, id);
}

/**
 * Claims up to `limit` pending rows under `token` (one per batch) and reads them with their
 * subscriptions: one UPDATE, then one read over the id range the claim took (its rows are those
 * of the range still claimed under the token).
 */
async function claim(deps: SendDeps, id: number, token: string, limit: number): Promise<Batch | null> {
  const { database } = deps;
  const pending = database.db.selectFrom('push_deliveries').select('id').where('notification_id', '=', id).where('status', '=', 'pending').orderBy('id').limit(limit);
  const claimed = await database.db
    .updateTable('push_deliveries')
    .set({ status: 'claimed', claimed_by: token, claimed_at: iso(database, deps.clock.now()) })
    .where('id', 'in', database.dialect === 'postgres' ? pending.forUpdate().skipLocked() : pending)
    .returning('id')
    .execute();
  if (!claimed.length) return null;
  let low = Infinity;
  let high = -Infinity;
  for (const c of claimed) {
    const v = Number(c.id);
    if (v < low) low = v;
    if (v > high) high = v;
  }
  const rows = await database.db
    .selectFrom('push_deliveries as d')
    .leftJoin('push_subscriptions as s', 's.id', 'd.subscription_id')
    .select(['d.id', 'd.subscription_id', 's.endpoint', 's.p256dh', 's.auth', 's.locale'])
    .where('d.notification_id', '=', id)
    .where('d.status', '=', 'claimed')
    .where('d.claimed_by', '=', token)
    .where('d.id', '>=', low)
    .where('d.id', '<=', high)
    .orderBy('d.id')
    .execute();
  return { token, rows: rows as unknown as Claimed[] };
}

/**
 * Writes a batch's outcomes and adds them to the counts; removes expired subscriptions. The rows
 * that did not go through (few) are written by id, grouped by reason; then one statement marks
 * the rest of the batch delivered, by its token and id range: no list of ids in the common case.
 * Only rows the batch still holds are written: rows taken for dead (their lease ran out) were counted already.
 */
async function record(deps: SendDeps, id: number, batch: Batch, outcomes: Outcome[]) {
  const { database } = deps;
  const { rows, token } = batch;
  const now = iso(database, deps.clock.now());
  const groups = new Map<string, { o: Outcome; ids: number[] }>();
  const expired: number[] = [];
  let delivered = 0;
  for (let i = 0; i < rows.length; i++) {
    const o = outcomes[i];
    if (o === DELIVERED) {
      delivered++;
      continue;
    }
    const key = `${o.status}\n${o.reason ?? ''}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { o, ids: [] }));
    g.ids.push(Number(rows[i].id));
    if (o.status === 'expired' && rows[i].subscription_id != null) expired.push(Number(rows[i].subscription_id));
  }
  await database.db.transaction().execute(async (trx) => {
    const tally = emptyTally();
    for (const { o, ids } of groups.values()) {
      const res = await trx
        .updateTable('push_deliveries')
        .set({ status: o.status, reason: o.reason, finished_at: now })
        .where('id', 'in', ids)
        .where('notification_id', '=', id)
        .where('status', '=', 'claimed')
        .where('claimed_by', '=', token)
        .executeTakeFirst();
      tally[o.status] += Number(res.numUpdatedRows ?? 0);
    }
    if (delivered) {
      const res = await trx
        .updateTable('push_deliveries')
        .set({ status: 'delivered', reason: null, finished_at: now })
        .where('notification_id', '=', id)
        .where('status', '=', 'claimed')
        .where('claimed_by', '=', token)
        .where('id', '>=', Number(rows[0].id))
        .where('id', '<=', Number(rows[rows.length - 1].id))
        .executeTakeFirst();
      tally.delivered += Number(res.numUpdatedRows ?? 0);
    }
    await addCounts(trx, id, tally, now);
    if (expired.length) await trx.deleteFrom('push_subscriptions').where('id', 'in', expired).execute();
  });
}

/**
 * Finalises the notification when no row is pending or claimed: exact counts and the failure
 * reasons, read once, and `sent` (or `failed` when nothing was delivered). The guarded UPDATE lets
 * exactly one runner do it, however many finish together.
 */
async function settle(deps: SendDeps, clientId: number, id: number): Promise<RunResult> {
  const { database } = deps;
  // Recipients still being written: the preparer queues the runners again after each chunk. Read
  // before the open rows: once it is null, every row has been written.
  const preparing = await database.db.selectFrom('push_notifications').select('recipients_after').where('id', '=', id).executeTakeFirst();
  if (preparing?.recipients_after != null) return { state: 'idle' };
  const open = await database.db
    .selectFrom('push_deliveries')
    .select([(eb) => eb.fn.min('claimed_at').as('first'), (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('notification_id', '=', id)
    .where('status', 'in', ['pending', 'claimed'])
    .executeTakeFirstOrThrow();
  if (Number(open.n) > 0) {
    // Another runner's rows: it finalises when it is done, or the lease tells when it is taken for dead.
    const first = open.first == null ? deps.clock.now() : open.first instanceof Date ? open.first : new Date(String(open.first));
    return { state: 'waiting', until: new Date(first.getTime() + deps.config.jobs.leaseMs + 1000) };
  }
  const rows = await database.db
    .selectFrom('push_deliveries')
    .select(['status', 'reason', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('notification_id', '=', id)
    .groupBy(['status', 'reason'])
    .execute();
  const counts = { total: 0, delivered: 0, expired: 0, failed: 0 };
  const reasons: Record<string, number> = {};
  for (const r of rows) {
    const k = Number(r.n);
    counts.total += k;
    if (r.status === 'delivered') counts.delivered += k;
    else if (r.status === 'expired') counts.expired += k;
    else if (r.status === 'failed') {
      counts.failed += k;
      const reason = String(r.reason ?? 'unknown');
      reasons[reason] = (reasons[reason] ?? 0) + k;
    }
  }
  const now = iso(database, deps.clock.now());
  const status = counts.total > 0 && counts.delivered === 0 ? 'failed' : 'sent';
  const after = await database.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('push_notifications')
      .set({
        total_count: counts.total,
        sent_count: counts.delivered + counts.expired + counts.failed,
        delivered_count: counts.delivered,
        expired_count: counts.expired,
        failed_count: counts.failed,
        failure_reasons: toDb(database.dialect, 'json', reasons),
        status,
        finished_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('client_id', '=', clientId)
      .where('status', '=', 'sending')
      .returning(modelOf('push_notifications').readColumns)
      .executeTakeFirst();
    if (row) {
      const ctx: WriteContext = { db: trx, dialect: database.dialect, clientId, actor: PUSH_ACTOR, apiBase: '' };
      await recordAudit(ctx, 'update', 'push_notifications', String(id), { status: { before: 'sending', after: status } });
    }
    return row;
  });
  if (!after) return { state: 'idle' };
  announced.delete(id);
  await announce(deps, clientId, id, after);
  if (after.origin === 'match_alert') await kickNextAlert(deps, clientId, id);
  return { state: 'finished' };
}

/**
 * Match alerts of one match go out in order (issue 41): an alert's send waits while an earlier one
 * of its match is still scheduled or sending, and starts once that one is finished (kickNextAlert).
 * An earlier alert stuck for longer than this (its send failed for good, its runner died) holds
 * the later ones no longer: late in order beats never.
 */
export const ALERT_ORDER_WAIT_MS = 120_000;
/** How soon a waiting alert's send looks again when no finished alert kicked it. */
const alertRetryMs = (waits: number) => (waits < 5 ? 200 : 1000);

async function earlierAlertPending(deps: SendDeps, clientId: number, id: number): Promise<boolean> {
  const { db } = deps.database;
  const n = await db.selectFrom('push_notifications').select(['origin', 'alert_match_id']).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  if (!n || n.origin !== 'match_alert' || n.alert_match_id == null) return false;
  const since = iso(deps.database, new Date(deps.clock.now().getTime() - ALERT_ORDER_WAIT_MS));
  const earlier = await db
    .selectFrom('push_notifications')
    .select('id')
    .where('client_id', '=', clientId)
    .where('alert_match_id', '=', Number(n.alert_match_id))
    .where('origin', '=', 'match_alert')
    .where('id', '<', id)
    .where('status', 'in', ['scheduled', 'sending'])
    .where('created_at', '>', since)
    .limit(1)
    .executeTakeFirst();
  return !!earlier;
}

/** A finished alert lets the next one of its match go now, rather than at its next look. */
async function kickNextAlert(deps: SendDeps, clientId: number, id: number): Promise<void> {
  const { db, dialect } = deps.database;
  const n = await db.selectFrom('push_notifications').select('alert_match_id').where('id', '=', id).executeTakeFirst();
  if (n?.alert_match_id == null) return;
  const next = await db
    .selectFrom('push_notifications')
    .select('id')
    .where('client_id', '=', clientId)
    .where('alert_match_id', '=', Number(n.alert_match_id))
    .where('origin', '=', 'match_alert')
    .where('id', '>', id)
    .where('status', '=', 'scheduled')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!next) return;
  const now = deps.clock.now();
  await enqueue(db, dialect, PUSH_SEND_JOB, { clientId, id: Number(next.id) }, { runAt: now, key: pushJobKey(Number(next.id)), maxAttempts: 5 }, now);
  deps.wake?.();
}

/** Wires the send and runner jobs into a running server. */
export function startPushSender(deps: SendDeps & { worker: JobWorker | null; runners: JobWorker | null }): void {
  setPushClock(deps.clock);
  // Staff watching the list hear the counts on /cable's ContentChannel.
  addContentType('push_notifications');
  const { worker, runners, bus } = deps;
  const send: SendDeps = {
    ...deps,
    wake: () => {
      worker?.wake();
      runners?.wake();
      void bus.publishSignal(JOBS_WAKE_SIGNAL).catch(() => {});
    },
  };
  deps.worker?.handle(PUSH_SEND_JOB, async (job: Job) => {
    const p = job.payload as { clientId: number; id: number; waits?: number };
    if (await earlierAlertPending(send, p.clientId, p.id)) {
      const waits = (p.waits ?? 0) + 1;
      const now = send.clock.now();
      await enqueue(send.database.db, send.database.dialect, PUSH_SEND_JOB, { ...p, waits }, { runAt: new Date(now.getTime() + alertRetryMs(waits)), key: pushJobKey(p.id), maxAttempts: 5 }, now);
      return;
    }
    // Its runners start at once, here and on the other instances (prepare wakes them), not at their next poll.
    await preparePushNotification(send, p.clientId, p.id);
  });
  deps.worker?.handle(PUSH_RECIPIENTS_JOB, async (job: Job) => {
    const p = job.payload as { clientId: number; id: number };
    await writeRemainingRecipients(send, p.clientId, p.id, true);
  });
  deps.runners?.handle(PUSH_RUN_JOB, async (job: Job) => {
    const p = job.payload as { clientId: number; id: number; runner: number };
    const result = await runPushDeliveries(send, p.clientId, p.id, { sliceMs: deps.config.push.sliceMs });
    // The continuation is a new job of the same key: any instance's worker may take it.
    const next = result.state === 'more' ? deps.clock.now() : result.state === 'waiting' ? result.until : null;
    if (next)
      await enqueue(deps.database.db, deps.database.dialect, PUSH_RUN_JOB, p, { runAt: next, key: runnerKey(p.id, p.runner), maxAttempts: 20 }, deps.clock.now());
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
