import type { SurveyQuestionKind } from './surveys.resource';

/** What the results of a survey are computed from: its questions and options, and counts per option. */
export interface ResultsInput {
  respondents: number;
  questions: { id: string; prompt: string; kind: SurveyQuestionKind; position: number }[];
  options: { id: string; question_id: string; text: string; position: number }[];
  /** User answers that picked an option. */
  optionCounts: { answer_id: string; count: number }[];
  /** User answers that answered a question at all (picked something or wrote text). */
  questionCounts: { question_id: string; count: number }[];
  /** Free-text answers, newest first. */
  texts?: { question_id: string; text: string }[];
}

export interface OptionResult {
  id: string;
  text: string;
  count: number;
  /** Of the respondents who answered the question, one decimal; several may sum above 100 for multiple choice. */
  percentage: number;
}

export interface QuestionResult {
  id: string;
  prompt: string;
  kind: SurveyQuestionKind;
  answered: number;
  answers: OptionResult[];
  texts: string[];
}

export interface SurveyResults {
  respondents: number;
  questions: QuestionResult[];
}

const percentage = (count: number, of: number) => (of > 0 ? Math.round((count / of) * 1000) / 10 : 0);
const byPosition = <T extends { position: number; id: string }>(a: T, b: T) => a.position - b.position || Number(a.id) - Number(b.id);

/** Counts and percentages per option, questions and options in their order. */
export function aggregateSurveyResults(input: ResultsInput): SurveyResults {
  const optionCount = new Map(input.optionCounts.map((c) => [String(c.answer_id), Number(c.count)]));
  const answered = new Map(input.questionCounts.map((c) => [String(c.question_id), Number(c.count)]));
  return {
    respondents: input.respondents,
    questions: [...input.questions].sort(byPosition).map((q) => {
      const of = answered.get(q.id) ?? 0;
      return {
        id: q.id,
        prompt: q.prompt,
        kind: q.kind,
        answered: of,
        answers:
          q.kind === 'text'
            ? []
            : input.options
                .filter((o) => o.question_id === q.id)
                .sort(byPosition)
                .map((o) => {
                  const count = optionCount.get(o.id) ?? 0;
                  return { id: o.id, text: o.text, count, percentage: percentage(count, of) };
                }),
        texts: q.kind === 'text' ? (input.texts ?? []).filter((t) => t.question_id === q.id).map((t) => t.text) : [],
      };
    }),
  };
}

/** Whether fans may answer now: published, and inside the window where it has ends. */
export function isSurveyOpen(survey: { status: string; opens_at: string | null; closes_at: string | null }, now: Date): boolean {
  if (survey.status !== 'published') return false;
  if (survey.opens_at && Date.parse(survey.opens_at) > now.getTime()) return false;
  if (survey.closes_at && Date.parse(survey.closes_at) <= now.getTime()) return false;
  return true;
}
