import { z } from 'zod';
import { defineResource } from '../resource';
import { isoDate, text } from '../validators';

export const competitionSeasons = defineResource({
  type: 'competition_seasons',
  table: 'competition_seasons',
  section: 'football',
  titleAttribute: 'name',
  defaultSort: '-start_date',
  public: { reach: 'listed', attributes: ['name', 'start_date', 'end_date', 'is_current'], relationships: ['competition', 'season', 'image', 'stages', 'squads'] },
  attributes: {
    name: { type: 'string', schema: text(160), required: true, search: true, sort: true, filter: true, list: true, example: 'PKO BP Ekstraklasa 2026/27' },
    start_date: { type: 'date', schema: isoDate(), filter: 'range', sort: true, list: true, example: '2026-07-17' },
    end_date: { type: 'date', schema: isoDate(), filter: 'range', sort: true, example: '2027-05-29' },
    is_current: { type: 'boolean', schema: z.boolean({ error: 'invalidType' }), default: false, filter: true, sort: true, list: true, example: false },
  },
  relationships: {
    competition: { kind: 'belongsTo', type: 'competitions', required: true },
    season: { kind: 'belongsTo', type: 'seasons', required: true },
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    stages: { kind: 'hasMany', type: 'stages', inverse: 'competition_season' },
    squads: { kind: 'manyToMany', type: 'squads', through: 'competition_season_squads', from: 'competition_season', to: 'squad' },
  },
});
