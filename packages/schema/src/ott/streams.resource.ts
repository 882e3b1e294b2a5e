import { z } from 'zod';
import { ENCRYPTIONS, STREAM_KINDS, STREAM_PROTOCOLS } from '../enums';
import { defineResource } from '../resource';
import { oneOf } from '../validators';
import { OTT_STREAM_STATUSES } from './enums';

/**
 * A stream of an OTT event (spec §3, type ott_stream in the action bodies): its ingest protocol
 * and encryption, live or VOD, and which ingest feeds the output. The secret stream keys and SRT
 * passphrase are made by the server, kept out of the declared attributes, and shown only by
 * GET /ott/streams/{id} to those who may operate streams.
 */
export const ottStreams = defineResource({
  type: 'ott_streams',
  path: 'ott/streams',
  table: 'ott_streams',
  section: 'video',
  defaultSort: '-created_at',
  newestFirst: true,
  ownFetch: true,
  attributes: {
    protocol: { type: 'string', schema: oneOf(STREAM_PROTOCOLS), required: true, filter: true, sort: true, list: true, example: 'srt' },
    encryption: { type: 'string', schema: oneOf(ENCRYPTIONS), default: 'none', filter: true, list: true, example: 'AES-128' },
    kind: { type: 'string', schema: oneOf(STREAM_KINDS), default: 'live', filter: true, sort: true, list: true, example: 'live' },
    use_backup: { type: 'boolean', schema: z.boolean({ error: 'invalidType' }), default: false, filter: true, list: true, example: false },
    // Moved by start, pause and stop only.
    status: { type: 'string', schema: oneOf(OTT_STREAM_STATUSES), default: 'idle', readOnly: true, filter: true, sort: true, list: true },
  },
  relationships: {
    // Spec §3 includes `stream.marker`: creating a marker replaces the stream's others (spec §4).
    marker: { kind: 'hasMany', type: 'markers', inverse: 'stream' },
    events: { kind: 'hasMany', type: 'ott_events', inverse: 'stream' },
  },
});
