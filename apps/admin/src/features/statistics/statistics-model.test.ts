import { describe, expect, it } from 'vitest';
import { categoryOfSort, chartFigure, isSortable, playerName, ranksOf, type StatisticRow } from './statistics-model';

const row = (id: string, goals: number): StatisticRow =>
  ({ id, goals, assists: 0, yellow_cards: 0, red_cards: 0, minutes_played: 0, appearances: 0, clean_sheets: 0, own_goals: 0, penalties_scored: 0, rating: null, player_id: id, squad_id: '2' });

describe('statistics', () => {
  it('ranks ties together and goes on from earlier pages', () => {
    expect(ranksOf([row('1', 12), row('2', 10), row('3', 10), row('4', 9)], 'goals')).toEqual([1, 2, 2, 4]);
    expect(ranksOf([row('1', 5), row('2', 5)], 'goals', 25)).toEqual([26, 26]);
  });

  it('charts the sorted figure, or goals for the rating', () => {
    expect(chartFigure('assists')).toBe('assists');
    expect(chartFigure('rating')).toBe('goals');
    expect(isSortable('rating')).toBe(false);
    expect(categoryOfSort('yellow_cards')).toBe('cards');
    expect(categoryOfSort('appearances')).toBeNull();
  });

  it('names the player', () => {
    expect(playerName({ player_id: '5', player: { id: '5', first_name: 'Jan', last_name: 'Nowak' } })).toBe('Jan Nowak');
    expect(playerName({ player_id: '5' })).toBe('#5');
  });
});
