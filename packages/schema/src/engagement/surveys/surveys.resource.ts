import { z } from 'zod';
import { defineResource } from '../../resource';
import { integer, isoDateTime, oneOf, recordId, text } from '../../validators';

/** Spec §3: a survey has questions, each with its answer options; fans send user answers. */
export const SURVEY_STATUSES = ['draft', 'published', 'closed'] as const;
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];
/** Single choice, multiple choice, or free text. */
export const SURVEY_QUESTION_KINDS = ['single', 'multiple', 'text'] as const;
export type SurveyQuestionKind = (typeof SURVEY_QUESTION_KINDS)[number];

export const SURVEY_TEXT_MAX = 2000;

export const surveys = defineResource({
  type: 'surveys',
  table: 'surveys',
  section: 'award',
  titleAttribute: 'title',
  defaultSort: '-created_at',
  newestFirst: true,
  public: {
    reach: 'capability',
    attributes: ['title', 'description', 'status', 'opens_at', 'closes_at'],
    // The survey routes' documents (surveys/routes.ts): answers taken now, and the questions with their options.
    computed: { attributes: ['open', 'questions'] },
    relationships: ['questions'],
    where: { status: ['published', 'closed'] },
  },
  attributes: {
    title: { type: 'string', schema: text(200), required: true, search: true, sort: true, list: true, example: 'Piłkarz sezonu' },
    description: { type: 'text', schema: text(2000), search: true, example: 'Wybierz najlepszego zawodnika sezonu.' },
    status: { type: 'string', schema: oneOf(SURVEY_STATUSES), default: 'draft', filter: true, sort: true, list: true, example: 'draft' },
    /** The window fans may answer in; an open end has no limit. */
    opens_at: { type: 'datetime', schema: isoDateTime(), filter: 'range', sort: true, list: true },
    closes_at: { type: 'datetime', schema: isoDateTime(), filter: 'range', sort: true, list: true },
    /** Kept by the server: how many user answers the survey has. */
    respondents_count: { type: 'integer', schema: integer(0), readOnly: true, sort: true, list: true },
  },
  relationships: {
    questions: { kind: 'hasMany', type: 'survey_questions', inverse: 'survey' },
    user_answers: { kind: 'hasMany', type: 'survey_user_answers', inverse: 'survey' },
  },
});

export const surveyQuestions = defineResource({
  type: 'survey_questions',
  path: 'surveys/questions',
  table: 'survey_questions',
  section: 'award',
  titleAttribute: 'prompt',
  defaultSort: 'position',
  public: { reach: 'owned', attributes: ['prompt', 'kind', 'required', 'position'], relationships: ['survey', 'answers'] },
  attributes: {
    prompt: { type: 'string', schema: text(300), required: true, search: true, list: true, example: 'Kto był najlepszy w sezonie?' },
    kind: { type: 'string', schema: oneOf(SURVEY_QUESTION_KINDS), default: 'single', filter: true, list: true, example: 'single' },
    required: { type: 'boolean', schema: z.boolean({ error: 'invalidType' }), default: false, filter: true, list: true, example: false },
    position: { type: 'integer', schema: integer(0, 999), default: 0, sort: true, list: true, example: 1 },
  },
  relationships: {
    survey: { kind: 'belongsTo', type: 'surveys', required: true, onDelete: 'cascade' },
    answers: { kind: 'hasMany', type: 'survey_answers', inverse: 'question' },
  },
});

/** `/surveys/answers` (spec §7): the answer options of a question. */
export const surveyAnswers = defineResource({
  type: 'survey_answers',
  path: 'surveys/answers',
  table: 'survey_answers',
  section: 'award',
  titleAttribute: 'text',
  defaultSort: 'position',
  public: { reach: 'owned', attributes: ['text', 'position'], relationships: ['question'] },
  attributes: {
    text: { type: 'string', schema: text(200), required: true, search: true, list: true, example: 'Jan Kowalski' },
    position: { type: 'integer', schema: integer(0, 999), default: 0, sort: true, list: true, example: 1 },
  },
  relationships: {
    question: { kind: 'belongsTo', type: 'survey_questions', required: true, onDelete: 'cascade' },
  },
});

/** One question's answer in a user answer: option ids for choices, text for a free-text question. */
export const surveyAnswerItemSchema = z
  .object({
    question_id: recordId(),
    answer_ids: z.array(recordId(), { error: 'invalidType' }).max(50, { error: 'maxLength' }).optional(),
    text: text(SURVEY_TEXT_MAX).optional(),
  })
  .strict();
export type SurveyAnswerItem = z.infer<typeof surveyAnswerItemSchema>;

/** `/surveys/user_answers` (spec §7): one respondent's answers to a survey (a fan's, or entered by staff). */
export const surveyUserAnswers = defineResource({
  type: 'survey_user_answers',
  path: 'surveys/user_answers',
  /** A fan's own answers, answered to their submission. */
  public: { reach: 'own', attributes: ['answers'], relationships: ['survey'] },
  table: 'survey_user_answers',
  section: 'award',
  defaultSort: '-created_at',
  newestFirst: true,
  attributes: {
    answers: { type: 'json', schema: z.array(surveyAnswerItemSchema, { error: 'invalidType' }).max(200, { error: 'maxLength' }), required: true, example: [] },
    /** The fan who answered (fan API); empty for answers entered by staff. */
    fan_id: { type: 'integer', schema: integer(1), readOnly: true, filter: true, list: true },
  },
  relationships: {
    survey: { kind: 'belongsTo', type: 'surveys', required: true, onDelete: 'cascade' },
  },
});
