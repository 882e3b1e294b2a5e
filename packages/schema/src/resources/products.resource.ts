import { z } from 'zod';
import { PRODUCT_KINDS } from '../enums';
import { defineResource } from '../resource';
import { decimal, oneOf, text, websiteUrl } from '../validators';

export const products = defineResource({
  type: 'products',
  table: 'products',
  section: 'branding',
  titleAttribute: 'name',
  defaultSort: 'name',
  public: { reach: 'listed', attributes: ['name', 'kind', 'description', 'price', 'currency', 'url'], relationships: ['image'], where: { is_active: [true] } },
  attributes: {
    name: { type: 'string', schema: text(160), required: true, search: true, sort: true, filter: true, list: true, example: 'Szalik kibica' },
    kind: { type: 'string', schema: oneOf(PRODUCT_KINDS), default: 'merchandise', filter: true, sort: true, list: true, example: 'merchandise' },
    description: { type: 'text', schema: text(5000), search: true, example: 'Szalik w barwach ligi' },
    price: { type: 'number', schema: decimal(0, 1000000), filter: 'range', sort: true, list: true, example: 59.9 },
    currency: { type: 'string', schema: oneOf(['PLN', 'EUR', 'USD', 'GBP'] as const), default: 'PLN', filter: true, list: true, example: 'PLN' },
    url: { type: 'string', schema: websiteUrl(), example: 'https://sklep.ekstraklasa.org/szalik' },
    is_active: { type: 'boolean', schema: z.boolean({ error: 'invalidType' }), default: true, filter: true, sort: true, list: true, example: true },
  },
  relationships: {
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
  },
});
