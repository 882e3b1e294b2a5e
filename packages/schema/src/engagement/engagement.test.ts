import { describe, expect, it } from 'vitest';
import { aggregateSurveyResults, isSurveyOpen } from './surveys/results';
import { isCommentVisible, visibleCommentStatuses } from './comments/comments.resource';

describe('survey results', () => {
  const questions = [
    { id: '2', prompt: 'Co lubisz?', kind: 'multiple' as const, position: 2 },
    { id: '1', prompt: 'Kto wygra?', kind: 'single' as const, position: 1 },
    { id: '3', prompt: 'Uwagi', kind: 'text' as const, position: 3 },
  ];
  const options = [
    { id: '11', question_id: '1', text: 'B', position: 2 },
    { id: '10', question_id: '1', text: 'A', position: 1 },
    { id: '20', question_id: '2', text: 'X', position: 1 },
    { id: '21', question_id: '2', text: 'Y', position: 2 },
  ];

  it('counts each option in order, as a share of those who answered the question', () => {
    const r = aggregateSurveyResults({
      respondents: 4,
      questions,
      options,
      optionCounts: [{ answer_id: '10', count: 1 }, { answer_id: '11', count: 2 }, { answer_id: '20', count: 2 }, { answer_id: '21', count: 1 }],
      questionCounts: [{ question_id: '1', count: 3 }, { question_id: '2', count: 2 }, { question_id: '3', count: 1 }],
      texts: [{ question_id: '3', text: 'Więcej meczów' }, { question_id: '1', text: 'ignored' }],
    });
    expect(r.respondents).toBe(4);
    expect(r.questions.map((q) => q.id)).toEqual(['1', '2', '3']);
    expect(r.questions[0].answers).toEqual([
      { id: '10', text: 'A', count: 1, percentage: 33.3 },
      { id: '11', text: 'B', count: 2, percentage: 66.7 },
    ]);
    // Multiple choice: shares of the same respondents add up above 100.
    expect(r.questions[1].answers.map((a) => a.percentage)).toEqual([100, 50]);
    expect(r.questions[2]).toMatchObject({ answers: [], texts: ['Więcej meczów'], answered: 1 });
  });

  it('shows zeros, never a division by zero, before anyone answers', () => {
    const r = aggregateSurveyResults({ respondents: 0, questions, options, optionCounts: [], questionCounts: [] });
    expect(r.questions.flatMap((q) => q.answers.map((a) => [a.count, a.percentage]))).toEqual([[0, 0], [0, 0], [0, 0], [0, 0]]);
  });

  it('is open only when published and inside its window', () => {
    const now = new Date('2026-05-10T12:00:00Z');
    expect(isSurveyOpen({ status: 'published', opens_at: null, closes_at: null }, now)).toBe(true);
    expect(isSurveyOpen({ status: 'draft', opens_at: null, closes_at: null }, now)).toBe(false);
    expect(isSurveyOpen({ status: 'closed', opens_at: null, closes_at: null }, now)).toBe(false);
    expect(isSurveyOpen({ status: 'published', opens_at: '2026-05-10T12:00:01Z', closes_at: null }, now)).toBe(false);
    expect(isSurveyOpen({ status: 'published', opens_at: '2026-05-10T12:00:00Z', closes_at: '2026-05-10T12:00:01Z' }, now)).toBe(true);
    // The closing instant itself is already closed.
    expect(isSurveyOpen({ status: 'published', opens_at: null, closes_at: '2026-05-10T12:00:00Z' }, now)).toBe(false);
  });
});

describe('comment visibility', () => {
  it('pre-moderation: others see approved comments only', () => {
    expect(visibleCommentStatuses('pre')).toEqual(['approved']);
    expect(isCommentVisible({ status: 'pending' }, 'pre')).toBe(false);
    expect(isCommentVisible({ status: 'approved' }, 'pre')).toBe(true);
    expect(isCommentVisible({ status: 'hidden' }, 'pre')).toBe(false);
  });

  it('post-moderation: others see every comment until it is hidden', () => {
    expect(isCommentVisible({ status: 'pending' }, 'post')).toBe(true);
    expect(isCommentVisible({ status: 'approved' }, 'post')).toBe(true);
    expect(isCommentVisible({ status: 'hidden' }, 'post')).toBe(false);
  });

  it('a banned author’s comments are seen by nobody, whatever their status', () => {
    for (const mode of ['pre', 'post'] as const) expect(isCommentVisible({ status: 'approved', author_banned: true }, mode)).toBe(false);
  });
});
