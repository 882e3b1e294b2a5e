import type { ResourceDef } from './resource';
import { auditEvents } from './resources/audit-events.resource';
import { clubs } from './resources/clubs.resource';
import { competitionSeasons } from './resources/competition-seasons.resource';
import { competitions } from './resources/competitions.resource';
import { images } from './resources/images.resource';
import { products } from './resources/products.resource';
import { publicationCategories } from './resources/publication-categories.resource';
import { seasons } from './resources/seasons.resource';
import { sponsors } from './resources/sponsors.resource';
import { squads } from './resources/squads.resource';
import { staffRoles } from './resources/staff-roles.resource';
import { tags } from './resources/tags.resource';
import { teams } from './resources/teams.resource';
import { transmissionProviders } from './resources/transmission-providers.resource';
import { venues } from './resources/venues.resource';
import { videos } from './resources/videos.resource';
import { careerClubs } from './resources/career-clubs.resource';
import { competitionSeasonSquads } from './resources/competition-season-squads.resource';
import { groups } from './resources/groups.resource';
import { incidents } from './resources/incidents.resource';
import { lineups } from './resources/lineups.resource';
import { matches, matchTransmissions } from './resources/matches.resource';
import { players } from './resources/players.resource';
import { pointDeductions } from './resources/point-deductions.resource';
import { rounds } from './resources/rounds.resource';
import { squadPlayers } from './resources/squad-players.resource';
import { squadStaffMembers } from './resources/squad-staff-members.resource';
import { staffMembers } from './resources/staff-members.resource';
import { stages } from './resources/stages.resource';
import { componentTypes } from './content/component-types.resource';
import { components } from './content/components.resource';
import { globalPageElements } from './content/global-page-elements.resource';
import { pages } from './content/pages.resource';
import { pageTypePublicationCategories, pageTypes } from './content/page-types.resource';
import { articleTags, articles } from './resources/articles.resource';
import { surveyAnswers, surveyQuestions, surveyUserAnswers, surveys } from './engagement/surveys/surveys.resource';
import { comments } from './engagement/comments/comments.resource';
import { pushNotificationTargets } from './engagement/push/push-notification-targets.resource';
import { pushNotifications } from './engagement/push/push-notifications.resource';
import { matchAlertTemplates } from './engagement/push/match-alert-templates.resource';
import { matchPredictorRankings, matchPredictorUserResults } from './engagement/match-predictor/match-predictor.resource';
import { formatTags, formats, markers, ottEventTags, ottEvents, ottStreams, playlistEvents, playlistTags, playlists, segments, transcodingJobs } from './ott';
import { ottEntitlements } from './ott/entitlements.resource';
import { fans } from './engagement/fans/fans.resource';
import { quizAnswers, quizPrizes, quizQuestions, quizRankings, quizUserAttempts, quizzes } from './engagement/quizzes/quizzes.resource';
import { deliveryKeys } from './delivery/delivery-keys.resource';
import { imports } from './imports/imports.resource';

/** Every resource of the umpire API, in one explicit list. */
export const RESOURCES = [
  images,
  competitions,
  seasons,
  competitionSeasons,
  clubs,
  teams,
  squads,
  venues,
  sponsors,
  products,
  tags,
  staffRoles,
  transmissionProviders,
  publicationCategories,
  stages,
  groups,
  rounds,
  matches,
  matchTransmissions,
  incidents,
  lineups,
  players,
  careerClubs,
  staffMembers,
  squadPlayers,
  squadStaffMembers,
  competitionSeasonSquads,
  pointDeductions,
  auditEvents,
  videos,
  pageTypes,
  pageTypePublicationCategories,
  componentTypes,
  pages,
  globalPageElements,
  components,
  articles,
  articleTags,
  surveys,
  surveyQuestions,
  surveyAnswers,
  surveyUserAnswers,
  comments,
  pushNotificationTargets,
  pushNotifications,
  matchAlertTemplates,
  matchPredictorRankings,
  matchPredictorUserResults,
  quizzes,
  quizQuestions,
  quizAnswers,
  quizPrizes,
  quizUserAttempts,
  quizRankings,
  ottStreams,
  markers,
  formats,
  formatTags,
  segments,
  ottEvents,
  ottEventTags,
  playlists,
  playlistTags,
  playlistEvents,
  transcodingJobs,
  fans,
  ottEntitlements,
  deliveryKeys,
  imports,
] as const;

export type ResourceType = (typeof RESOURCES)[number]['type'];

const byType = new Map<string, ResourceDef>(RESOURCES.map((r) => [r.type, r as unknown as ResourceDef]));

export function resourceByType(type: string): ResourceDef | undefined {
  return byType.get(type);
}
