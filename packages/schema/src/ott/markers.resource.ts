import { defineResource } from '../resource';
import { decimal, isoDateTime, oneOf, text } from '../validators';
import { MARKER_KINDS } from './enums';

/**
 * A marker of a stream (an ad break, a chapter, a highlight), written into the live playlists as
 * a date range. Creating one first removes the stream's existing markers (spec §4).
 */
export const markers = defineResource({
  type: 'markers',
  path: 'ott/markers',
  table: 'ott_markers',
  section: 'video',
  defaultSort: 'start_at',
  titleAttribute: 'title',
  attributes: {
    kind: { type: 'string', schema: oneOf(MARKER_KINDS), default: 'chapter', filter: true, list: true, example: 'ad_break' },
    start_at: { type: 'datetime', schema: isoDateTime(), required: true, filter: 'range', sort: true, list: true, example: '2026-05-01T18:00:00Z' },
    duration_seconds: { type: 'number', schema: decimal(0, 86_400), default: 0, sort: true, list: true, example: 30 },
    title: { type: 'string', schema: text(200), search: true, list: true, example: 'Przerwa' },
  },
  relationships: {
    stream: { kind: 'belongsTo', type: 'ott_streams', required: true, onDelete: 'cascade' },
  },
});
