import { isSurveyOpen, type SurveyAnswerItem, type SurveyQuestionKind } from '@umpire/schema';
import { errorSpec, type ErrorSpec } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';
import { modelOf } from '../jsonapi/model';
import { defineRules } from '../jsonapi/rules';
import type { WriteContext } from '../jsonapi/context';
import { fromDb } from '../db/values';
import { systemClock, type Clock } from '../jobs/clock';
import { publish } from '../jsonapi/write';
import { fanOf } from '../fan-api/fan-writes';
import type { Row } from '../jsonapi/read';
import { addContentType } from '../realtime/content-types';

/** The time fans' answers are checked against (tests move it). */
let surveyClock: Clock = systemClock;
export function setSurveyClock(clock: Clock): void {
  surveyClock = clock;
}

defineRules('surveys', {
  async validate(_ctx, { row }) {
    const opens = fromDb('datetime', row.opens_at) as string | null;
    const closes = fromDb('datetime', row.closes_at) as string | null;
    if (opens && closes && Date.parse(closes) <= Date.parse(opens))
      return [fieldError('/data/attributes/closes_at', 'closes_at', 'invalidSurveyWindow')];
    return [];
  },
});

interface QuestionFacts {
  id: string;
  prompt: string;
  kind: SurveyQuestionKind;
  required: boolean;
  options: Set<string>;
}

async function questionsOf(ctx: WriteContext, surveyId: number): Promise<Map<string, QuestionFacts>> {
  const questions = await ctx.db.selectFrom('survey_questions').select(['id', 'prompt', 'kind', 'required']).where('client_id', '=', ctx.clientId).where('survey_id', '=', surveyId).execute();
  const ids = questions.map((q) => q.id as number);
  const options = ids.length ? await ctx.db.selectFrom('survey_answers').select(['id', 'question_id']).where('client_id', '=', ctx.clientId).where('question_id', 'in', ids).execute() : [];
  return new Map(
    questions.map((q) => [
      String(q.id),
      {
        id: String(q.id),
        prompt: String(q.prompt),
        kind: q.kind as SurveyQuestionKind,
        required: fromDb('boolean', q.required) === true,
        options: new Set(options.filter((o) => Number(o.question_id) === Number(q.id)).map((o) => String(o.id))),
      },
    ]),
  );
}

/** A user answer fits its survey: its questions, their options, their kinds, the required ones. */
export function checkAnswers(questions: Map<string, QuestionFacts>, answers: SurveyAnswerItem[]): ErrorSpec[] {
  const errors: ErrorSpec[] = [];
  const seen = new Set<string>();
  answers.forEach((item, i) => {
    const at = `/data/attributes/answers/${i}`;
    const q = questions.get(item.question_id);
    if (!q || seen.has(item.question_id)) {
      errors.push(fieldError(`${at}/question_id`, 'question_id', q ? 'unique' : 'surveyQuestionNotInSurvey'));
      return;
    }
    seen.add(item.question_id);
    const picked = item.answer_ids ?? [];
    const kindError = (field: string) => errorSpec(422, 'surveyAnswerKind', { values: { field, kind: q.kind }, source: { pointer: `${at}/${field}` } });
    if (q.kind === 'text') {
      if (picked.length) errors.push(kindError('answer_ids'));
    } else {
      if (item.text !== undefined) errors.push(kindError('text'));
      if (q.kind === 'single' && picked.length > 1) errors.push(kindError('answer_ids'));
      if (new Set(picked).size !== picked.length) errors.push(fieldError(`${at}/answer_ids`, 'answer_ids', 'unique'));
      picked.forEach((id, j) => {
        if (!q.options.has(id)) errors.push(fieldError(`${at}/answer_ids/${j}`, 'answer_ids', 'surveyAnswerNotInQuestion'));
      });
    }
  });
  for (const q of questions.values()) {
    if (!q.required) continue;
    const item = answers.find((a) => a.question_id === q.id);
    const given = item && ((item.answer_ids?.length ?? 0) > 0 || (item.text ?? '').trim() !== '');
    if (!given) errors.push(fieldError('/data/attributes/answers', q.prompt, 'required'));
  }
  return errors;
}

async function surveyRow(ctx: WriteContext, id: unknown): Promise<Row | undefined> {
  return ctx.db.selectFrom('surveys').selectAll().where('client_id', '=', ctx.clientId).where('id', '=', Number(id)).executeTakeFirst();
}

/** The respondents of a survey, kept on its row for lists (derived: its updated_at stays). */
async function recountRespondents(ctx: WriteContext, surveyId: number): Promise<void> {
  const before = await surveyRow(ctx, surveyId);
  if (!before) return;
  const { n } = (await ctx.db.selectFrom('survey_user_answers').select((eb) => eb.fn.countAll().as('n')).where('client_id', '=', ctx.clientId).where('survey_id', '=', surveyId).executeTakeFirst()) ?? { n: 0 };
  if (Number(before.respondents_count) === Number(n)) return;
  const after = await ctx.db.updateTable('surveys').set({ respondents_count: Number(n) }).where('id', '=', surveyId).where('client_id', '=', ctx.clientId).returningAll().executeTakeFirstOrThrow();
  publish(ctx, modelOf('surveys'), 'update', String(surveyId), before, after);
}

// Staff watching a survey's results hear each new answer on /cable's ContentChannel.
addContentType('survey_user_answers');

defineRules('survey_user_answers', {
  async validate(ctx, { before, row }) {
    if (before && Number(before.survey_id) !== Number(row.survey_id)) return [fieldError('/data/relationships/survey', 'survey', 'readOnly')];
    const survey = await surveyRow(ctx, row.survey_id);
    if (!survey) return [];
    const fan = fanOf(ctx);
    if (fan && !before) {
      if (!isSurveyOpen(surveyWindowOf(survey), surveyClock.now())) return [errorSpec(422, 'surveyNotOpen', { source: { pointer: '/data/relationships/survey' } })];
      const answered = await ctx.db.selectFrom('survey_user_answers').select('id').where('client_id', '=', ctx.clientId).where('survey_id', '=', Number(survey.id)).where('fan_id', '=', fan.id).executeTakeFirst();
      if (answered) return [errorSpec(409, 'surveyAlreadyAnswered', { source: { pointer: '/data/relationships/survey' } })];
    }
    return checkAnswers(await questionsOf(ctx, Number(survey.id)), (fromDb('json', row.answers) as SurveyAnswerItem[] | null) ?? []);
  },
  async derive(ctx, row) {
    const fan = fanOf(ctx);
    return fan && row.id === undefined ? { fan_id: fan.id } : {};
  },
  async afterWrite(ctx, event) {
    const row = event.after ?? event.before!;
    const id = Number(row.id);
    await ctx.db.deleteFrom('survey_user_answer_choices').where('user_answer_id', '=', id).where('client_id', '=', ctx.clientId).execute();
    if (event.after) {
      const answers = (fromDb('json', event.after.answers) as SurveyAnswerItem[] | null) ?? [];
      const base = { client_id: ctx.clientId, user_answer_id: id, survey_id: Number(row.survey_id) };
      const choices = answers.flatMap((a) => [
        ...(a.answer_ids ?? []).map((answerId) => ({ ...base, question_id: Number(a.question_id), answer_id: Number(answerId), text: null })),
        ...((a.text ?? '').trim() ? [{ ...base, question_id: Number(a.question_id), answer_id: null, text: a.text!.trim() }] : []),
      ]);
      if (choices.length) await ctx.db.insertInto('survey_user_answer_choices').values(choices).execute();
    }
    await recountRespondents(ctx, Number(row.survey_id));
  },
});

export const surveyWindowOf = (row: Row) => ({
  status: String(row.status),
  opens_at: fromDb('datetime', row.opens_at) as string | null,
  closes_at: fromDb('datetime', row.closes_at) as string | null,
});
