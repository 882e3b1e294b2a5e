import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database, DB } from '../db/database';
import { PUBLIC_PREFIX, type FanAccess } from '../fan-api/fans';
import type { Clock } from '../jobs/clock';
import { notFound } from '../jsonapi/errors';
import { parsePage, type RawQuery } from '../jsonapi/query';
import type { Row } from '../jsonapi/read';
import { declarePublicType, vouchPublic } from '../jsonapi/public-projection';
import { JSONAPI_MEDIA_TYPE } from '../jsonapi/routes';
import { fromDb } from '../db/values';
import type { ChangeBus } from '../realtime/change-bus';
import { startQuizAttempt, type StartedAttempt } from './attempt-starts';
import { submitQuizAttempt } from './attempts';
import { publishedQuizzes } from './open-quiz';
import { quizCaches } from './quiz-cache';

type ImageRow = { id: unknown; path: string; alt_text_pl: string | null; alt_text_en: string | null };
const imageOf = (images: Map<unknown, ImageRow>, id: unknown) => {
  const image = id == null ? undefined : images.get(id);
  return image ? { path: image.path, alt_text_pl: image.alt_text_pl, alt_text_en: image.alt_text_en } : null;
};

/** A quiz's questions in order and their answers in order, with images; never which answers are correct. */
async function questionsOf(db: DB, clientId: number, quizId: number) {
  const questions = await db.selectFrom('quiz_questions').select(['id', 'text', 'position', 'image_id']).where('client_id', '=', clientId).where('quiz_id', '=', quizId).orderBy('position').orderBy('id').execute();
  const questionIds = questions.map((q) => q.id as number);
  const answers = questionIds.length
    ? await db.selectFrom('quiz_answers').select(['id', 'quiz_question_id', 'text', 'position', 'image_id']).where('client_id', '=', clientId).where('quiz_question_id', 'in', questionIds).orderBy('position').orderBy('id').execute()
    : [];
  return { questions, answers };
}

async function imagesOf(db: DB, rows: Row[]): Promise<Map<unknown, ImageRow>> {
  const ids = [...new Set(rows.map((r): unknown => r.image_id).filter((v) => v != null))] as number[];
  const found = ids.length ? ((await db.selectFrom('images').select(['id', 'path', 'alt_text_pl', 'alt_text_en']).where('id', 'in', ids).execute()) as ImageRow[]) : [];
  return new Map(found.map((r) => [r.id, r]));
}

const ref = (type: string) => (r: Row) => ({ type, id: String(r.id) });

/**
 * Quizzes as fans read them before playing: the quiz and how many questions it has. The questions
 * themselves come with the attempt's start (`startDocument`), when the server's clock runs: read
 * beforehand, they could be answered at leisure and sent in the fastest time.
 */
export async function publicQuizDocuments(db: DB, clientId: number, quizzes: Row[], now: Date) {
  const quizIds = quizzes.map((q) => q.id as number);
  const counts = new Map(
    (quizIds.length
      ? await db.selectFrom('quiz_questions').select(['quiz_id', (eb) => eb.fn.countAll<number | string>().as('n')]).where('client_id', '=', clientId).where('quiz_id', 'in', quizIds).groupBy('quiz_id').execute()
      : []
    ).map((r) => [Number(r.quiz_id), Number(r.n)]),
  );
  const images = await imagesOf(db, quizzes);
  const data = quizzes.map((q) => {
    const from = fromDb('datetime', q.open_from) as string | null;
    const until = fromDb('datetime', q.open_until) as string | null;
    return {
      type: 'quizzes',
      id: String(q.id),
      attributes: {
        // Read by the projection (only published quizzes leave), never shown.
        is_published: true,
        title: q.title,
        description: q.description ?? null,
        time_limit_seconds: Number(q.time_limit_seconds),
        attempts_per_fan: Number(q.attempts_per_fan),
        open_from: from,
        open_until: until,
        is_open: (!from || now.getTime() >= Date.parse(from)) && (!until || now.getTime() < Date.parse(until)),
        image: imageOf(images, q.image_id),
        question_count: counts.get(Number(q.id)) ?? 0,
      },
    };
  });
  return data;
}

/** A started attempt with its quiz's questions and answers, which the fan reads from now on (kept until they change: quiz-cache.ts). */
async function startDocument(database: Database, quiz: Row, started: StartedAttempt) {
  const clientId = Number(quiz.client_id);
  const { questions, answers, images } = await quizCaches(database).questions.load(Number(quiz.id), async () => {
    const read = await questionsOf(database.db, clientId, Number(quiz.id));
    return { ...read, images: await imagesOf(database.db, [...read.questions, ...read.answers]) };
  });
  return {
    data: {
      type: 'quiz_attempt_starts',
      id: started.id,
      attributes: { started_at: new Date(started.startedAt).toISOString(), expires_at: new Date(started.expiresAt).toISOString() },
      relationships: { quiz: { data: { type: 'quizzes', id: String(quiz.id) } }, quiz_questions: { data: questions.map(ref('quiz_questions')) } },
    },
    included: [
      ...questions.map((x) => ({
        type: 'quiz_questions',
        id: String(x.id),
        attributes: { text: x.text as string, position: Number(x.position), image: imageOf(images, x.image_id) },
        relationships: { quiz_answers: { data: answers.filter((a) => a.quiz_question_id === x.id).map(ref('quiz_answers')) } },
      })),
      ...answers.map((a) => ({ type: 'quiz_answers', id: String(a.id), attributes: { text: a.text as string, position: Number(a.position), image: imageOf(images, a.image_id) } })),
    ],
    meta: { token: started.token },
  };
}

/** A fan's own start of an attempt: when the clock started and ends, and the questions it holds. */
declarePublicType('quiz_attempt_starts', { reach: 'own', attributes: ['started_at', 'expires_at'], relationships: ['quiz', 'quiz_questions'] });

/**
 * The fan-facing quiz calls (issue 10): published quizzes of a client (`?client=`), and a fan's
 * attempt with their fan token. Staff manage quizzes through /api/v3.
 */
export function registerQuizRoutes(app: FastifyInstance, deps: { config: Config; database: Database; clock: Clock; bus: ChangeBus; fans: FanAccess }) {
  const { database, clock, fans } = deps;
  const columns = ['id', 'title', 'description', 'time_limit_seconds', 'attempts_per_fan', 'open_from', 'open_until', 'image_id'] as const;

  app.get(`${PUBLIC_PREFIX}/quizzes`, async (request, reply) => {
    const { clientId } = await fans.publicClient(request);
    const raw = request.query as RawQuery;
    const page = parsePage(Object.fromEntries(Object.entries(raw).filter(([k]) => k.startsWith('page'))));
    const total = Number((await publishedQuizzes(database.db, database.dialect, clientId).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await publishedQuizzes(database.db, database.dialect, clientId)
      .select([...columns])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset((page.number - 1) * page.size)
      .execute();
    reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-cache');
    return { data: await publicQuizDocuments(database.db, clientId, rows, clock.now()), meta: { total, page: page.number, size: page.size } };
  });

  app.get<{ Params: { id: string } }>(`${PUBLIC_PREFIX}/quizzes/:id`, async (request, reply) => {
    const { clientId } = await fans.publicClient(request);
    const { id } = request.params;
    const row = /^[1-9]\d{0,14}$/.test(id) ? await publishedQuizzes(database.db, database.dialect, clientId).select([...columns]).where('id', '=', Number(id)).executeTakeFirst() : undefined;
    if (!row) throw notFound('quizzes', id);
    const [data] = await publicQuizDocuments(database.db, clientId, [row], clock.now());
    reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-cache');
    return { data };
  });

  // A fan starts an attempt: the server's clock starts, and the token the attempt sends back.
  app.post<{ Params: { id: string } }>(`${PUBLIC_PREFIX}/quizzes/:id/attempt_starts`, async (request, reply) => {
    const fan = await fans.requireFan(request, reply, { write: true });
    const { quiz, started } = await startQuizAttempt(deps, fan, request.params.id);
    vouchPublic(request, 'quizzes', String(quiz.id));
    reply.code(201).type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-store');
    return startDocument(database, quiz, started);
  });

  // A fan's attempt: answers per question and its start's token; the score, the time (the server's) and place come back.
  app.post<{ Params: { id: string } }>(`${PUBLIC_PREFIX}/quizzes/:id/attempts`, async (request, reply) => {
    const fan = await fans.requireFan(request, reply, { write: true });
    const { row, rank } = await submitQuizAttempt(deps, fan, request.params.id, request.body);
    vouchPublic(request, 'quizzes', String(row.quiz_id));
    reply.code(201).type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-store');
    return {
      data: {
        type: 'quiz_user_attempts',
        id: String(row.id),
        attributes: {
          score: Number(row.score),
          max_score: Number(row.max_score),
          time_taken_ms: Number(row.time_taken_ms),
          submitted_at: fromDb('datetime', row.submitted_at),
          rank,
        },
        relationships: { quiz: { data: { type: 'quizzes', id: String(row.quiz_id) } } },
      },
    };
  });
}
