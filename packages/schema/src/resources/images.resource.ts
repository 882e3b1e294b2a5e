import { defineResource } from '../resource';
import { decimal, integer, recordId, text } from '../validators';

/**
 * An image as records use it: a picture of the media library (`file_id`) with what one use of it
 * needs: alt text in both languages, the focal point that crops keep, the credit. The server
 * copies `path` (the file's image path), `width` and `height` from the file.
 */
export const images = defineResource({
  type: 'images',
  table: 'images',
  section: 'folder',
  titleAttribute: 'name',
  defaultSort: '-created_at',
  public: { reach: 'owned', attributes: ['path', 'name', 'alt_text_pl', 'alt_text_en', 'focal_x', 'focal_y', 'credit', 'width', 'height'] },
  attributes: {
    file_id: { type: 'string', schema: recordId(), required: true, example: '1' },
    path: { type: 'string', schema: text(1024), readOnly: true, filter: true, search: true, sort: true, list: true },
    name: { type: 'string', schema: text(255), search: true, sort: true, list: true, example: 'Derby Warszawy' },
    alt_text_pl: { type: 'string', schema: text(500), search: true, example: 'Kibice na trybunie' },
    alt_text_en: { type: 'string', schema: text(500), search: true, example: 'Fans in the stand' },
    focal_x: { type: 'number', schema: decimal(0, 1), default: 0.5, example: 0.4 },
    focal_y: { type: 'number', schema: decimal(0, 1), default: 0.5, example: 0.3 },
    credit: { type: 'string', schema: text(255), search: true, example: 'Fot. Jan Kowalski' },
    width: { type: 'integer', schema: integer(1, 100000), readOnly: true, filter: 'range', sort: true, list: true },
    height: { type: 'integer', schema: integer(1, 100000), readOnly: true, filter: 'range', sort: true, list: true },
  },
  relationships: {},
});
