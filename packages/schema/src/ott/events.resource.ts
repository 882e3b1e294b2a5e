import { z } from 'zod';
import { ACCESS_TYPES, OTT_EVENT_STATUSES } from '../enums';
import { defineResource } from '../resource';
import { countryCode, isoDateTime, oneOf, text } from '../validators';
import { OTT_LOCALES } from './enums';

/**
 * An OTT event (spec §3): a match or show streamed live and/or on demand. Its status moves only
 * through its stream's start and stop (pending → live → ended); access decides whether playback
 * needs a signed URL; `allowed_country` (empty: everywhere) limits where it can be watched. Title
 * and description per locale, as articles. `match`: the match it broadcasts, whose match centre on
 * the website shows it (issue 40, point 2); public, so readers find a match's events with
 * `filter[match]`, while playback stays the playback route's (a paid event's entitlement).
 */
export const ottEvents = defineResource({
  type: 'ott_events',
  path: 'ott/events',
  table: 'ott_events',
  section: 'video',
  defaultSort: '-starts_at',
  newestFirst: true,
  maxIncludeDepth: 2,
  /** Not its stream (keys), its source video nor its transcoding: those are the staff's. */
  public: { reach: 'listed', attributes: ['status', 'access', 'allowed_country', 'starts_at', 'title', 'description'], relationships: ['format', 'segment', 'match', 'image', 'image_vertical', 'image_horizontal', 'tags'] },
  attributes: {
    status: { type: 'string', schema: oneOf(OTT_EVENT_STATUSES), default: 'pending', readOnly: true, filter: true, sort: true, list: true },
    access: { type: 'string', schema: oneOf(ACCESS_TYPES), default: 'free', filter: true, sort: true, list: true, example: 'pay_per_view' },
    allowed_country: {
      type: 'json',
      schema: z.array(countryCode(), { error: 'invalidType' }).max(300, { error: 'maxLength' }),
      default: [],
      example: ['PL', 'GB-ENG', 'XKX'],
    },
    starts_at: { type: 'datetime', schema: isoDateTime(), filter: 'range', sort: true, list: true, example: '2026-05-01T18:00:00Z' },
  },
  relationships: {
    stream: { kind: 'belongsTo', type: 'ott_streams', onDelete: 'setNull' },
    // The library video the VOD is transcoded from.
    video: { kind: 'belongsTo', type: 'videos', onDelete: 'setNull' },
    format: { kind: 'belongsTo', type: 'formats', onDelete: 'setNull' },
    segment: { kind: 'belongsTo', type: 'segments', onDelete: 'setNull' },
    // The match it broadcasts (its match centre shows it).
    match: { kind: 'belongsTo', type: 'matches', onDelete: 'setNull' },
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    image_vertical: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    image_horizontal: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    tags: { kind: 'manyToMany', type: 'tags', through: 'ott_event_tags', from: 'event', to: 'tag' },
    transcoding_jobs: { kind: 'hasMany', type: 'transcoding_jobs', inverse: 'event' },
  },
  translations: {
    table: 'ott_event_translations',
    parentKey: 'event_id',
    locales: OTT_LOCALES,
    attributes: {
      title: { type: 'string', schema: text(200), required: true, search: true, list: true, example: 'Legia – Lech' },
      description: { type: 'text', schema: text(4000), search: true, example: 'Mecz na szczycie.' },
    },
  },
});

export const ottEventTags = defineResource({
  type: 'ott_event_tags',
  path: 'ott/event_tags',
  table: 'ott_event_tags',
  section: 'video',
  attributes: {},
  relationships: {
    event: { kind: 'belongsTo', type: 'ott_events', required: true, onDelete: 'cascade' },
    tag: { kind: 'belongsTo', type: 'tags', required: true, onDelete: 'cascade' },
  },
});
