/**
 * The OTT console (issue 11): what the generic screens cannot show — events with live badges,
 * an event's page (preview, ingest, start / pause / stop, health, markers, recording),
 * and the transcoding jobs with progress bars that follow the queue.
 */
export { default as OttEventList } from './event-list';
export { default as OttEventPage } from './event-page';
export { default as TranscodingJobList } from './transcoding-job-list';
export { PlaylistEdit, FormatEdit } from './ordered-edit';
