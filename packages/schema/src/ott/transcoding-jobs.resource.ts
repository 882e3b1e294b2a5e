import { z } from 'zod';
import { defineResource } from '../resource';
import { decimal, integer, isoDateTime, oneOf, text } from '../validators';
import { TRANSCODING_STATUSES } from '../enums';

/**
 * A VOD transcoding (or live-to-VOD) job of an event (spec §4 states), run by the durable job
 * queue; read-only here: `recreate_encoding` starts one, `POST …/{id}/cancel` stops one.
 */
export const transcodingJobs = defineResource({
  type: 'transcoding_jobs',
  path: 'ott/transcoding_jobs',
  table: 'ott_transcoding_jobs',
  section: 'video',
  defaultSort: '-created_at',
  newestFirst: true,
  readOnly: true,
  attributes: {
    state: { type: 'string', schema: oneOf(TRANSCODING_STATUSES), readOnly: true, filter: true, sort: true, list: true },
    /** `vod` (a library video to HLS) or `recording` (a live recording to MP4). */
    source: { type: 'string', schema: text(20), readOnly: true, filter: true, list: true },
    progress: { type: 'number', schema: decimal(0, 100), readOnly: true, sort: true, list: true },
    /** ffmpeg's reason when it failed. */
    error: { type: 'text', schema: text(4000), readOnly: true },
    /** Renditions made, e.g. ["720p", "360p"]. */
    renditions: { type: 'json', schema: z.array(z.string()), readOnly: true },
    /** The HLS master playlist (or MP4) under /ott/hls once finished. */
    output_url: { type: 'string', schema: text(500), readOnly: true },
    duration: { type: 'number', schema: decimal(0), readOnly: true },
    attempts: { type: 'integer', schema: integer(0), readOnly: true },
    started_at: { type: 'datetime', schema: isoDateTime(), readOnly: true, sort: true },
    finished_at: { type: 'datetime', schema: isoDateTime(), readOnly: true, sort: true },
  },
  relationships: {
    event: { kind: 'belongsTo', type: 'ott_events', required: true, onDelete: 'cascade' },
    video: { kind: 'belongsTo', type: 'videos', onDelete: 'setNull' },
  },
});
