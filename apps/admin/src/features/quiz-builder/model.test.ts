import { describe, expect, it } from 'vitest';
import { answerWrites, movedPositions, prizeForRank, questionIssue } from './model';

describe('quiz builder rules', () => {
  it('asks for two answers and a correct one', () => {
    expect(questionIssue({ text: 'Q', answers: [{ text: 'A', is_correct: true }] })).toBe('needTwoAnswers');
    expect(questionIssue({ text: 'Q', answers: [{ text: 'A' }, { text: 'B' }] })).toBe('noCorrect');
    expect(questionIssue({ text: 'Q', answers: [{ text: 'A' }, { text: '  ' }, { text: 'B', is_correct: true }] })).toBeNull();
  });

  it('turns the edited answers into creates, updates and deletes', () => {
    const stored = [
      { id: '1', text: 'Legia', is_correct: true, position: 0 },
      { id: '2', text: 'Lech', is_correct: false, position: 1 },
      { id: '3', text: 'Wisła', is_correct: false, position: 2 },
    ];
    const writes = answerWrites(stored, [{ id: '2', text: 'Lech', is_correct: true }, { id: '1', text: 'Legia', is_correct: true }, { text: 'Raków' }]);
    expect(writes.create).toEqual([{ text: 'Raków', is_correct: false, image_id: null, position: 2 }]);
    expect(writes.update).toEqual([
      { id: '2', text: 'Lech', is_correct: true, image_id: null, position: 0 },
      { id: '1', text: 'Legia', is_correct: true, image_id: null, position: 1 },
    ]);
    expect(writes.remove).toEqual(['3']);
    expect(answerWrites(stored, stored)).toEqual({ create: [], update: [], remove: [] });
  });

  it('renumbers only the questions a move shifts', () => {
    const items = [{ id: 'a', position: 0 }, { id: 'b', position: 1 }, { id: 'c', position: 2 }, { id: 'd', position: 3 }];
    expect(movedPositions(items, 3, 1)).toEqual([{ id: 'd', position: 1 }, { id: 'b', position: 2 }, { id: 'c', position: 3 }]);
    expect(movedPositions([{ id: 'x', position: 5 }, { id: 'y', position: 5 }], 0, 1)).toEqual([{ id: 'y', position: 0 }, { id: 'x', position: 1 }]);
  });

  it('finds the prize of a rank', () => {
    const prizes = [{ name: 'Szalik', rank_from: 4, rank_to: 10 }, { name: 'Koszulka', rank_from: 1, rank_to: 3 }];
    expect(prizeForRank(prizes, 1)?.name).toBe('Koszulka');
    expect(prizeForRank(prizes, 10)?.name).toBe('Szalik');
    expect(prizeForRank(prizes, 11)).toBeUndefined();
  });
});
