import { defineResource } from '../resource';
import { text } from '../validators';

export const squads = defineResource({
  type: 'squads',
  table: 'squads',
  /** Spec §7: fetched with deep includes (a round with its matches' squads' club images). */
  maxIncludeDepth: 4,
  section: 'team',
  titleAttribute: 'name',
  defaultSort: 'name',
  public: { reach: 'listed', attributes: ['name'], relationships: ['season', 'team', 'image', 'squad_players', 'squad_staff_members', 'competition_seasons'] },
  attributes: {
    name: { type: 'string', schema: text(160), required: true, search: true, sort: true, filter: true, list: true, example: 'Rezerwy 2025/26' },
  },
  relationships: {
    season: { kind: 'belongsTo', type: 'seasons', required: true },
    team: { kind: 'belongsTo', type: 'teams', required: true },
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    squad_players: { kind: 'hasMany', type: 'squad_players', inverse: 'squad' },
    squad_staff_members: { kind: 'hasMany', type: 'squad_staff_members', inverse: 'squad' },
    competition_seasons: { kind: 'manyToMany', type: 'competition_seasons', through: 'competition_season_squads', from: 'squad', to: 'competition_season' },
  },
});
