import { defineResource } from '../resource';
import { imagePath, integer, text } from '../validators';

export const images = defineResource({
  type: 'images',
  table: 'images',
  section: 'folder',
  titleAttribute: 'name',
  defaultSort: '-created_at',
  attributes: {
    path: { type: 'string', schema: imagePath(), required: true, filter: true, search: true, sort: true, list: true, example: 'gallery/2025/derby-warszawy.jpg' },
    name: { type: 'string', schema: text(255), search: true, sort: true, list: true, example: 'Derby Warszawy' },
    alt_text: { type: 'string', schema: text(500), search: true, example: 'Kibice na trybunie' },
    width: { type: 'integer', schema: integer(1, 20000), filter: 'range', sort: true, list: true, example: 1920 },
    height: { type: 'integer', schema: integer(1, 20000), filter: 'range', sort: true, list: true, example: 1080 },
  },
  relationships: {},
});
