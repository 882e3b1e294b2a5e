import { defineResource } from '../resource';
import { decimal, integer, recordId, text } from '../validators';

/**
 * A video of the media library (`file_id`: an avi, mp4 or mpg, spec §9) with its name and poster.
 * The server reads duration, size, type and dimensions from the file with ffprobe.
 */
export const videos = defineResource({
  type: 'videos',
  table: 'videos',
  section: 'video',
  titleAttribute: 'name',
  defaultSort: '-created_at',
  newestFirst: true,
  public: { reach: 'owned', attributes: ['name', 'duration', 'width', 'height', 'content_type'], relationships: ['poster'] },
  attributes: {
    file_id: { type: 'string', schema: recordId(), required: true, example: '1' },
    name: { type: 'string', schema: text(255), search: true, sort: true, filter: true, list: true, example: 'Skrót meczu' },
    duration: { type: 'number', schema: decimal(0), readOnly: true, filter: 'range', sort: true, list: true },
    width: { type: 'integer', schema: integer(1, 100000), readOnly: true, list: true },
    height: { type: 'integer', schema: integer(1, 100000), readOnly: true, list: true },
    size: { type: 'integer', schema: integer(0), readOnly: true, sort: true, list: true },
    content_type: { type: 'string', schema: text(100), readOnly: true, filter: true },
  },
  relationships: {
    poster: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
  },
});
