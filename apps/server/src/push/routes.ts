import type { FastifyInstance, FastifyReply } from 'fastify';
import { clubTopic, competitionTopic, DEFAULT_FAN_ALERT_KINDS, MATCH_ALERT_KINDS, NEWS_TOPIC } from '@umpire/schema';
import type { Config } from '../config';
import type { Database, DB } from '../db/database';
import type { Clock } from '../jobs/clock';
import { ApiError, apiError } from '../jsonapi/errors';
import { declarePublicType } from '../jsonapi/public-projection';
import { JSONAPI_MEDIA_TYPE } from '../jsonapi/routes';
import { toDb } from '../db/values';
import { PUBLIC_PREFIX, type Fan, type FanAccess } from '../fan-api/fans';
import { readSubscription, type SubscriptionInput } from './subscription-input';
import { vapidKeysOf } from './vapid';

/**
 * The fan side of push (issue 10): the client's VAPID public key (what a browser's
 * `pushManager.subscribe({applicationServerKey})` needs), and a fan's subscriptions: register the
 * browser's PushSubscription with the topics and language chosen, change them, unsubscribe.
 *
 * What a fan follows (issue 41): topics (`club:12`, `match:155`, `competition:3`) and the kinds of
 * match alert they want (`alert_kinds`). Wanting news is having the topic staff write news to
 * (NEWS_TOPIC), so staff-written news reach them as before; the other kinds are a column the
 * alerts' recipients are chosen by. An account fan's follows are the account's: a change on one
 * device is made on each of their subscriptions, and a new device starts with them.
 */
const SUBSCRIPTIONS = `${PUBLIC_PREFIX}/push/subscriptions`;

declarePublicType('push_vapid_keys', { reach: 'capability', attributes: ['public_key'] });
declarePublicType('push_topics', { reach: 'capability', attributes: ['kind', 'name'] });
/** A fan's own subscriptions: their browser's endpoint is theirs alone. */
declarePublicType('push_subscriptions', { reach: 'own', attributes: ['endpoint', 'platform', 'locale', 'topics', 'alert_kinds'] });

/** The column's kinds (comma-separated, news aside) and the news topic, as the fan's alert kinds. */
function alertKindsOf(column: unknown, topics: string[]): string[] {
  const stored = String(column ?? '').split(',');
  return MATCH_ALERT_KINDS.filter((k) => (k === 'news' ? topics.includes(NEWS_TOPIC) : stored.includes(k)));
}

/** Topics with the news topic there exactly when the fan wants news. */
const withNews = (topics: string[], kinds: string[]) => [...topics.filter((t) => t !== NEWS_TOPIC), ...(kinds.includes('news') ? [NEWS_TOPIC] : [])];
const kindsColumn = (kinds: string[]) => kinds.filter((k) => k !== 'news').join(',');

async function topicsOf(db: DB, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db.selectFrom('push_subscription_topics').select(['subscription_id', 'topic']).where('subscription_id', 'in', ids).orderBy('topic').execute();
  for (const r of rows) out.get(Number(r.subscription_id))?.push(String(r.topic));
  return out;
}

const document = (row: Record<string, unknown>, topics: string[]) => ({
  type: 'push_subscriptions',
  id: String(row.id),
  attributes: { endpoint: row.endpoint, platform: row.platform, locale: row.locale, topics, alert_kinds: alertKindsOf(row.alert_kinds, topics) },
});
const COLUMNS = ['id', 'endpoint', 'platform', 'locale', 'alert_kinds'] as const;

export function registerPushRoutes(app: FastifyInstance, deps: { config: Config; database: Database; clock: Clock; fans: FanAccess }) {
  const { config, database, clock, fans } = deps;
  const db = database.db;
  const nowDb = () => toDb(database.dialect, 'datetime', clock.now().toISOString());

  async function setTopics(trx: DB, fan: Fan, subscriptionId: number, topics: string[]) {
    await trx.deleteFrom('push_subscription_topics').where('subscription_id', '=', subscriptionId).execute();
    if (topics.length)
      await trx.insertInto('push_subscription_topics').values(topics.map((topic) => ({ client_id: fan.clientId, subscription_id: subscriptionId, topic }))).execute();
  }

  /** What a subscription follows: its topics and its alert kinds (news among them when it has the news topic). */
  async function followsOf(trx: DB, subscriptionId: number): Promise<{ topics: string[]; kinds: string[] }> {
    const row = await trx.selectFrom('push_subscriptions').select('alert_kinds').where('id', '=', subscriptionId).executeTakeFirst();
    const topics = (await topicsOf(trx, [subscriptionId])).get(subscriptionId) ?? [];
    return { topics, kinds: alertKindsOf(row?.alert_kinds, topics) };
  }

  /**
   * Writes what the fan follows on a subscription: the topics and kinds given, the rest as it was
   * (a new subscription: as on the account's other devices, else nothing and the default kinds).
   * Topics given without kinds keep the kinds, news following the news topic (older apps send
   * topics only). An account fan's follows are then written on each of their subscriptions.
   */
  async function writeFollows(trx: DB, fan: Fan, subscriptionId: number, input: SubscriptionInput, created: boolean) {
    if (!created && !input.topics && !input.alertKinds) return;
    const other =
      created && fan.kind === 'account'
        ? await trx
            .selectFrom('push_subscriptions')
            .select('id')
            .where('client_id', '=', fan.clientId)
            .where('fan_id', '=', fan.id)
            .where('id', '!=', subscriptionId)
            .orderBy('updated_at', 'desc')
            .orderBy('id', 'desc')
            .executeTakeFirst()
        : undefined;
    const base = other ? await followsOf(trx, Number(other.id)) : created ? { topics: [], kinds: [...DEFAULT_FAN_ALERT_KINDS] } : await followsOf(trx, subscriptionId);
    const given = input.topics;
    const kinds = input.alertKinds ?? (given ? [...base.kinds.filter((k) => k !== 'news'), ...(given.includes(NEWS_TOPIC) ? ['news'] : [])] : base.kinds);
    const topics = withNews(given ?? base.topics, kinds);
    const ids =
      fan.kind === 'account'
        ? (await trx.selectFrom('push_subscriptions').select('id').where('client_id', '=', fan.clientId).where('fan_id', '=', fan.id).execute()).map((r) => Number(r.id))
        : [subscriptionId];
    await trx.updateTable('push_subscriptions').set({ alert_kinds: kindsColumn(kinds) }).where('id', 'in', ids).execute();
    for (const id of ids) await setTopics(trx, fan, id, topics);
  }

  async function own(fan: Fan, id: string) {
    const row = /^[1-9]\d{0,14}$/.test(id)
      ? await db.selectFrom('push_subscriptions').selectAll().where('id', '=', Number(id)).where('client_id', '=', fan.clientId).where('fan_id', '=', fan.id).executeTakeFirst()
      : undefined;
    if (!row) throw apiError(404, 'notFound.record', { values: { type: 'push_subscriptions', id } });
    return row;
  }

  async function answer(reply: FastifyReply, status: number, id: number) {
    const row = await db.selectFrom('push_subscriptions').select([...COLUMNS]).where('id', '=', id).executeTakeFirstOrThrow();
    reply.code(status).type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-store');
    return { data: document(row, (await topicsOf(db, [id])).get(id) ?? []) };
  }

  app.get(`${PUBLIC_PREFIX}/push/vapid_public_key`, async (request, reply) => {
    const { clientId, clientSlug } = await fans.publicClient(request);
    const keys = await vapidKeysOf(database, clientId, clock.now());
    reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'public, max-age=300');
    return { data: { type: 'push_vapid_keys', id: clientSlug, attributes: { public_key: keys.publicKey } } };
  });

  // What a fan may choose: each club's fans, each competition's, and the other topics staff target.
  app.get(`${PUBLIC_PREFIX}/push/topics`, async (request, reply) => {
    const { clientId } = await fans.publicClient(request);
    const clubs = await db.selectFrom('clubs').select(['id', 'name']).where('client_id', '=', clientId).orderBy('name').orderBy('id').execute();
    const competitions = await db.selectFrom('competitions').select(['id', 'name']).where('client_id', '=', clientId).orderBy('display_order').orderBy('name').execute();
    const topics = await db
      .selectFrom('push_notification_targets')
      .select('topic')
      .distinct()
      .where('client_id', '=', clientId)
      .where('topic', 'is not', null)
      .orderBy('topic')
      .execute();
    reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'public, max-age=60');
    return {
      data: [
        ...clubs.map((c) => ({ type: 'push_topics', id: clubTopic(String(c.id)), attributes: { kind: 'club', name: String(c.name) } })),
        ...competitions.map((c) => ({ type: 'push_topics', id: competitionTopic(String(c.id)), attributes: { kind: 'competition', name: String(c.name) } })),
        ...topics.map((t) => ({ type: 'push_topics', id: String(t.topic), attributes: { kind: 'topic', name: String(t.topic) } })),
      ],
    };
  });

  app.get(SUBSCRIPTIONS, async (request, reply) => {
    const fan = await fans.requireFan(request, reply);
    const rows = await db.selectFrom('push_subscriptions').select([...COLUMNS]).where('client_id', '=', fan.clientId).where('fan_id', '=', fan.id).orderBy('id').execute();
    const topics = await topicsOf(db, rows.map((r) => Number(r.id)));
    reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-store');
    return { data: rows.map((r) => document(r, topics.get(Number(r.id)) ?? [])) };
  });

  // Subscribing the same browser again (new keys, another fan on it) updates its one row.
  app.post(SUBSCRIPTIONS, async (request, reply) => {
    const fan = await fans.requireFan(request, reply, { write: true });
    const { input, errors } = readSubscription(request.body, { create: true, allowLoopback: config.push.allowLoopback });
    if (errors.length) throw ApiError.many(errors);
    const now = nowDb();
    const { id, created } = await db.transaction().execute(async (trx) => {
      const known = await trx.selectFrom('push_subscriptions').select('id').where('client_id', '=', fan.clientId).where('endpoint', '=', input.endpoint!).executeTakeFirst();
      const values = { fan_id: fan.id, p256dh: input.p256dh!, auth: input.auth!, platform: input.platform ?? 'web', locale: input.locale ?? 'pl', updated_at: now };
      let subscriptionId: number;
      if (known) {
        subscriptionId = Number(known.id);
        await trx.updateTable('push_subscriptions').set(values).where('id', '=', subscriptionId).execute();
      } else {
        const row = await trx
          .insertInto('push_subscriptions')
          .values({ ...values, client_id: fan.clientId, endpoint: input.endpoint!, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        subscriptionId = Number(row.id);
      }
      await writeFollows(trx, fan, subscriptionId, input, !known);
      return { id: subscriptionId, created: !known };
    });
    return answer(reply, created ? 201 : 200, id);
  });

  app.patch<{ Params: { id: string } }>(`${SUBSCRIPTIONS}/:id`, async (request, reply) => {
    const fan = await fans.requireFan(request, reply, { write: true });
    const row = await own(fan, request.params.id);
    const { input, errors } = readSubscription(request.body, { create: false, allowLoopback: config.push.allowLoopback });
    if (errors.length) throw ApiError.many(errors);
    const id = Number(row.id);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('push_subscriptions')
        .set({ ...(input.platform ? { platform: input.platform } : {}), ...(input.locale ? { locale: input.locale } : {}), updated_at: nowDb() })
        .where('id', '=', id)
        .execute();
      await writeFollows(trx, fan, id, input, false);
    });
    return answer(reply, 200, id);
  });

  app.delete<{ Params: { id: string } }>(`${SUBSCRIPTIONS}/:id`, async (request, reply) => {
    const fan = await fans.requireFan(request, reply, { write: true });
    const row = await own(fan, request.params.id);
    await db.deleteFrom('push_subscriptions').where('id', '=', Number(row.id)).execute();
    return reply.code(204).send();
  });
}
