/** OTT enumerations of spec §4 beside those of enums.ts (access, protocols, encryption, kinds). */
import { OTT_EVENT_STATUSES, TRANSCODING_STATUSES } from '../enums';

export type OttEventStatus = (typeof OTT_EVENT_STATUSES)[number];

/** Where a stream's output is: what the live engine reports (`LiveOutputState`). */
export const OTT_STREAM_STATUSES = ['idle', 'live', 'paused', 'ended'] as const;
export type OttStreamStatus = (typeof OTT_STREAM_STATUSES)[number];

export type TranscodingJobState = (typeof TRANSCODING_STATUSES)[number];
/** States a job no longer leaves (until `recreate_encoding` makes a new one). */
export const TRANSCODING_FINAL_STATES: readonly TranscodingJobState[] = ['FINISHED', 'ERROR', 'CANCELED', 'TRANSFER_ERROR'];

export const MARKER_KINDS = ['ad_break', 'chapter', 'highlight'] as const;

/** Locales OTT events, playlists and formats are translated into, the preferred one first. */
export const OTT_LOCALES = ['pl', 'en'] as const;
