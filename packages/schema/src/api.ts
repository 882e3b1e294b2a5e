/** Shapes shared by the server and the admin beyond the resources themselves. */

/** GET /api/v3/settings/configurations?resource=client&product=umpire → data.attributes */
export interface ClientConfiguration {
  interface_languages: string[];
  default_language: string;
  umpire_api_url: string;
  umpire_moderator_api_url: string;
  auth_api_url: string;
  media_library_api_url: string;
  cdn_id: string;
  cdn_host: string;
  assets_bucket: string;
  analytics_id: string | null;
}

/**
 * GET /api/v3/counts?types=clubs,players → records per type held by the client, in `meta.counts`.
 * Types the user may not read are left out, never counted.
 */
export const COUNTS_PATH = 'counts';
export const COUNTS_TYPES_PARAMETER = 'types';
export interface CountsDocument {
  meta: { counts: Record<string, number> };
}

/** The claims of a session token (JWT), read by the admin without verifying. */
export interface TokenClaims {
  sub: string;
  username: string;
  client: { id: string; name: string; providers: Record<string, string> };
  roles: string[];
  abilities: import('./abilities').RawRule[];
  exp: number;
  iat: number;
}

/** Player external data providers a token may carry (spec §3: filtered to an allowed set). */
export const ALLOWED_PLAYER_PROVIDERS = ['opta', 'chyron', 'external_data_provider', 'transfermarkt', 'wyscout'] as const;

export const TOKEN_STORAGE_KEY = 'TISA_TOKEN';
export const LANGUAGE_STORAGE_KEY = 'preferredLanguage';

/** Interface languages the admin has translations for; a league configures some of them (spec §1, §9). */
export const INTERFACE_LANGUAGES = ['pl', 'en'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];
/** Spec §9: the language when nothing else decides. */
export const FALLBACK_LANGUAGE: InterfaceLanguage = 'en';

export function isInterfaceLanguage(lang: unknown): lang is InterfaceLanguage {
  return typeof lang === 'string' && (INTERFACE_LANGUAGES as readonly string[]).includes(lang);
}

/** Error keys of the API (`errors[].meta.key`) besides the validation keys: the admin translates each. */
export const API_ERROR_KEYS = [
  'badRequest', 'malformedJson', 'unknownInclude', 'unknownSort', 'unknownFilter', 'unknownField', 'invalidFilterValue',
  'invalidPage', 'unauthorized', 'invalidCredentials', 'forbidden', 'clientIdNotSupported', 'xsrfTokenMismatch', 'notFound',
  'conflict', 'stillReferenced', 'unsupportedMediaType', 'payloadTooLarge', 'tooManyRequests', 'idempotencyKeyReused',
  'internalError', 'unknownRelationship', 'readOnly', 'staleRecord',
  // Match rules (incidents, lineups, matches).
  'minuteOutOfHalf', 'stoppageOnlyAtEndOfHalf', 'wrongHalf', 'squadNotInMatch', 'playerNotInSquad', 'squadRequiredForPlayer',
  'samePlayer', 'sameSquad', 'groupNotInStage', 'squadsLocked',
  // Match statuses, bulk edits and postponements (issue 26).
  'matchStatusNotSettable', 'matchNotPlayable', 'matchSelectionRequired', 'matchSelectionTooLarge', 'matchChangesRequired', 'matchKickoffTwice', 'matchPostponementDate',
  // Media library (uploads, folders, where used).
  'wrongFileType', 'fileTooLarge', 'uploadFailed', 'invalidFileName', 'invalidFolderPath', 'fileNameTaken', 'folderNotEmpty',
  'fileInUse', 'rangeNotSatisfiable',
  // Content pages.
  'usedByPages', 'reorderMismatch',
  // Articles: previews of drafts.
  'previewExpired', 'previewInvalid',
  // The fan-facing API.
  'fanBanned', 'fanEmailTaken',
  // Surveys and comments.
  'surveyNotOpen', 'surveyAlreadyAnswered', 'surveyQuestionNotInSurvey', 'surveyAnswerNotInQuestion', 'surveyAnswerKind',
  'invalidSurveyWindow', 'commentTarget', 'commentTargetUnavailable', 'commentWithoutFan',
  // Push notifications.
  'pushAlreadySent',
  // The match predictor.
  'predictionClosed',
  // Quizzes: their rules and the fan attempts refused as duplicate or impossible.
  'quizWindowOrder', 'prizeRankOrder', 'quizClosed', 'quizForeignAnswer', 'quizImpossibleTime', 'quizAttemptLimit', 'quizStartInvalid', 'quizStartUsed', 'quizStartExpired', 'fanProofInvalid', 'fanProofExpired', 'fanProofUsed',
  // OTT: stream actions, encodings and playback.
  'streamTransition', 'streamLocked', 'streamKeysOnAir', 'liveEngineUnavailable', 'liveEngineFailed', 'ottNoVideo', 'ottNoStream', 'ottEncodingFailed', 'transcodingEnded', 'playbackSignatureRequired', 'playbackCountryNotAllowed',
  // OTT entitlements: paid playback for fans and the payment provider's webhook.
  'entitlementRequired', 'videoNotPlayableInBrowsers', 'entitlementSubscriptionEvent', 'entitlementWindowOrder', 'webhookNotConfigured', 'webhookSignatureInvalid', 'webhookTimestampStale',
  // Delivery keys: reads of /public/v1 by websites and apps.
  'invalidDeliveryKey', 'deliveryKeyRequired',
  // Imports of fixtures, results, clubs, squads and players (issue 26).
  'importFile', 'importFileInflated', 'importFormula', 'importTooManyRows', 'importTooManyColumns', 'importCellTooLong', 'importMapping', 'importNoMatch',
  'importAmbiguousMatch', 'importFuzzyMatch', 'importInvalidValue', 'importDuplicateRow', 'importMissingValue', 'importTarget',
  'importScoreConflict', 'importUndone', 'importHasDependents',
  // Fixture generation for a group (issue 26, point 1).
  'fixtureSquadTwice', 'fixtureClubCount', 'fixtureRound', 'fixtureSquadTwiceInRound', 'fixtureSquadNotInPlan', 'fixtureKickoffSlot',
  'fixtureRoundDates', 'fixtureGroupHasMatches', 'fixturePlanChanged',
] as const;
export type ApiErrorKey = (typeof API_ERROR_KEYS)[number];
