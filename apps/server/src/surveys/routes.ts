import type { FastifyInstance } from 'fastify';
import { aggregateSurveyResults, isSurveyOpen, type SurveyQuestionKind, type SurveyResults } from '@umpire/schema';
import { requireAbility } from '../jsonapi/access';
import type { Config } from '../config';
import type { Database, DB } from '../db/database';
import type { Clock } from '../jobs/clock';
import { apiError } from '../jsonapi/errors';
import { findRow, recordDocument } from '../jsonapi/read';
import { modelOf } from '../jsonapi/model';
import { parsePage, type RawQuery } from '../jsonapi/query';
import { vouchPublic } from '../jsonapi/public-projection';
import { API_PREFIX, JSONAPI_MEDIA_TYPE, requestApiBase, withQueryStats } from '../jsonapi/routes';
import { fromDb } from '../db/values';
import type { ChangeBus } from '../realtime/change-bus';
import { createAsFan } from '../fan-api/fan-writes';
import { PUBLIC_PREFIX, type FanAccess } from '../fan-api/fans';
import { setSurveyClock, surveyWindowOf } from './survey-rules';

/** Free-text answers shown with the results, newest first. */
const TEXTS_SHOWN = 200;

/** A survey's results: counts per option from the choices of its user answers. */
export async function surveyResults(db: DB, clientId: number, surveyId: number): Promise<SurveyResults> {
  const scoped = <T extends string>(table: T) => db.selectFrom(table as 'survey_user_answer_choices').where('client_id', '=', clientId);
  const [respondents, questions, optionCounts, questionCounts, texts] = await Promise.all([
    db.selectFrom('survey_user_answers').select((eb) => eb.fn.countAll().as('n')).where('client_id', '=', clientId).where('survey_id', '=', surveyId).executeTakeFirst(),
    db.selectFrom('survey_questions').select(['id', 'prompt', 'kind', 'position']).where('client_id', '=', clientId).where('survey_id', '=', surveyId).execute(),
    scoped('survey_user_answer_choices').select(['answer_id', (eb) => eb.fn.countAll().as('n')]).where('survey_id', '=', surveyId).where('answer_id', 'is not', null).groupBy('answer_id').execute(),
    scoped('survey_user_answer_choices').select(['question_id', (eb) => eb.fn.count('user_answer_id').distinct().as('n')]).where('survey_id', '=', surveyId).groupBy('question_id').execute(),
    scoped('survey_user_answer_choices').select(['question_id', 'text']).where('survey_id', '=', surveyId).where('text', 'is not', null).orderBy('id', 'desc').limit(TEXTS_SHOWN).execute(),
  ]);
  const questionIds = questions.map((q) => q.id as number);
  const options = questionIds.length
    ? await db.selectFrom('survey_answers').select(['id', 'question_id', 'text', 'position']).where('client_id', '=', clientId).where('question_id', 'in', questionIds).execute()
    : [];
  return aggregateSurveyResults({
    respondents: Number(respondents?.n ?? 0),
    questions: questions.map((q) => ({ id: String(q.id), prompt: String(q.prompt), kind: q.kind as SurveyQuestionKind, position: Number(q.position) })),
    options: options.map((o) => ({ id: String(o.id), question_id: String(o.question_id), text: String(o.text), position: Number(o.position) })),
    optionCounts: optionCounts.map((c) => ({ answer_id: String(c.answer_id), count: Number(c.n) })),
    questionCounts: questionCounts.map((c) => ({ question_id: String(c.question_id), count: Number(c.n) })),
    texts: texts.map((t) => ({ question_id: String(t.question_id), text: String(t.text) })),
  });
}

/** Published surveys as fans read them: questions with their options in order, and whether answers are taken now. */
async function publicSurveys(db: DB, clientId: number, rows: Record<string, unknown>[], now: Date) {
  const ids = rows.map((r) => r.id as number);
  const questions = ids.length
    ? await db.selectFrom('survey_questions').select(['id', 'survey_id', 'prompt', 'kind', 'required', 'position']).where('client_id', '=', clientId).where('survey_id', 'in', ids).orderBy('position').orderBy('id').execute()
    : [];
  const qIds = questions.map((q) => q.id as number);
  const options = qIds.length
    ? await db.selectFrom('survey_answers').select(['id', 'question_id', 'text']).where('client_id', '=', clientId).where('question_id', 'in', qIds).orderBy('position').orderBy('id').execute()
    : [];
  return rows.map((r) => {
    const window = surveyWindowOf(r);
    return {
      type: 'surveys',
      id: String(r.id),
      attributes: {
        // Read by the projection (drafts never leave), and shown.
        status: r.status,
        title: r.title,
        description: r.description ?? null,
        opens_at: window.opens_at,
        closes_at: window.closes_at,
        open: isSurveyOpen(window, now),
        questions: questions
          .filter((q) => Number(q.survey_id) === Number(r.id))
          .map((q) => ({
            id: String(q.id),
            prompt: String(q.prompt),
            kind: String(q.kind),
            required: fromDb('boolean', q.required) === true,
            answers: options.filter((o) => Number(o.question_id) === Number(q.id)).map((o) => ({ id: String(o.id), text: String(o.text) })),
          })),
      },
    };
  });
}

export function registerSurveyRoutes(app: FastifyInstance, deps: { config: Config; database: Database; bus: ChangeBus; clock: Clock; fans: FanAccess }) {
  const { config, database, clock, fans } = deps;
  const db = database.db;
  setSurveyClock(clock);

  // Staff: the results of one survey, live while it is open (the admin refreshes them).
  app.get<{ Params: { id: string } }>(`${API_PREFIX}/surveys/:id/results`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'read', 'surveys');
      const survey = await findRow({ db, dialect: database.dialect, clientId: auth.clientId, apiBase: '' }, modelOf('surveys'), request.params.id);
      const results = await surveyResults(db, auth.clientId, Number(survey.id));
      reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'private, no-store');
      return { data: { type: 'survey_results', id: String(survey.id), attributes: { ...results, open: isSurveyOpen(surveyWindowOf(survey), clock.now()) } } };
    }),
  );

  const published = (clientId: number) => db.selectFrom('surveys').selectAll().where('client_id', '=', clientId).where('status', '=', 'published');

  app.get(`${PUBLIC_PREFIX}/surveys`, async (request, reply) => {
    const { clientId } = await fans.publicClient(request);
    const page = parsePage(Object.fromEntries(Object.entries(request.query as RawQuery).filter(([k]) => k.startsWith('page'))));
    const total = Number((await published(clientId).clearSelect().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await published(clientId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.size).offset((page.number - 1) * page.size).execute();
    reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-cache');
    return { data: await publicSurveys(db, clientId, rows, clock.now()), meta: { total, page: page.number, size: page.size } };
  });

  app.get<{ Params: { id: string } }>(`${PUBLIC_PREFIX}/surveys/:id`, async (request, reply) => {
    const { clientId } = await fans.publicClient(request);
    const id = /^[1-9]\d{0,14}$/.test(request.params.id) ? Number(request.params.id) : 0;
    const row = id ? await published(clientId).where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) throw apiError(404, 'notFound.record', { values: { type: 'surveys', id: JSON.stringify(request.params.id) } });
    reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-cache');
    return { data: (await publicSurveys(db, clientId, [row], clock.now()))[0] };
  });

  // A fan answers a published survey inside its window, once.
  app.post(`${PUBLIC_PREFIX}/survey_user_answers`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const fan = await fans.requireFan(request, reply, { write: true });
      await requirePublishedSurvey(db, fan.clientId, request.body);
      const apiBase = requestApiBase(request, config);
      const row = await createAsFan({ database, bus: deps.bus, apiBase }, fan, 'survey_user_answers', request.body);
      const doc = await recordDocument({ db, dialect: database.dialect, clientId: fan.clientId, apiBase }, modelOf('survey_user_answers'), row, { include: {}, fields: new Map() });
      vouchPublic(request, 'surveys', String(row.survey_id));
      reply.code(201).type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-store');
      return { data: { ...doc.data, links: undefined } };
    }),
  );
}

/** A draft survey is not there for fans: 404 like a missing one. */
async function requirePublishedSurvey(db: DB, clientId: number, body: unknown): Promise<void> {
  const id = (body as { data?: { relationships?: { survey?: { data?: { id?: unknown } } } } } | null)?.data?.relationships?.survey?.data?.id;
  if (typeof id !== 'string' || !/^[1-9]\d{0,14}$/.test(id)) return; // the engine names what is wrong with the body
  const row = await db.selectFrom('surveys').select('status').where('client_id', '=', clientId).where('id', '=', Number(id)).executeTakeFirst();
  if (row && row.status === 'draft') throw apiError(404, 'notFound.record', { values: { type: 'surveys', id: JSON.stringify(id) } });
}
