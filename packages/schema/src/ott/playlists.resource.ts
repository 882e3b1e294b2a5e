import { defineResource } from '../resource';
import { integer, text } from '../validators';
import { OTT_LOCALES } from './enums';

/** A playlist of events (spec §3), ordered by `position`, with its title per locale. */
export const playlists = defineResource({
  type: 'playlists',
  path: 'ott/playlists',
  table: 'ott_playlists',
  section: 'video',
  defaultSort: '-created_at',
  newestFirst: true,
  maxIncludeDepth: 2,
  public: { reach: 'listed', attributes: ['title', 'description'], relationships: ['image', 'image_vertical', 'image_horizontal', 'tags', 'playlist_events'] },
  attributes: {},
  relationships: {
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    image_vertical: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    image_horizontal: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    tags: { kind: 'manyToMany', type: 'tags', through: 'playlist_tags', from: 'playlist', to: 'tag' },
    playlist_tags: { kind: 'hasMany', type: 'playlist_tags', inverse: 'playlist' },
    playlist_events: { kind: 'hasMany', type: 'playlist_events', inverse: 'playlist' },
  },
  translations: {
    table: 'ott_playlist_translations',
    parentKey: 'playlist_id',
    locales: OTT_LOCALES,
    attributes: {
      title: { type: 'string', schema: text(200), required: true, search: true, list: true, example: 'Skróty kolejki' },
      description: { type: 'text', schema: text(4000), search: true, example: 'Wszystkie bramki.' },
    },
  },
});

export const playlistTags = defineResource({
  type: 'playlist_tags',
  path: 'ott/playlist_tags',
  table: 'ott_playlist_tags',
  section: 'video',
  attributes: {},
  relationships: {
    playlist: { kind: 'belongsTo', type: 'playlists', required: true, onDelete: 'cascade' },
    tag: { kind: 'belongsTo', type: 'tags', required: true, onDelete: 'cascade' },
  },
});

/** An event's place in a playlist; the admin reorders them by drag and drop. */
export const playlistEvents = defineResource({
  type: 'playlist_events',
  path: 'ott/playlist_events',
  table: 'ott_playlist_events',
  section: 'video',
  defaultSort: 'position',
  public: { reach: 'listed', attributes: ['position'], relationships: ['playlist', 'event'] },
  attributes: {
    position: { type: 'integer', schema: integer(0, 100_000), default: 0, sort: true, list: true, example: 0 },
  },
  relationships: {
    playlist: { kind: 'belongsTo', type: 'playlists', required: true, onDelete: 'cascade' },
    event: { kind: 'belongsTo', type: 'ott_events', required: true, onDelete: 'cascade' },
  },
});
