import { defineResource } from '../resource';

/** The squads taking part in a competition season (GET/POST /competition_seasons/{id}/competitions_squads). */
export const competitionSeasonSquads = defineResource({
  type: 'competition_season_squads',
  table: 'competition_season_squads',
  section: 'football',
  attributes: {},
  relationships: {
    competition_season: { kind: 'belongsTo', type: 'competition_seasons', required: true, onDelete: 'cascade' },
    squad: { kind: 'belongsTo', type: 'squads', required: true, onDelete: 'cascade' },
  },
});
