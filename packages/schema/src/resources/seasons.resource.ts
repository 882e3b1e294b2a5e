import { z } from 'zod';
import { defineResource } from '../resource';
import { isoDate, text } from '../validators';

export const seasons = defineResource({
  type: 'seasons',
  table: 'seasons',
  section: 'time',
  titleAttribute: 'name',
  defaultSort: '-start_date',
  public: { reach: 'listed', attributes: ['name', 'start_date', 'end_date', 'is_current'], relationships: ['competition_seasons', 'competitions', 'squads'] },
  attributes: {
    name: { type: 'string', schema: text(40), required: true, unique: true, search: true, sort: true, filter: true, list: true, example: '2049/50' },
    start_date: { type: 'date', schema: isoDate(), required: true, filter: 'range', sort: true, list: true, example: '2026-07-17' },
    end_date: { type: 'date', schema: isoDate(), required: true, filter: 'range', sort: true, list: true, example: '2027-05-29' },
    is_current: { type: 'boolean', schema: z.boolean({ error: 'invalidType' }), default: false, filter: true, sort: true, list: true, example: false },
  },
  relationships: {
    competition_seasons: { kind: 'hasMany', type: 'competition_seasons', inverse: 'season' },
    competitions: { kind: 'manyToMany', type: 'competitions', through: 'competition_seasons', from: 'season', to: 'competition' },
    squads: { kind: 'hasMany', type: 'squads', inverse: 'season' },
  },
});
