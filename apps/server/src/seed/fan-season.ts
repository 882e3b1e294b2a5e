import { createECDH, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { clubTopic } from '@umpire/schema';
import { buildApp } from '../app';
import type { Config } from '../config';
import { seedAppConfig } from './seed-app';
import type { Database } from '../db/database';
import { ManualClock } from '../jobs/clock';
import type { WriteContext } from '../jsonapi/context';
import { modelOf } from '../jsonapi/model';
import { fromDb, toDb } from '../db/values';
import { createRecord, updateRecord } from '../jsonapi/write';
import type { Row } from '../jsonapi/read';
import { cancelJobs } from '../jobs/queue';
import { pushJobKey } from '../push/push-rules';
import type { PushTransport } from '../push/push-request';
import { sendPushNotification } from '../push/sender';
import { settleMatch } from '../match-predictor/settlement';
import type { Storage } from '../storage/storage';
import { ChangeBus } from '../realtime/change-bus';
import type { DemoQuiz } from './demo-quizzes';
import { DEMO_COMMENTS, type DemoSurveyAnswers } from './engagement';
import type { HeldBackRounds } from './season';
import { mulberry32 } from './season';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const CLIENT_SLUG = 'ekstraklasa-demo';

/**
 * The demo's one set of fans (issue 10): every fan activity of the demo is one of theirs. The last
 * one is the quiz cheat staff banned.
 */
export const DEMO_FANS = [
  'Kibic z Żylety', 'Kolejorz1922', 'Jaga_Białystok', 'Biała Gwiazda', 'Pasy na zawsze', 'Portowiec', 'Ślązak z Chorzowa', 'Medalik',
  'Zabrzanin', 'Wojskowy', 'Gieksa Fan', 'Duma Pomorza', 'Lechia Gdańsk', 'Miedziowy', 'Piast 1945', 'Kibic z Mielca', 'Radomiak', 'Motor Lublin',
  'Ola z Poznania', 'Kuba z Warszawy', 'Ania z Krakowa', 'Tomek z Gdyni', 'Marta z Łodzi', 'Piotrek z Wrocławia', 'Kasia ze Szczecina',
  'Bartek z Katowic', 'Zosia z Lublina', 'Michał z Płocka', 'Ewa z Kielc', 'Adam z Częstochowy', 'Szybki Bill',
] as const;
const CHEAT = DEMO_FANS.length - 1;
/** Fans who play the predictor: most of them (not the cheat). */
const PREDICTORS = 16;

/** What the demo's staff made in the seed's transaction, for its fans to use. */
export interface FanSeasonInput {
  database: Database;
  storage: Storage;
  clientId: number;
  now: Date;
  quizzes: DemoQuiz[];
  surveys: DemoSurveyAnswers[];
  /** The last played rounds, scheduled: fans predict them before kick-off, then they are played. */
  heldBack: HeldBackRounds;
}

class SeedCallError extends Error {}

/** The parts of the fan API's answers the seed reads. */
interface FanApiDocument {
  data: { id: string };
  meta: { token: string };
}

/**
 * A season of fan activity made through the fan API (`/public/v1`), in process with `inject` on an
 * app of its own, so the real routes, validation, rules and rate limits decide (the limits raised
 * for the seed through FAN_LIMITS, as any installation may). Its clock is a ManualClock set to the
 * moment of each call: fans register weeks ago, predict each held-back match before its kick-off
 * (the rule is not bent: the matches are still to be played then), take the quizzes over the last
 * weeks, answer the surveys while open, comment and report, and subscribe to push. Staff's part
 * (playing the matches, settling, moderating, the ban) goes through the same services as staff's.
 */
export async function seedFanSeason(input: FanSeasonInput): Promise<void> {
  const { database, storage, clientId, now, heldBack } = input;
  const config = seedAppConfig({ FAN_LIMITS: 'fan=100000/60,address=1000000/60,register=10000/3600' });
  const kickoffs = await database.db.selectFrom('matches').select(['id', 'kickoff_at']).where('client_id', '=', clientId).where('id', 'in', heldBack.matchIds.length ? heldBack.matchIds : [0]).execute();
  const kickoffOf = new Map(kickoffs.map((m) => [Number(m.id), Date.parse(String(fromDb('datetime', m.kickoff_at)))]));
  const firstKickoff = Math.min(now.getTime() - 21 * DAY, ...kickoffOf.values());
  const clock = new ManualClock(firstKickoff - 5 * DAY);
  const bus = new ChangeBus(database);
  const app = await buildApp({ config, database, bus, storage, clock });
  try {
    const call = fanCaller(app);
    const rnd = mulberry32(clientId * 7919 + 10);

    // Fans register their devices over a few days.
    const tokens: string[] = [];
    for (const [i, name] of DEMO_FANS.entries()) {
      clock.advance(Math.floor(rnd() * 4 * HOUR));
      const registered = await call('POST', `/fans?client=${CLIENT_SLUG}`, { data: { type: 'fans', attributes: { device_id: `demo-fan-device-${String(i + 1).padStart(4, '0')}`, display_name: name } } });
      tokens.push(registered.meta.token);
    }

    // Predictions of the held-back rounds, each made hours before its match's kick-off, in time order.
    const goals = () => [0, 0, 1, 1, 1, 2, 2, 3][Math.floor(rnd() * 8)];
    const predict = (fan: number, matchId: number) =>
      call('POST', '/match_predictors/predictions', { data: { type: 'match_predictor_predictions', attributes: { home_score: goals(), away_score: goals() }, relationships: { match: { data: { type: 'matches', id: String(matchId) } } } } }, tokens[fan]);
    const early: [at: number, fan: number, match: number][] = [];
    for (let fan = 0; fan < PREDICTORS; fan++)
      for (const [match, kickoff] of kickoffOf) if (rnd() >= 0.15) early.push([kickoff - Math.floor((1 + rnd() * 47) * HOUR), fan, match]);
    for (const [at, fan, match] of early.sort((a, b) => a[0] - b[0])) {
      clock.set(at);
      await predict(fan, match);
    }
    // The matches are played, and settled as their end settles them.
    const played = await database.db.transaction().execute((trx) => heldBack.play(trx));
    const scope = { db: database.db, dialect: database.dialect, clientId };
    for (const id of played) await settleMatch(scope, id, now);

    // Quizzes over the last three weeks, each attempt started, then sent as long after as the fan
    // took (the server times it); the cheat's perfect seven seconds are banned by staff, and the
    // same fan's second try is refused.
    const attempt = async (quizId: number | string, answers: { question: string; answers: string[] }[], ms: number, token: string) => {
      const start = await call('POST', `/quizzes/${quizId}/attempt_starts`, {}, token);
      clock.advance(ms);
      return call('POST', `/quizzes/${quizId}/attempts`, attemptBody(answers, start.meta.token), token);
    };
    clock.set(now.getTime() - 20 * DAY);
    const published = input.quizzes.filter((q) => q.published);
    for (const quiz of published) {
      const count = quiz === input.quizzes[0] ? CHEAT : 18;
      for (let fan = 0; fan < count; fan++) {
        clock.advance(Math.floor(rnd() * 8 * HOUR));
        const skill = rnd();
        const answers = quiz.questions.map((q) => {
          const right = q.answers.filter((a) => a.correct).map((a) => String(a.id));
          const wrong = q.answers.filter((a) => !a.correct).map((a) => String(a.id));
          return { question: String(q.id), answers: rnd() < 0.35 + skill * 0.6 ? right : [wrong[Math.floor(rnd() * wrong.length)]] };
        });
        await attempt(quiz.id, answers, Math.round(quiz.questions.length * (3000 + rnd() * 12000)), tokens[fan]);
      }
    }
    const [history] = input.quizzes;
    const perfect = history.questions.map((q) => ({ question: String(q.id), answers: q.answers.filter((a) => a.correct).map((a) => String(a.id)) }));
    const fast = await attempt(history.id, perfect, 7000, tokens[CHEAT]);
    const staff: WriteContext = { db: database.db, dialect: database.dialect, clientId, apiBase: '', actor: 'moderator', events: [] };
    await database.db.transaction().execute((db) =>
      updateRecord({ ...staff, db }, modelOf('quiz_user_attempts'), fast.data.id, { data: { type: 'quiz_user_attempts', id: fast.data.id, attributes: { is_banned: true } } }),
    );
    clock.advance(HOUR);
    // A second try of the cheat's: refused at its start (one attempt each), and counted on the quiz.
    await call('POST', `/quizzes/${history.id}/attempt_starts`, {}, tokens[CHEAT], 409);

    // Survey answers, while each survey is open.
    for (const survey of input.surveys) {
      clock.set(Math.max(survey.opensAt, now.getTime() - 3 * DAY));
      for (const [fan, answers] of survey.answers.entries()) {
        clock.advance(Math.floor(rnd() * 6 * HOUR));
        await call('POST', '/survey_user_answers', { data: { type: 'survey_user_answers', attributes: { answers }, relationships: { survey: { data: { type: 'surveys', id: survey.id } } } } }, tokens[fan]);
      }
    }

    // Comments on the latest articles and the last played matches; fans report what they can see.
    clock.set(now.getTime() - DAY);
    const articles = await database.db
      .selectFrom('article_translations')
      .select('article_id')
      .distinct()
      .where('client_id', '=', clientId)
      .where('locale', '=', 'pl')
      .where('visible', '=', toDb(database.dialect, 'boolean', true) as boolean)
      .orderBy('article_id')
      .execute();
    const matches = await database.db.selectFrom('matches').select('id').where('client_id', '=', clientId).where('status', '=', 'finished').orderBy('kickoff_at', 'desc').limit(2).execute();
    for (const c of DEMO_COMMENTS) {
      const target: unknown = c.on === 'article' ? articles[c.index]?.article_id : matches[c.index]?.id;
      if (target == null) continue;
      clock.advance(Math.floor(rnd() * HOUR));
      const relationships = { [c.on]: { data: { type: c.on === 'article' ? 'articles' : 'matches', id: String(target) } } };
      const comment = await call('POST', '/comments', { data: { type: 'comments', attributes: { body: c.body }, relationships } }, tokens[c.fan]);
      const id = comment.data.id;
      const moderate = (status: string) =>
        database.db.transaction().execute((db) => updateRecord({ ...staff, db }, modelOf('comments'), id, { data: { type: 'comments', id, attributes: { status } } }));
      // Under pre-moderation fans see (and report) a comment once it is approved; the spam is hidden after its reports.
      if (c.status !== 'pending') await moderate('approved');
      for (const fan of c.reports ?? []) await call('POST', `/comments/${id}/reports`, undefined, tokens[fan]);
      if (c.status === 'hidden') await moderate('hidden');
    }

    // Push: a third of the fans let their browser subscribe, following their club and the news.
    clock.set(now.getTime() - 2 * DAY);
    const clubs = await database.db.selectFrom('clubs').select('id').where('client_id', '=', clientId).orderBy('id').execute();
    const subscriptions: string[] = [];
    for (let fan = 0; fan < DEMO_FANS.length; fan += 3) {
      clock.advance(Math.floor(rnd() * 2 * HOUR));
      // Legia's fans (the first club) are most of them, so a club's notification reaches a few.
      const topics = [clubTopic(String(clubs[fan % 2 ? 0 : fan % clubs.length].id)), ...(fan % 2 ? ['news'] : [])];
      const subscription = browserSubscription(fan);
      await call('POST', '/push/subscriptions', { data: { type: 'push_subscriptions', attributes: { ...subscription, platform: 'web', locale: fan % 5 ? 'pl' : 'en', topics } } }, tokens[fan]);
      subscriptions.push(subscription.endpoint);
    }

    await seedDemoPush({ app, database, clientId, now, clock, staff, config, bus, gone: subscriptions[1] });

    // The next round's predictions are being made now.
    const next = await database.db
      .selectFrom('matches')
      .select(['id', 'round_id', 'kickoff_at'])
      .where('client_id', '=', clientId)
      .where('status', '=', 'not_started')
      .where('kickoff_at', '>', toDb(database.dialect, 'datetime', now.toISOString()) as never)
      .orderBy('kickoff_at')
      .execute();
    const nextRound: unknown = next[0]?.round_id;
    clock.set(now.getTime() - 6 * HOUR);
    for (let fan = 0; fan < PREDICTORS; fan++) {
      clock.advance(Math.floor(rnd() * 10 * 60_000));
      for (const m of next.filter((x) => x.round_id === nextRound)) if (rnd() >= 0.15) await predict(fan, Number(m.id));
    }
  } finally {
    await app.close();
  }
}

/**
 * The demo's push notifications: two sent (over the last days) and one scheduled for tomorrow,
 * with their targets, made as staff make them. The sent ones went out through the real sender
 * (recipients of the targets, RFC 8291 encryption, VAPID, claims, outcomes, expired subscriptions
 * removed), so their counts are what it recorded; the vendors' push services the demo browsers
 * subscribed with cannot be reached from a demo machine, so while the seed sends, a stand-in
 * answers for them as they would: accepted, or 410 for the one browser that unsubscribed (`gone`).
 */
async function seedDemoPush(deps: {
  app: FastifyInstance;
  database: Database;
  clientId: number;
  now: Date;
  clock: ManualClock;
  staff: WriteContext;
  config: Config;
  bus: ChangeBus;
  gone: string | undefined;
}) {
  const { database, clientId, now, clock, staff } = deps;
  const create = (type: string, attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}) =>
    database.db.transaction().execute((db) => createRecord({ ...staff, db, actor: 'demo' }, modelOf(type), { data: { type, attributes, relationships } }));
  const legia = await database.db.selectFrom('clubs').select(['id', 'name']).where('client_id', '=', clientId).orderBy('id').executeTakeFirstOrThrow();
  const everyone = await create('push_notification_targets', { name: 'Wszyscy kibice (przeglądarki)', platform: 'web', segment: 'everyone' });
  const news = await create('push_notification_targets', { name: 'Wiadomości ligi', platform: 'all', segment: 'everyone', topic: 'news' });
  const club = await create('push_notification_targets', { name: `Kibice: ${String(legia.name)}`, platform: 'all', segment: 'everyone' }, { club: { data: { type: 'clubs', id: String(legia.id) } } });
  const targets = (...rows: Row[]) => ({ targets: { data: rows.map((r) => ({ type: 'push_notification_targets', id: String(r.id) })) } });
  const article = await database.db.selectFrom('articles').select('id').where('client_id', '=', clientId).orderBy('id').executeTakeFirst();
  const sent = [
    {
      at: now.getTime() - 3 * DAY,
      attributes: { title_pl: 'Nowy quiz: Historia Ekstraklasy', title_en: 'New quiz: Ekstraklasa history', body_pl: 'Sprawdź, ile wiesz o mistrzach i rekordach ligi. Do wygrania koszulka z autografami!', body_en: 'How much do you know about the league’s champions and records? A signed shirt to win!' },
      relationships: targets(everyone),
    },
    {
      at: now.getTime() - 20 * HOUR,
      attributes: { title_pl: 'Skrót hitu kolejki już dostępny', title_en: 'Highlights of the match of the round', body_pl: 'Zobacz bramki i najważniejsze akcje.', body_en: 'Watch the goals and the key moments.' },
      relationships: { ...targets(news, club), ...(article ? { article: { data: { type: 'articles', id: String(article.id) } } } : {}) },
    },
  ];
  const transport = standInPushServices(new Set(deps.gone ? [deps.gone] : []));
  for (const n of sent) {
    clock.set(n.at);
    const row = await create('push_notifications', { ...n.attributes, status: 'scheduled', send_at: new Date(n.at).toISOString() }, n.relationships);
    await sendPushNotification({ config: deps.config, database, bus: deps.bus, clock, transport }, clientId, Number(row.id));
    // Sent: its job (placed by the schedule) has nothing left to do.
    await cancelJobs(database.db, pushJobKey(String(row.id)));
  }
  clock.set(now.getTime() - HOUR);
  // Tomorrow's, left to the server's job worker.
  const tomorrow = new Date(now.getTime() + DAY);
  tomorrow.setUTCHours(16, 0, 0, 0);
  await create(
    'push_notifications',
    { title_pl: 'Jutro gra Twoja drużyna!', title_en: 'Your team plays tomorrow!', body_pl: 'Sprawdź składy i zapowiedź meczu.', body_en: 'Check the line-ups and the preview.', status: 'scheduled', send_at: tomorrow.toISOString() },
    targets(club),
  );
  await create('push_notifications', { title_pl: 'Wyniki ankiety: piłkarz miesiąca', body_pl: 'Kibice wybrali! Zobacz, kto wygrał.', status: 'draft' }, targets(everyone));
}

const PUSH_SERVICES = /^https:\/\/(fcm\.googleapis\.com|updates\.push\.services\.mozilla\.com)\//;

/**
 * The vendors' push services (unreachable from a demo machine) answered in process: what they
 * check (an encrypted body, VAPID), then 201, or 410 for a gone browser.
 */
function standInPushServices(gone: Set<string>): PushTransport {
  return async (endpoint, request) => {
    if (!PUSH_SERVICES.test(endpoint)) throw new Error(`the demo knows no push service at ${endpoint}`);
    const headers = new Headers(request.headers);
    if (headers.get('content-encoding') !== 'aes128gcm' || !/^vapid t=.+, k=.+/.test(headers.get('authorization') ?? '') || !request.body?.byteLength) return { status: 400 };
    return { status: gone.has(endpoint) ? 410 : 201 };
  };
}

const attemptBody = (answers: { question: string; answers: string[] }[], startToken: string) => ({ data: { type: 'quiz_user_attempts', attributes: { answers, start_token: startToken } } });

/** What a browser's PushManager.subscribe() hands over: a push service endpoint, a P-256 key and an auth secret. */
function browserSubscription(fan: number) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const id = randomBytes(24).toString('base64url');
  const endpoint = fan % 4 === 1 ? `https://updates.push.services.mozilla.com/wpush/v2/${id}` : `https://fcm.googleapis.com/fcm/send/${id}`;
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

/** Calls `/public/v1` in process; anything but the expected status stops the seed with the answer. */
function fanCaller(app: FastifyInstance) {
  return async (method: 'GET' | 'POST', path: string, body?: unknown, token?: string, expect?: number) => {
    const res = await app.inject({
      method,
      url: `/public/v1${path}`,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/vnd.api+json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    const ok = expect === undefined ? res.statusCode < 300 : res.statusCode === expect;
    if (!ok) throw new SeedCallError(`seed: ${method} /public/v1${path} answered ${res.statusCode} ${res.body.slice(0, 500)}`);
    return (res.body ? res.json() : {}) as FanApiDocument;
  };
}
