import { z } from 'zod';
import { SPONSOR_TIERS } from '../enums';
import { defineResource } from '../resource';
import { integer, oneOf, text, websiteUrl } from '../validators';

export const sponsors = defineResource({
  type: 'sponsors',
  table: 'sponsors',
  section: 'branding',
  titleAttribute: 'name',
  defaultSort: '-created_at',
  newestFirst: true,
  public: { reach: 'listed', attributes: ['name', 'website', 'tier', 'display_order'], relationships: ['image'], where: { is_active: [true] } },
  attributes: {
    name: { type: 'string', schema: text(120), required: true, unique: true, search: true, sort: true, filter: true, list: true, example: 'Żabka' },
    website: { type: 'string', schema: websiteUrl(), list: true, example: 'https://www.zabka.pl' },
    tier: { type: 'string', schema: oneOf(SPONSOR_TIERS), default: 'partner', filter: true, sort: true, list: true, example: 'gold' },
    display_order: { type: 'integer', schema: integer(0, 10000), default: 0, sort: true, example: 7 },
    is_active: { type: 'boolean', schema: z.boolean({ error: 'invalidType' }), default: true, filter: true, sort: true, list: true, example: true },
  },
  relationships: {
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
  },
});
