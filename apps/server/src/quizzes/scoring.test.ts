import { describe, expect, it } from 'vitest';
import { attemptProblem, rankAttempts, scoreAttempt, type QuizKey } from './scoring';

const key: QuizKey = {
  timeLimitSeconds: 60,
  questions: new Map([
    ['1', { answers: new Set(['11', '12', '13']), correct: new Set(['11']) }],
    ['2', { answers: new Set(['21', '22', '23']), correct: new Set(['21', '23']) }],
  ]),
};

describe('scoring an attempt', () => {
  it('gives a point per question answered with exactly its correct answers', () => {
    expect(scoreAttempt(key, { answers: [{ question: '1', answers: ['11'] }, { question: '2', answers: ['23', '21'] }], time_taken_ms: 5000 })).toEqual({ score: 2, maxScore: 2 });
    // One of two correct answers, or a correct one with a wrong one, is no point.
    expect(scoreAttempt(key, { answers: [{ question: '1', answers: ['11', '12'] }, { question: '2', answers: ['21'] }], time_taken_ms: 5000 }).score).toBe(0);
    expect(scoreAttempt(key, { answers: [], time_taken_ms: 5000 })).toEqual({ score: 0, maxScore: 2 });
  });

  it('finds answers from another quiz, repeated ones and impossible times', () => {
    expect(attemptProblem(key, { answers: [{ question: '9', answers: [] }], time_taken_ms: 5000 })).toEqual({ key: 'quizForeignAnswer', pointer: '/data/attributes/answers/0/question' });
    expect(attemptProblem(key, { answers: [{ question: '1', answers: ['21'] }], time_taken_ms: 5000 })).toMatchObject({ pointer: '/data/attributes/answers/0/answers/0' });
    expect(attemptProblem(key, { answers: [{ question: '1', answers: ['11'] }, { question: '1', answers: ['11'] }], time_taken_ms: 5000 })).toMatchObject({ key: 'quizForeignAnswer' });
    expect(attemptProblem(key, { answers: [{ question: '2', answers: ['21', '21'] }], time_taken_ms: 5000 })).toMatchObject({ key: 'quizForeignAnswer' });
    // Two questions cannot be read and answered in a second; nor can a 60 s quiz take two minutes.
    expect(attemptProblem(key, { answers: [], time_taken_ms: 1000 })).toEqual({ key: 'quizImpossibleTime', min: 2000, max: 65000 });
    expect(attemptProblem(key, { answers: [], time_taken_ms: 120000 })).toMatchObject({ key: 'quizImpossibleTime' });
    expect(attemptProblem(key, { answers: [], time_taken_ms: 2000 })).toBeNull();
  });
});

describe('ranking order', () => {
  const attempt = (id: number, score: number, timeTakenMs: number, submittedAt: string, isBanned = false) => ({ id, score, timeTakenMs, submittedAt, isBanned });

  it('ranks by score, then time, then the earlier attempt', () => {
    const ranked = rankAttempts([
      attempt(1, 5, 30000, '2026-05-01T10:00:00Z'),
      attempt(2, 7, 50000, '2026-05-01T10:05:00Z'),
      attempt(3, 5, 20000, '2026-05-01T10:10:00Z'),
      attempt(4, 5, 20000, '2026-05-01T09:00:00Z'),
    ]);
    expect(ranked.map((a) => [a.id, a.rank])).toEqual([[2, 1], [4, 2], [3, 3], [1, 4]]);
  });

  it('leaves banned attempts out, so the next fan moves up', () => {
    const all = [attempt(1, 9, 10000, '2026-05-01T10:00:00Z'), attempt(2, 8, 10000, '2026-05-01T10:00:00Z'), attempt(3, 7, 10000, '2026-05-01T10:00:00Z')];
    expect(rankAttempts(all).map((a) => a.id)).toEqual([1, 2, 3]);
    all[0].isBanned = true;
    expect(rankAttempts(all).map((a) => [a.id, a.rank])).toEqual([[2, 1], [3, 2]]);
  });
});
