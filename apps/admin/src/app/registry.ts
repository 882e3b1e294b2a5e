import { entriesBySection, isWritable, RESOURCE_ENTRIES, resourceDef, type ResourceEntry } from '../framework/definitions';
import { GENERIC_SCREENS, type ResourceScreens } from '../framework/screens';
import { lazy } from 'react';
import { lazyScreen } from '../framework/lazy-screen';
import { provideImagePicker, provideLibraryFilePicker } from '../framework/generic/image-picker-slot';
import { auditEventScreens } from '../resources/settings/audit-events';
import { imageScreens } from '../resources/folder/images';
import { matchScreens } from '../resources/calendar/matches';
import { roundScreens } from '../resources/calendar/rounds';
import { squadScreens } from '../resources/team/squads';
import { playerScreens } from '../resources/team/players';
import { staffMemberScreens } from '../resources/team/staff-members';
import { groupScreens } from '../resources/football/groups';
import { competitionScreens } from '../resources/football/competitions';
import { competitionSeasonScreens } from '../resources/football/competition-seasons';
import { articleScreens } from '../resources/document/articles';
import { pageScreens } from '../resources/document/pages';
import { globalPageElementScreens } from '../resources/document/global-page-elements';
import { surveyScreens } from '../resources/award/surveys';
import { commentScreens } from '../resources/document/comments';
import { pushNotificationScreens } from '../resources/notification/push-notifications';
import { rankingScreens } from '../resources/match-predictor/rankings';
import { quizScreens } from '../resources/award/quizzes';
import { quizUserAttemptScreens } from '../resources/award/quiz-user-attempts';
import { quizRankingScreens } from '../resources/award/quiz-rankings';
import { ottEventScreens } from '../resources/video/ott-events';
import { transcodingJobScreens } from '../resources/video/transcoding-jobs';
import { playlistScreens } from '../resources/video/playlists';
import { formatScreens } from '../resources/video/formats';
import { ottEntitlementScreens } from '../resources/video/ott-entitlements';
import { deliveryKeyScreens } from '../resources/settings/delivery-keys';
import { matchAlertTemplateScreens } from '../resources/settings/match-alert-templates';

/**
 * The screens of every sidebar entry: those of a resource's own folder where it needs more than
 * the generic ones built from its declaration, and the pages of features. All load lazily. Only
 * the app shell imports this list; lower layers read `framework/definitions`.
 */
export interface AdminResource extends ResourceEntry, ResourceScreens {}

const SCREENS: Record<string, ResourceScreens> = {
  audit_events: auditEventScreens,
  images: imageScreens,
  matches: matchScreens,
  rounds: roundScreens,
  squads: squadScreens,
  players: playerScreens,
  staff_members: staffMemberScreens,
  groups: groupScreens,
  competitions: competitionScreens,
  competition_seasons: competitionSeasonScreens,
  articles: articleScreens,
  pages: pageScreens,
  global_page_elements: globalPageElementScreens,
  surveys: surveyScreens,
  comments: commentScreens,
  push_notifications: pushNotificationScreens,
  match_predictor_rankings: rankingScreens,
  quizzes: quizScreens,
  quiz_user_attempts: quizUserAttemptScreens,
  quiz_rankings: quizRankingScreens,
  ott_events: ottEventScreens,
  transcoding_jobs: transcodingJobScreens,
  playlists: playlistScreens,
  formats: formatScreens,
  ott_entitlements: ottEntitlementScreens,
  delivery_keys: deliveryKeyScreens,
  match_alert_templates: matchAlertTemplateScreens,
  statistics: { list: lazyScreen(() => import('../features/statistics').then((m) => ({ default: m.StatisticsPage }))) },
  files: { list: lazyScreen(() => import('../features/media-library').then((m) => ({ default: m.MediaLibraryPage }))) },
  imports: { list: lazyScreen(() => import('../features/imports').then((m) => ({ default: m.ImportsPage }))) },
};

// Every image field of the generic forms picks from the media library (loaded on first use).
provideImagePicker(lazy(() => import('../features/media-library').then((m) => ({ default: m.ImagePickerDialog }))));
provideLibraryFilePicker(lazy(() => import('../features/media-library').then((m) => ({ default: m.LibraryFileDialog }))));

export function buildRegistry(entries: readonly ResourceEntry[]): AdminResource[] {
  return entries.map((entry) => {
    const screens = SCREENS[entry.name] ?? {};
    // A page (no API resource) has only the screens it brings.
    if (!resourceDef(entry.name)) return { ...entry, ...screens };
    return {
      ...entry,
      list: screens.list ?? GENERIC_SCREENS.list,
      show: screens.show ?? GENERIC_SCREENS.show,
      ...(isWritable(entry) ? { edit: screens.edit ?? GENERIC_SCREENS.edit } : {}),
      ...(isWritable(entry) && !entry.def.serverCreated ? { create: screens.create ?? GENERIC_SCREENS.create } : {}),
    };
  });
}

export const ADMIN_RESOURCES = buildRegistry(RESOURCE_ENTRIES);

/** Resources grouped by sidebar section, in the spec's order (empty sections included). */
export const resourcesBySection = (resources: readonly AdminResource[] = ADMIN_RESOURCES) => entriesBySection(resources);
