import { z } from 'zod';
import { defineResource } from '../../resource';
import { integer, isoDateTime, text } from '../../validators';

/** Fastest plausible answer to one question: an attempt quicker than this per question is refused. */
export const QUIZ_MIN_MS_PER_QUESTION = 1000;
/** Network and rendering slack on top of a quiz's time limit before an attempt counts as impossible. */
export const QUIZ_TIME_GRACE_MS = 5000;
/**
 * How much less than the server measured (from its start to the submission) an attempt may say it
 * took: the two trips over the network the fan did not spend answering. No more: the time is the server's.
 */
export const QUIZ_NETWORK_ALLOWANCE_MS = 2000;
/** The token of a started attempt (`POST /public/v1/quizzes/{id}/attempt_starts`): base64url of 24 random bytes. */
export const QUIZ_START_TOKEN = /^[A-Za-z0-9_-]{32}$/;

const bool = () => z.boolean({ error: 'invalidType' });

/**
 * A quiz a league runs as a competition (issue 10): questions with answers, a time limit, an open
 * window and prizes by rank. Fans read published quizzes and submit attempts through /public/v1.
 */
export const quizzes = defineResource({
  type: 'quizzes',
  table: 'quizzes',
  section: 'award',
  titleAttribute: 'title',
  defaultSort: '-created_at',
  newestFirst: true,
  /**
   * Never which answer is correct: that is the quiz. Nor its questions: a fan reads them when the
   * attempt starts (the start's answer carries them), so nobody prepares answers before the clock runs.
   */
  public: {
    reach: 'capability',
    attributes: ['title', 'description', 'time_limit_seconds', 'attempts_per_fan', 'open_from', 'open_until'],
    // The quiz routes' documents (quizzes/routes.ts): open now or not, its picture's path, how many questions.
    computed: { attributes: ['is_open', 'image', 'question_count'] },
    relationships: ['image', 'quiz_prizes'],
    where: { is_published: [true] },
  },
  attributes: {
    title: { type: 'string', schema: text(200), required: true, search: true, sort: true, filter: true, list: true, example: 'Historia Ekstraklasy' },
    description: { type: 'text', schema: text(4000), search: true, example: 'Ile wiesz o najlepszej lidze w Polsce?' },
    is_published: { type: 'boolean', schema: bool(), default: false, filter: true, sort: true, list: true, example: false },
    time_limit_seconds: { type: 'integer', schema: integer(10, 3600), default: 120, sort: true, list: true, example: 180 },
    attempts_per_fan: { type: 'integer', schema: integer(1, 100), default: 1, example: 1 },
    open_from: { type: 'datetime', schema: isoDateTime(), filter: 'range', sort: true, list: true, example: '2026-01-01T10:00:00+01:00' },
    open_until: { type: 'datetime', schema: isoDateTime(), filter: 'range', sort: true, list: true, example: '2036-01-01T10:00:00+01:00' },
    // Counted by the fan API: attempts refused as duplicate or impossible (shown to staff).
    refused_attempts: { type: 'integer', schema: integer(0), readOnly: true, default: 0, sort: true, list: true },
  },
  relationships: {
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    quiz_questions: { kind: 'hasMany', type: 'quiz_questions', inverse: 'quiz' },
    quiz_prizes: { kind: 'hasMany', type: 'quiz_prizes', inverse: 'quiz' },
  },
  maxIncludeDepth: 2,
});

export const quizQuestions = defineResource({
  type: 'quiz_questions',
  /** Only inside a fan's attempt start (their questions once the clock runs), never which answer is right. */
  public: { reach: 'owned', attributes: ['text', 'position'], computed: { attributes: ['image'] }, relationships: ['quiz_answers'] },
  table: 'quiz_questions',
  section: 'award',
  titleAttribute: 'text',
  defaultSort: 'position',
  attributes: {
    text: { type: 'string', schema: text(500), required: true, search: true, sort: true, list: true, example: 'Który klub zdobył najwięcej tytułów mistrza Polski?' },
    position: { type: 'integer', schema: integer(0, 1000), default: 0, sort: true, filter: true, list: true, example: 1 },
  },
  relationships: {
    quiz: { kind: 'belongsTo', type: 'quizzes', required: true, onDelete: 'cascade' },
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    quiz_answers: { kind: 'hasMany', type: 'quiz_answers', inverse: 'quiz_question' },
  },
});

export const quizAnswers = defineResource({
  type: 'quiz_answers',
  public: { reach: 'owned', attributes: ['text', 'position'], computed: { attributes: ['image'] } },
  table: 'quiz_answers',
  section: 'award',
  titleAttribute: 'text',
  defaultSort: 'position',
  attributes: {
    text: { type: 'string', schema: text(300), required: true, search: true, sort: true, list: true, example: 'Legia Warszawa' },
    is_correct: { type: 'boolean', schema: bool(), default: false, filter: true, list: true, example: true },
    position: { type: 'integer', schema: integer(0, 1000), default: 0, sort: true, list: true, example: 1 },
  },
  relationships: {
    quiz_question: { kind: 'belongsTo', type: 'quiz_questions', required: true, onDelete: 'cascade' },
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
  },
});

/** A prize for the ranks from `rank_from` to `rank_to` of a quiz's ranking. */
export const quizPrizes = defineResource({
  type: 'quiz_prizes',
  table: 'quiz_prizes',
  section: 'award',
  titleAttribute: 'name',
  defaultSort: 'rank_from',
  public: { reach: 'owned', attributes: ['name', 'description', 'rank_from', 'rank_to'], relationships: ['quiz', 'image'] },
  attributes: {
    name: { type: 'string', schema: text(200), required: true, search: true, sort: true, list: true, example: 'Koszulka meczowa z autografami' },
    description: { type: 'text', schema: text(2000), example: 'Odbiór w sklepie klubowym.' },
    rank_from: { type: 'integer', schema: integer(1, 100000), required: true, sort: true, filter: 'range', list: true, example: 1 },
    rank_to: { type: 'integer', schema: integer(1, 100000), required: true, sort: true, filter: 'range', list: true, example: 3 },
  },
  relationships: {
    quiz: { kind: 'belongsTo', type: 'quizzes', required: true, onDelete: 'cascade' },
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
  },
});

/**
 * One fan's submitted attempt. Only the fan API creates attempts (through the service that checks
 * and scores them); staff read them, ban them (`is_banned`, which takes them out of the ranking)
 * and delete them.
 */
export const quizUserAttempts = defineResource({
  type: 'quiz_user_attempts',
  /** The fan's own attempt, answered to its submission: score, time and place. */
  public: { reach: 'own', attributes: ['score', 'max_score', 'time_taken_ms', 'submitted_at'], computed: { attributes: ['rank'] }, relationships: ['quiz'] },
  table: 'quiz_user_attempts',
  section: 'award',
  serverCreated: true,
  defaultSort: '-created_at',
  attributes: {
    fan_name: { type: 'string', schema: text(120), readOnly: true, search: true, sort: true, filter: true, list: true },
    fan_id: { type: 'integer', schema: integer(1), readOnly: true, filter: true },
    score: { type: 'integer', schema: integer(0), readOnly: true, sort: true, filter: 'range', list: true },
    max_score: { type: 'integer', schema: integer(0), readOnly: true, list: true },
    time_taken_ms: { type: 'integer', schema: integer(0), readOnly: true, sort: true, filter: 'range', list: true },
    answers: { type: 'json', schema: z.array(z.object({ question: z.string(), answers: z.array(z.string()) })), readOnly: true },
    // Listed as the ban toggle of the attempts list rather than as a plain column.
    is_banned: { type: 'boolean', schema: bool(), default: false, filter: true, sort: true, example: true },
    submitted_at: { type: 'datetime', schema: isoDateTime(), readOnly: true, sort: true, filter: 'range', list: true },
  },
  relationships: {
    quiz: { kind: 'belongsTo', type: 'quizzes', required: true, onDelete: 'cascade' },
  },
});

/**
 * A quiz's ranking, computed from its attempts on every read (a database view: score, then time,
 * then the earlier attempt; banned attempts left out, so the next fan moves up). It is never
 * written: a typed-in rank would disagree with the attempts, so the engine serves reads only and
 * staff change a ranking by banning or deleting attempts.
 */
export const quizRankings = defineResource({
  type: 'quiz_rankings',
  table: 'quiz_rankings',
  section: 'award',
  readOnly: true,
  view: true,
  defaultSort: 'rank',
  attributes: {
    rank: { type: 'integer', schema: integer(1), readOnly: true, sort: true, filter: 'range', list: true },
    fan_name: { type: 'string', schema: text(120), readOnly: true, sort: true, list: true },
    score: { type: 'integer', schema: integer(0), readOnly: true, sort: true, list: true },
    time_taken_ms: { type: 'integer', schema: integer(0), readOnly: true, sort: true, list: true },
    submitted_at: { type: 'datetime', schema: isoDateTime(), readOnly: true, sort: true, list: true },
  },
  relationships: {
    // Rows of a view: they go with the attempt and the quiz, never hold a delete back.
    quiz: { kind: 'belongsTo', type: 'quizzes', required: true, onDelete: 'cascade' },
    quiz_user_attempt: { kind: 'belongsTo', type: 'quiz_user_attempts', required: true, onDelete: 'cascade' },
  },
});

/**
 * What a fan sends for an attempt: answer ids per question id, and the token of the attempt's
 * start, from which the server times it; the fan's own time may only say a little less
 * (QUIZ_NETWORK_ALLOWANCE_MS), never more.
 */
export const quizAttemptInputSchema = z
  .object({
    answers: z
      .array(z.object({ question: z.string({ error: 'invalidType' }).regex(/^[1-9]\d{0,14}$/, { error: 'pattern' }), answers: z.array(z.string({ error: 'invalidType' }).regex(/^[1-9]\d{0,14}$/, { error: 'pattern' }), { error: 'invalidType' }).max(50, { error: 'maxLength' }) }).strict(), { error: 'invalidType' })
      .max(200, { error: 'maxLength' }),
    start_token: z.string({ error: 'required' }).regex(QUIZ_START_TOKEN, { error: 'pattern' }),
    time_taken_ms: integer(0, 24 * 3600 * 1000).optional(),
  })
  .strict();
export type QuizAttemptInput = z.infer<typeof quizAttemptInputSchema>;
