import { addShadowColumns, createBusinessTable, createSortIndex } from '../columns';
import type { DB, Dialect } from '../database';

/**
 * OTT (issue 11): streams with their server-made secrets (stream keys, SRT passphrase), markers,
 * formats and segments, events, playlists (their translations and links), the transcoding jobs
 * the durable queue runs, and each client's playback signing key.
 */
export async function up(db: DB, d: Dialect): Promise<void> {
  const images: [string, string, 'set null'][] = [
    ['image_id', 'images', 'set null'],
    ['image_vertical_id', 'images', 'set null'],
    ['image_horizontal_id', 'images', 'set null'],
  ];
  const translations = async (table: string, parentKey: string, parent: string) => {
    await createBusinessTable(
      db, d, table,
      [
        ['locale', 'string', { notNull: true }],
        ['title', 'string'],
        ['description', 'text'],
        ['search_text', 'text'],
      ],
      [[parentKey, parent, 'cascade', { notNull: true }]],
    );
    await db.schema.createIndex(`${table}_locale_unique`).on(table).columns([parentKey, 'locale']).unique().execute();
  };
  const tagLinks = async (table: string, key: string, parent: string) => {
    await createBusinessTable(db, d, table, [], [
      [key, parent, 'cascade', { notNull: true }],
      ['tag_id', 'tags', 'cascade', { notNull: true }],
    ]);
    await db.schema.createIndex(`${table}_pair_unique`).on(table).columns([key, 'tag_id']).unique().execute();
  };

  await createBusinessTable(db, d, 'ott_streams', [
    ['protocol', 'string', { notNull: true, default: 'rtmp' }],
    ['encryption', 'string', { notNull: true, default: 'none' }],
    ['kind', 'string', { notNull: true, default: 'live' }],
    ['use_backup', 'boolean', { notNull: true, default: false }],
    ['status', 'string', { notNull: true, default: 'idle' }],
    // Secrets: never declared attributes, so no generic read shows them.
    ['primary_key', 'string', { notNull: true }],
    ['backup_key', 'string', { notNull: true }],
    ['passphrase', 'string'],
  ]);
  await createSortIndex(db, d, 'ott_streams_default_sort_idx', 'ott_streams', '-created_at');

  await createBusinessTable(
    db, d, 'ott_markers',
    [
      ['kind', 'string', { notNull: true, default: 'chapter' }],
      ['start_at', 'datetime', { notNull: true }],
      ['duration_seconds', 'number', { notNull: true, default: 0 }],
      ['title', 'string'],
    ],
    [['stream_id', 'ott_streams', 'cascade', { notNull: true }]],
  );
  await addShadowColumns(db, d, 'ott_markers', true, []);

  await createBusinessTable(db, d, 'ott_formats', [['segments_order', 'json']], images);
  await createSortIndex(db, d, 'ott_formats_default_sort_idx', 'ott_formats', '-created_at');
  await translations('ott_format_translations', 'format_id', 'ott_formats');
  await tagLinks('ott_format_tags', 'format_id', 'ott_formats');
  await createBusinessTable(
    db, d, 'ott_segments',
    [
      ['name', 'string', { notNull: true }],
      ['description', 'text'],
    ],
    [['format_id', 'ott_formats', 'cascade', { notNull: true }]],
  );
  await addShadowColumns(db, d, 'ott_segments', true, ['name']);

  await createBusinessTable(
    db, d, 'ott_events',
    [
      ['status', 'string', { notNull: true, default: 'pending' }],
      ['access', 'string', { notNull: true, default: 'free' }],
      ['allowed_country', 'json'],
      ['starts_at', 'datetime'],
    ],
    [
      ['stream_id', 'ott_streams', 'set null'],
      ['video_id', 'videos', 'set null'],
      ['format_id', 'ott_formats', 'set null'],
      ['segment_id', 'ott_segments', 'set null'],
      ...images,
    ],
  );
  await createSortIndex(db, d, 'ott_events_default_sort_idx', 'ott_events', '-starts_at');
  await translations('ott_event_translations', 'event_id', 'ott_events');
  await tagLinks('ott_event_tags', 'event_id', 'ott_events');

  await createBusinessTable(db, d, 'ott_playlists', [], images);
  await createSortIndex(db, d, 'ott_playlists_default_sort_idx', 'ott_playlists', '-created_at');
  await translations('ott_playlist_translations', 'playlist_id', 'ott_playlists');
  await tagLinks('ott_playlist_tags', 'playlist_id', 'ott_playlists');
  await createBusinessTable(db, d, 'ott_playlist_events', [['position', 'integer', { notNull: true, default: 0 }]], [
    ['playlist_id', 'ott_playlists', 'cascade', { notNull: true }],
    ['event_id', 'ott_events', 'cascade', { notNull: true }],
  ]);
  await db.schema.createIndex('ott_playlist_events_pair_unique').on('ott_playlist_events').columns(['playlist_id', 'event_id']).unique().execute();

  await createBusinessTable(
    db, d, 'ott_transcoding_jobs',
    [
      ['state', 'string', { notNull: true, default: 'CREATED' }],
      ['source', 'string', { notNull: true, default: 'vod' }],
      ['progress', 'number', { notNull: true, default: 0 }],
      ['error', 'text'],
      ['renditions', 'json'],
      ['output_url', 'string'],
      // Storage prefix of the output (HLS files or the MP4).
      ['output_key', 'string'],
      ['duration', 'number'],
      ['attempts', 'integer', { notNull: true, default: 0 }],
      ['started_at', 'datetime'],
      ['finished_at', 'datetime'],
    ],
    [
      ['event_id', 'ott_events', 'cascade', { notNull: true }],
      ['video_id', 'videos', 'set null'],
    ],
  );
  await createSortIndex(db, d, 'ott_transcoding_jobs_default_sort_idx', 'ott_transcoding_jobs', '-created_at');

  // Signs each client's playback URLs (HMAC); made on first use.
  await db.schema
    .createTable('ott_playback_keys')
    .addColumn('client_id', 'integer', (c) => c.primaryKey().references('clients.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .execute();
}
