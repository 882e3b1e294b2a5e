import { QUIZ_MIN_MS_PER_QUESTION, QUIZ_TIME_GRACE_MS, type QuizAttemptInput } from '@umpire/schema';

/** A quiz as the checks of an attempt see it: its questions and, per question, its answers and the correct ones. */
export interface QuizKey {
  timeLimitSeconds: number;
  questions: Map<string, { answers: Set<string>; correct: Set<string> }>;
}

/** An attempt as it is checked and scored: its answers and the time it took (the server's). */
export interface TimedAttempt {
  answers: QuizAttemptInput['answers'];
  time_taken_ms: number;
}

export type AttemptProblem =
  | { key: 'quizForeignAnswer'; pointer: string }
  | { key: 'quizImpossibleTime'; min: number; max: number };

/** The fastest and slowest times an honest attempt can report (ms). */
export function timeBounds(key: QuizKey): { min: number; max: number } {
  return { min: key.questions.size * QUIZ_MIN_MS_PER_QUESTION, max: key.timeLimitSeconds * 1000 + QUIZ_TIME_GRACE_MS };
}

/**
 * What makes an attempt impossible: a question or answer of another quiz (or named twice), or a
 * time outside what the quiz allows. Null when the attempt can be scored.
 */
export function attemptProblem(key: QuizKey, input: TimedAttempt): AttemptProblem | null {
  const seen = new Set<string>();
  for (const [i, item] of input.answers.entries()) {
    const question = key.questions.get(item.question);
    if (!question || seen.has(item.question)) return { key: 'quizForeignAnswer', pointer: `/data/attributes/answers/${i}/question` };
    seen.add(item.question);
    const picked = new Set<string>();
    for (const [j, answer] of item.answers.entries()) {
      if (!question.answers.has(answer) || picked.has(answer)) return { key: 'quizForeignAnswer', pointer: `/data/attributes/answers/${i}/answers/${j}` };
      picked.add(answer);
    }
  }
  const { min, max } = timeBounds(key);
  if (input.time_taken_ms < min || input.time_taken_ms > max) return { key: 'quizImpossibleTime', min, max };
  return null;
}

/** One point per question answered with exactly its correct answers (all of them, none other). */
export function scoreAttempt(key: QuizKey, input: TimedAttempt): { score: number; maxScore: number } {
  let score = 0;
  for (const item of input.answers) {
    const correct = key.questions.get(item.question)?.correct;
    if (!correct || item.answers.length !== correct.size) continue;
    if (item.answers.every((a) => correct.has(a))) score++;
  }
  return { score, maxScore: key.questions.size };
}

/** A ranked attempt: what the order of a ranking looks at. */
export interface RankedAttempt {
  id: number;
  score: number;
  timeTakenMs: number;
  submittedAt: string;
  isBanned: boolean;
}

/**
 * The order of a ranking, the same as the `quiz_rankings` view's (migration 0013): higher score,
 * then less time, then the earlier attempt; banned attempts are left out.
 */
export function rankAttempts<T extends RankedAttempt>(attempts: readonly T[]): (T & { rank: number })[] {
  return attempts
    .filter((a) => !a.isBanned)
    .sort((a, b) => b.score - a.score || a.timeTakenMs - b.timeTakenMs || Date.parse(a.submittedAt) - Date.parse(b.submittedAt) || a.id - b.id)
    .map((a, i) => ({ ...a, rank: i + 1 }));
}
