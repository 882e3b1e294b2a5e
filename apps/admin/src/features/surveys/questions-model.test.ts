import { describe, expect, it } from 'vitest';
import { filledOptions, optionWrites, surveyQuestionIssue } from './questions-model';

describe('surveyQuestionIssue', () => {
  it('asks two options of a choice question and none of a free-text one', () => {
    expect(surveyQuestionIssue({ kind: 'single', options: [{ text: 'A' }, { text: ' ' }] })).toBe('needTwoOptions');
    expect(surveyQuestionIssue({ kind: 'multiple', options: [{ text: 'A' }, { text: 'B' }] })).toBeNull();
    expect(surveyQuestionIssue({ kind: 'text', options: [] })).toBeNull();
    expect(filledOptions({ kind: 'text', options: [{ text: 'A' }] })).toEqual([]);
  });
});

describe('optionWrites', () => {
  it('creates new options, updates changed or moved ones and deletes dropped ones', () => {
    const stored = [
      { id: '1', text: 'Legia', position: 1 },
      { id: '2', text: 'Lech', position: 2 },
      { id: '3', text: 'Raków', position: 3 },
    ];
    expect(optionWrites(stored, [{ id: '2', text: 'Lech' }, { id: '1', text: 'Legia ' }, { text: 'Jagiellonia' }])).toEqual({
      create: [{ text: 'Jagiellonia', position: 3 }],
      update: [
        { id: '2', text: 'Lech', position: 1 },
        { id: '1', text: 'Legia', position: 2 },
      ],
      remove: ['3'],
    });
    expect(optionWrites(stored, stored)).toEqual({ create: [], update: [], remove: [] });
  });
});
