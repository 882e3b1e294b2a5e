import { z } from 'zod';
import { defineResource } from '../resource';
import { recordId, text } from '../validators';
import { OTT_LOCALES } from './enums';

/** The order of a format's segments: items naming a segment of the format (spec §3). */
export const segmentsOrderSchema = z
  .array(z.object({ segment_id: recordId() }, { error: 'invalidType' }), { error: 'invalidType' })
  .max(500, { error: 'maxLength' });

/** A video format (a series: "Match highlights", "Studio"), made of segments, titled per locale. */
export const formats = defineResource({
  type: 'formats',
  path: 'ott/formats',
  table: 'ott_formats',
  section: 'video',
  defaultSort: '-created_at',
  newestFirst: true,
  public: { reach: 'listed', attributes: ['segments_order', 'title', 'description'], relationships: ['image', 'image_vertical', 'image_horizontal', 'tags', 'segments'] },
  attributes: {
    segments_order: { type: 'json', schema: segmentsOrderSchema, default: [], example: [] },
  },
  relationships: {
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    image_vertical: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    image_horizontal: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    tags: { kind: 'manyToMany', type: 'tags', through: 'format_tags', from: 'format', to: 'tag' },
    segments: { kind: 'hasMany', type: 'segments', inverse: 'format' },
  },
  translations: {
    table: 'ott_format_translations',
    parentKey: 'format_id',
    locales: OTT_LOCALES,
    attributes: {
      title: { type: 'string', schema: text(200), required: true, search: true, list: true, example: 'Skróty' },
      description: { type: 'text', schema: text(4000), search: true, example: 'Najlepsze akcje.' },
    },
  },
});

export const formatTags = defineResource({
  type: 'format_tags',
  path: 'ott/format_tags',
  table: 'ott_format_tags',
  section: 'video',
  attributes: {},
  relationships: {
    format: { kind: 'belongsTo', type: 'formats', required: true, onDelete: 'cascade' },
    tag: { kind: 'belongsTo', type: 'tags', required: true, onDelete: 'cascade' },
  },
});

/** Segments in their order: the format's `segments_order`, then the rest by numeric id (spec §4). */
export function orderSegments<S extends { id: string }>(segments: readonly S[], order: readonly { segment_id: string }[] | null | undefined): S[] {
  const rank = new Map((order ?? []).map((item, i) => [String(item.segment_id), i]));
  return [...segments].sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity) || Number(a.id) - Number(b.id));
}
