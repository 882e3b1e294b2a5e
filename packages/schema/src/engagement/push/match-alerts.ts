/**
 * Match alerts (issue 41): notifications the match centre sends by itself. Shared by the server
 * (which makes them from incidents), the admin (Settings › Match alerts, its live preview) and
 * the website (what a fan follows and which kinds they want).
 */

/** What a fan may choose to be told about, in the order the website lists them. */
export const MATCH_ALERT_KINDS = ['goal', 'red_card', 'kick_off', 'half_time', 'full_time', 'lineups', 'news'] as const;
export type MatchAlertKind = (typeof MATCH_ALERT_KINDS)[number];
/**
 * Kinds staff write templates for: the match centre's (news is what staff write themselves: a fan
 * who wants news gets the `news` topic, which staff target), and the correction that replaces an
 * alert whose incident was deleted (a goal disallowed). An incident corrected (another scorer,
 * another minute) sends its own kind's template again, under the same tag.
 */
export const MATCH_ALERT_TEMPLATE_KINDS = ['goal', 'red_card', 'kick_off', 'half_time', 'full_time', 'lineups', 'correction'] as const;
/** The topic staff target their news at; a fan who wants news alerts has it. */
export const NEWS_TOPIC = 'news';
export type MatchAlertTemplateKind = (typeof MATCH_ALERT_TEMPLATE_KINDS)[number];
/** The kinds a league has on until staff say otherwise (the demo league's too). */
export const DEFAULT_MATCH_ALERT_KINDS: readonly MatchAlertKind[] = ['goal', 'red_card', 'full_time'];
/** The kinds a new subscription wants when the fan has not chosen. */
export const DEFAULT_FAN_ALERT_KINDS: readonly MatchAlertKind[] = ['goal', 'red_card', 'full_time'];

/** The incident types each kind is made of; `lineups` and `news` come from elsewhere (see the server). */
export const ALERT_KIND_OF_INCIDENT: Readonly<Record<string, MatchAlertKind>> = {
  goal: 'goal',
  own_goal: 'goal',
  penalty: 'goal',
  red_card: 'red_card',
  second_yellow_card: 'red_card',
  kick_off: 'kick_off',
  match_started: 'kick_off',
  half_time: 'half_time',
  match_ended: 'full_time',
};

/** Topics a fan follows: a club's (`clubTopic`, push.ts), a match's and a competition's. */
export const matchTopic = (matchId: string | number) => `match:${matchId}`;
export const competitionTopic = (competitionId: string | number) => `competition:${competitionId}`;
/** The topics whose followers an alert of this match reaches (each subscription once). */
export const matchAlertTopics = (m: { matchId: string | number; homeClubId?: string | number | null; awayClubId?: string | number | null; competitionId?: string | number | null }) =>
  [
    matchTopic(m.matchId),
    m.homeClubId != null ? `club:${m.homeClubId}` : null,
    m.awayClubId != null ? `club:${m.awayClubId}` : null,
    m.competitionId != null ? competitionTopic(m.competitionId) : null,
  ].filter((t): t is string => t !== null);

/**
 * The tag of an alert: the same for an incident's alert and its corrections, so that the push
 * service (Web Push `Topic` header, ≤ 32 URL-safe characters) and the service worker (the shown
 * notification's tag) replace the first by the second. A match's state alerts (kick-off, half
 * time, full time, line-ups) are tagged by the match and kind, so a repeated one replaces too.
 */
export const matchAlertTag = (matchId: string | number, what: { incidentId: string | number } | { kind: MatchAlertTemplateKind }) =>
  'incidentId' in what ? `m${matchId}-i${what.incidentId}` : `m${matchId}-${what.kind}`;

/** Fields a template may use, each filled from the match and the incident. */
export const MATCH_ALERT_FIELDS = ['home', 'away', 'home_score', 'away_score', 'minute', 'player', 'team', 'competition'] as const;
export type MatchAlertField = (typeof MATCH_ALERT_FIELDS)[number];
export type MatchAlertValues = Partial<Record<MatchAlertField, string | number | null>>;

/** Example values: the admin's live preview and the templates' documentation. */
export const MATCH_ALERT_EXAMPLE: Readonly<Record<MatchAlertField, string>> = {
  home: 'Legia',
  away: 'Lech',
  home_score: '2',
  away_score: '1',
  minute: "67'",
  player: 'Nowak',
  team: 'Legia',
  competition: 'Ekstraklasa',
};

export interface MatchAlertText {
  title: string;
  body: string;
}

/** What a league sends until staff write their own: per kind, per language. */
export const DEFAULT_MATCH_ALERT_TEMPLATES: Readonly<Record<MatchAlertTemplateKind, Record<'pl' | 'en', MatchAlertText>>> = {
  goal: { pl: { title: 'GOL! {home} {home_score}:{away_score} {away}', body: '{minute} {player}' }, en: { title: 'GOAL! {home} {home_score}-{away_score} {away}', body: '{minute} {player}' } },
  red_card: { pl: { title: 'Czerwona kartka · {home} {home_score}:{away_score} {away}', body: '{minute} {player} ({team})' }, en: { title: 'Red card · {home} {home_score}-{away_score} {away}', body: '{minute} {player} ({team})' } },
  kick_off: { pl: { title: 'Początek meczu: {home} – {away}', body: '{competition}' }, en: { title: 'Kick-off: {home} v {away}', body: '{competition}' } },
  half_time: { pl: { title: 'Przerwa: {home} {home_score}:{away_score} {away}', body: '{competition}' }, en: { title: 'Half time: {home} {home_score}-{away_score} {away}', body: '{competition}' } },
  full_time: { pl: { title: 'Koniec meczu: {home} {home_score}:{away_score} {away}', body: '{competition}' }, en: { title: 'Full time: {home} {home_score}-{away_score} {away}', body: '{competition}' } },
  lineups: { pl: { title: 'Składy: {home} – {away}', body: 'Zobacz wyjściowe jedenastki.' }, en: { title: 'Line-ups: {home} v {away}', body: 'See the starting elevens.' } },
  correction: { pl: { title: 'Korekta: {home} {home_score}:{away_score} {away}', body: 'Zdarzenie zostało anulowane.' }, en: { title: 'Correction: {home} {home_score}-{away_score} {away}', body: 'The incident was cancelled.' } },
};

const FIELD = /\{([a-z_]+)\}/g;

/** The fields a template names that are not fields (the admin shows them; the server refuses them). */
export function unknownAlertFields(template: string): string[] {
  const known: readonly string[] = MATCH_ALERT_FIELDS;
  return [...new Set([...template.matchAll(FIELD)].map((m) => m[1]).filter((f) => !known.includes(f)))];
}

/**
 * A template with its fields filled: `{home}` becomes the value, a missing value nothing; the
 * spaces and separators a missing value leaves are tidied (`67'  ` → `67'`, `( )` dropped).
 */
export function renderAlertTemplate(template: string, values: MatchAlertValues): string {
  return template
    .replace(FIELD, (whole, name: string) => {
      if (!(MATCH_ALERT_FIELDS as readonly string[]).includes(name)) return whole;
      const v = values[name as MatchAlertField];
      return v == null ? '' : String(v);
    })
    .replace(/\(\s*\)/g, '')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
