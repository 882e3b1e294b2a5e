import type { ColumnDataType } from 'kysely';
import { columnType, createBusinessTable } from '../columns';
import type { DB, Dialect } from '../database';

/** Stages, groups, rounds, matches with incidents and lineups, players and staff (issue 4). */
export async function up(db: DB, d: Dialect): Promise<void> {
  await db.schema.alterTable('competitions').addColumn('tiebreakers', columnType(d, 'json') as ColumnDataType).execute();

  await createBusinessTable(
    db, d, 'stages',
    [
      ['name', 'string', { notNull: true }],
      ['kind', 'string', { notNull: true, default: 'league' }],
      ['display_order', 'integer', { notNull: true, default: 0 }],
      ['start_date', 'date'],
      ['end_date', 'date'],
    ],
    [['competition_season_id', 'competition_seasons', 'cascade', { notNull: true }]],
  );
  await createBusinessTable(
    db, d, 'groups',
    [
      ['name', 'string', { notNull: true }],
      ['display_order', 'integer', { notNull: true, default: 0 }],
      ['promotion_places', 'integer', { notNull: true, default: 0 }],
      ['relegation_places', 'integer', { notNull: true, default: 0 }],
    ],
    [['stage_id', 'stages', 'cascade', { notNull: true }]],
  );
  await createBusinessTable(
    db, d, 'rounds',
    [
      ['name', 'string', { notNull: true }],
      ['number', 'integer', { notNull: true }],
      ['start_date', 'date'],
      ['end_date', 'date'],
    ],
    [['stage_id', 'stages', 'cascade', { notNull: true }]],
  );
  await createBusinessTable(
    db, d, 'players',
    [
      ['first_name', 'string', { notNull: true }],
      ['last_name', 'string', { notNull: true }],
      ['nickname', 'string'],
      ['birth_date', 'date'],
      ['nationality', 'string'],
      ['second_nationality', 'string'],
      ['position', 'string'],
      ['height_cm', 'integer'],
      ['weight_kg', 'integer'],
      ['preferred_foot', 'string'],
      ['biography', 'text'],
      ['external_ids', 'json'],
    ],
    [['image_id', 'images', 'set null']],
  );
  await createBusinessTable(
    db, d, 'staff_members',
    [
      ['first_name', 'string', { notNull: true }],
      ['last_name', 'string', { notNull: true }],
      ['birth_date', 'date'],
      ['nationality', 'string'],
      ['biography', 'text'],
    ],
    [['image_id', 'images', 'set null']],
  );
  await createBusinessTable(
    db, d, 'squad_players',
    [
      ['shirt_number', 'integer'],
      ['position', 'string'],
      ['is_captain', 'boolean', { notNull: true, default: false }],
      ['joined_on', 'date'],
      ['left_on', 'date'],
    ],
    [
      ['squad_id', 'squads', 'cascade', { notNull: true }],
      ['player_id', 'players', 'cascade', { notNull: true }],
    ],
  );
  await db.schema.createIndex('squad_players_shirt_unique').on('squad_players').columns(['squad_id', 'shirt_number']).unique().execute();
  await db.schema.createIndex('squad_players_player_unique').on('squad_players').columns(['squad_id', 'player_id']).unique().execute();
  await createBusinessTable(
    db, d, 'squad_staff_members',
    [['since', 'date']],
    [
      ['squad_id', 'squads', 'cascade', { notNull: true }],
      ['staff_member_id', 'staff_members', 'cascade', { notNull: true }],
      ['staff_role_id', 'staff_roles', 'set null'],
    ],
  );
  await createBusinessTable(
    db, d, 'career_clubs',
    [
      ['club_name', 'string'],
      ['start_year', 'integer', { notNull: true }],
      ['end_year', 'integer'],
      ['appearances', 'integer'],
      ['goals', 'integer'],
      ['is_loan', 'boolean', { notNull: true, default: false }],
    ],
    [
      ['player_id', 'players', 'cascade', { notNull: true }],
      ['club_id', 'clubs', 'set null'],
    ],
  );
  await createBusinessTable(
    db, d, 'matches',
    [
      ['kickoff_at', 'datetime', { notNull: true }],
      ['status', 'string', { notNull: true, default: 'not_started' }],
      ['home_score', 'integer', { notNull: true, default: 0 }],
      ['away_score', 'integer', { notNull: true, default: 0 }],
      ['home_half_time_score', 'integer'],
      ['away_half_time_score', 'integer'],
      ['home_formation', 'string'],
      ['away_formation', 'string'],
      ['attendance', 'integer'],
      ['referee', 'string'],
    ],
    [
      ['round_id', 'rounds', 'cascade', { notNull: true }],
      ['group_id', 'groups', 'set null'],
      ['home_squad_id', 'squads', 'restrict', { notNull: true }],
      ['away_squad_id', 'squads', 'restrict', { notNull: true }],
      ['venue_id', 'venues', 'set null'],
    ],
  );
  await db.schema.createIndex('matches_kickoff_idx').on('matches').columns(['client_id', 'kickoff_at']).execute();
  await createBusinessTable(
    db, d, 'match_transmissions',
    [],
    [
      ['match_id', 'matches', 'cascade', { notNull: true }],
      ['transmission_provider_id', 'transmission_providers', 'cascade', { notNull: true }],
    ],
  );
  await createBusinessTable(
    db, d, 'incidents',
    [
      ['incident_type', 'string', { notNull: true }],
      ['occurrence_half', 'integer', { notNull: true }],
      ['occurrence_minute', 'integer', { notNull: true }],
      ['stoppage_minute', 'integer'],
      ['component_kind', 'string'],
      ['description', 'text'],
      ['home_squad', 'boolean'],
      ['own_goal', 'boolean', { notNull: true, default: false }],
      ['section', 'string', { notNull: true, default: 'other_incident' }],
      ['sort_key', 'integer', { notNull: true, default: 0 }],
    ],
    [
      ['match_id', 'matches', 'cascade', { notNull: true }],
      ['squad_id', 'squads', 'restrict'],
      ['player_id', 'players', 'set null'],
      ['related_player_id', 'players', 'set null'],
    ],
  );
  await createBusinessTable(
    db, d, 'lineups',
    [
      ['is_starting', 'boolean', { notNull: true, default: true }],
      ['position', 'string'],
      ['shirt_number', 'integer'],
      ['is_captain', 'boolean', { notNull: true, default: false }],
      ['formation_place', 'integer'],
    ],
    [
      ['match_id', 'matches', 'cascade', { notNull: true }],
      ['squad_id', 'squads', 'restrict', { notNull: true }],
      ['player_id', 'players', 'cascade', { notNull: true }],
    ],
  );
  await db.schema.createIndex('lineups_player_unique').on('lineups').columns(['match_id', 'player_id']).unique().execute();
  await createBusinessTable(
    db, d, 'point_deductions',
    [
      ['points', 'integer', { notNull: true }],
      ['reason', 'text', { notNull: true }],
      ['decided_on', 'date'],
    ],
    [
      ['group_id', 'groups', 'cascade', { notNull: true }],
      ['squad_id', 'squads', 'cascade', { notNull: true }],
    ],
  );
  await createBusinessTable(
    db, d, 'competition_season_squads',
    [],
    [
      ['competition_season_id', 'competition_seasons', 'cascade', { notNull: true }],
      ['squad_id', 'squads', 'cascade', { notNull: true }],
    ],
  );
  await db.schema.createIndex('competition_season_squads_unique').on('competition_season_squads').columns(['competition_season_id', 'squad_id']).unique().execute();
}
