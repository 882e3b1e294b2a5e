/** Enumerations of the specification (§3), shared by server and admin. */
export const INCIDENT_TYPES = [
  'substitution', 'assist', 'goal', 'own_goal', 'yellow_card', 'second_yellow_card', 'red_card', 'penalty',
  'missed_penalty', 'match_started', 'kick_off', 'match_ended', 'second_half_started', 'half_time', 'component',
] as const;
export const INCIDENT_KINDS = ['goal', 'assist', 'match_status', 'substitution', 'other_incident'] as const;
export const FILE_EXTENSIONS = ['jpg', 'jpeg', 'gif', 'webp', 'png', 'mpg', 'avi', 'mp4', 'pdf', 'doc', 'docx', 'svg'] as const;
export const VIDEO_EXTENSIONS = ['avi', 'mp4', 'mpg'] as const;
export const LIST_MODES = [
  'latest', 'manual', 'featured', 'autoPlusManual', 'autoFeaturedPlusManual', 'latest_all', 'latest_all_featured', 'latest_vod',
] as const;
export const PAGE_TYPES = ['irregular', 'promo', 'regular', 'simple', 'standard'] as const;
export const COMPONENT_TYPES = [
  'advertisement', 'competition_season_statistics', 'club', 'gallery', 'page_header', 'hero_main', 'hero_thematic',
  'round', 'group', 'schedule', 'social_media', 'quiz', 'match', 'iframe', 'image', 'news', 'quotation', 'text',
  'ott_format', 'ott_format_list', 'ott_playlist', 'ott_playlist_list', 'ott_hero_main', 'ott_external_content',
  'club_list', 'match_list', 'survey', 'product_list', 'events', 'squad', 'video', 'page_footer', 'branding',
  'match_predictor_ranking', 'main_menu',
  // Beyond the specification: a player's profile (issue 40: the player pages of the league's website).
  'player',
] as const;
export const DATA_SOURCES = ['opta', 'chyron', 'external_data_provider'] as const;
export const FILTER_KINDS = ['select', 'multiselect', 'datetime'] as const;
export const IMAGE_VARIANTS = ['full', 'thumb', 'mobileHero', 'desktopHero'] as const;
export const LAYOUTS = ['default', 'horizontal', 'vertical'] as const;
export const LINK_TYPES = ['page_type', 'article', 'custom_link'] as const;
export const ACCESS_TYPES = ['free', 'pay_per_view', 'subscription'] as const;
export const STREAM_PROTOCOLS = ['srt', 'rtmp'] as const;
export const ENCRYPTIONS = ['AES-128', 'AES-256', 'none'] as const;
export const STREAM_KINDS = ['live', 'vod'] as const;
export const PLAYLIST_FILTER_KINDS = ['events', 'tags'] as const;
export const MATCH_LISTS = ['finished', 'upcoming', 'all'] as const;
export const STAFF_KINDS = ['player', 'staff_member'] as const;
export const PLATFORMS = ['web', 'mobile'] as const;
export const CONTENT_KINDS = ['text', 'player', 'club'] as const;
export const PAGE_ELEMENT_AREAS = ['branding', 'header_footer', 'elements_below_content'] as const;
export const HIERARCHY_LEVELS = ['competition_season', 'stage', 'group', 'round'] as const;
export const PAGE_INCLUDE_SETS = ['incidents', 'lineups', 'standings', 'statistics', 'tickets_match', 'tickets_season'] as const;
export const OTT_EVENT_STATUSES = ['pending', 'live', 'ended'] as const;
export const JOB_STATUSES = ['not_started', 'started', 'finished', 'failed'] as const;
export const TRANSCODING_STATUSES = ['CREATED', 'QUEUED', 'RUNNING', 'FINISHED', 'ERROR', 'CANCELED', 'TRANSFER_ERROR'] as const;
export const UPLOAD_STATES = ['PENDING', 'IN_PROGRESS', 'DONE', 'ERROR'] as const;

/** League-specific enumerations beyond the specification. */
export const COMPETITION_KINDS = ['league', 'cup', 'friendly', 'youth', 'women'] as const;
export const SPONSOR_TIERS = ['title', 'platinum', 'gold', 'silver', 'partner', 'supplier'] as const;
export const PRODUCT_KINDS = ['ticket', 'season_ticket', 'merchandise', 'subscription', 'pay_per_view'] as const;
export const STAFF_ROLE_KINDS = ['coaching', 'medical', 'technical', 'management', 'other'] as const;
export const VENUE_SURFACES = ['grass', 'hybrid', 'artificial'] as const;
export const PLAYER_POSITIONS = ['goalkeeper', 'defender', 'midfielder', 'forward'] as const;
export const STAGE_KINDS = ['league', 'group_stage', 'knockout', 'playoff', 'qualifying'] as const;
/**
 * A match's status. not_started … finished follow from its incidents (never typed in); postponed,
 * cancelled and abandoned are set by the competitions manager (issue 26): postponed and cancelled
 * on a match that has not started (no incidents), abandoned on one that started and did not finish
 * (play stopped for good: the result is the disciplinary body's to decide). None of the three counts
 * as played (standings, statistics).
 */
export const MATCH_STATUSES = ['not_started', 'first_half', 'half_time', 'second_half', 'finished', 'postponed', 'cancelled', 'abandoned'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
/** Statuses of a match under way or played: the only ones whose incidents count in statistics. */
export const MATCH_PLAYING_STATUSES = ['first_half', 'half_time', 'second_half', 'finished'] as const;
/** The statuses staff may set on a match (not_started brings a postponed or cancelled match back). */
export const MATCH_SETTABLE_STATUSES = ['not_started', 'postponed', 'cancelled', 'abandoned'] as const;
/** The statuses a manager decides, which incidents do not change. */
export const MATCH_MANAGER_STATUSES = ['postponed', 'cancelled', 'abandoned'] as const;
export const PREFERRED_FEET = ['left', 'right', 'both'] as const;
/** Halves: 1 and 2, extra time 3 and 4, penalty shoot-out 5. */
export const MATCH_HALVES = [1, 2, 3, 4, 5] as const;
export const LINEUP_POSITIONS = ['GK', 'RB', 'CB', 'LB', 'RWB', 'LWB', 'DM', 'CM', 'AM', 'RM', 'LM', 'RW', 'LW', 'CF', 'ST'] as const;
/** Rules that order teams level on points, applied in the order a competition chooses. */
export const TIEBREAKERS = [
  'head_to_head_points', 'head_to_head_goal_difference', 'head_to_head_goals_scored', 'head_to_head_away_goals',
  'goal_difference', 'goals_scored', 'away_goals_scored', 'wins', 'away_wins', 'fair_play', 'drawing_of_lots',
] as const;
