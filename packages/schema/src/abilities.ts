/**
 * Roles and their abilities as CASL raw rules. The token carries the rules; the server checks
 * them on every route and the admin hides what they forbid. Subjects are JSON:API types, plus
 * `client` (the organisation record), `users` and `all`.
 */
export type Action = 'manage' | 'read' | 'create' | 'update' | 'delete';
export interface RawRule {
  action: Action | Action[];
  subject: string | string[];
  inverted?: boolean;
  reason?: string;
}

export const ROLES = ['admin', 'editor', 'moderator', 'operator', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

const WRITE: Action[] = ['create', 'update', 'delete'];

/** Competition data: what league staff keep on match days. */
export const COMPETITION_SUBJECTS = [
  'competitions', 'seasons', 'competition_seasons', 'stages', 'rounds', 'groups', 'matches', 'incidents',
  'lineups', 'squads', 'squad_players', 'squad_staff_members', 'players', 'staff_members', 'staff_roles',
  'clubs', 'teams', 'venues', 'sponsors', 'products', 'transmission_providers', 'career_clubs',
  'point_deductions', 'competition_season_squads', 'match_transmissions',
  // Imports of fixtures, results, clubs, squads and players, and their undo.
  'imports',
];
/** Editorial content. */
export const CONTENT_SUBJECTS = [
  'pages', 'page_types', 'components', 'global_page_elements', 'publication_categories', 'articles', 'tags',
  'images', 'videos', 'files',
];
/** Fan engagement and its moderation. */
export const MODERATION_SUBJECTS = [
  'comments', 'quizzes', 'quiz_questions', 'quiz_answers', 'quiz_prizes', 'quiz_rankings', 'quiz_user_attempts',
  'surveys', 'survey_questions', 'survey_answers', 'survey_user_answers', 'match_predictors', 'match_predictor_rankings', 'match_predictor_user_results', 'push_notifications',
  'push_notification_targets',
];
/** OTT live streams and video on demand. */
export const STREAMING_SUBJECTS = [
  'ott_events', 'ott_streams', 'playlists', 'formats', 'segments', 'markers', 'file_uploads', 'images', 'videos',
  'ott_event_tags', 'playlist_tags', 'playlist_events', 'format_tags', 'transcoding_jobs',
  // Who may watch paid events: granted and revoked by the operators who run them.
  'ott_entitlements',
  // The media library: operators upload the video files and artwork their streams use.
  'files',
];

/**
 * Keys of the delivery API (websites' and apps' reads of /public/v1): only admins make, change,
 * revoke and delete them (through `manage all`); other roles read their names, prefixes and last
 * use, never a secret.
 */
export const DELIVERY_SUBJECTS = ['delivery_keys'];

/**
 * Fans' personal data (e-mail addresses, who paid for which event): read by those who act on it
 * (moderators ban, operators grant, admins), not by every role that reads the rest.
 */
export const FAN_DATA_SUBJECTS = ['fans', 'ott_entitlements'];
const NO_FAN_DATA: RawRule = { action: 'read', subject: FAN_DATA_SUBJECTS, inverted: true, reason: 'fans’ personal data' };

export const ROLE_RULES: Record<Role, RawRule[]> = {
  admin: [{ action: 'manage', subject: 'all' }],
  editor: [
    { action: 'read', subject: 'all' },
    { action: WRITE, subject: [...COMPETITION_SUBJECTS, ...CONTENT_SUBJECTS] },
    NO_FAN_DATA,
  ],
  moderator: [
    { action: 'read', subject: 'all' },
    { action: WRITE, subject: MODERATION_SUBJECTS },
  ],
  operator: [
    { action: 'read', subject: 'all' },
    { action: WRITE, subject: STREAMING_SUBJECTS },
  ],
  viewer: [{ action: 'read', subject: 'all' }, NO_FAN_DATA],
};

export function rulesForRoles(roles: readonly string[]): RawRule[] {
  return roles.flatMap((role) => ROLE_RULES[role as Role] ?? []);
}
