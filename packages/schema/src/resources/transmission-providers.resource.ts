import { defineResource } from '../resource';
import { oneOf, text, websiteUrl } from '../validators';

export const TRANSMISSION_KINDS = ['tv', 'streaming', 'radio'] as const;

export const transmissionProviders = defineResource({
  type: 'transmission_providers',
  table: 'transmission_providers',
  section: 'video',
  titleAttribute: 'name',
  defaultSort: '-created_at',
  newestFirst: true,
  public: { reach: 'listed', attributes: ['name', 'kind', 'website'], relationships: ['image'] },
  attributes: {
    name: { type: 'string', schema: text(120), required: true, unique: true, search: true, sort: true, filter: true, list: true, example: 'Viaplay' },
    kind: { type: 'string', schema: oneOf(TRANSMISSION_KINDS), default: 'tv', filter: true, sort: true, list: true, example: 'streaming' },
    website: { type: 'string', schema: websiteUrl(), list: true, example: 'https://viaplay.pl' },
  },
  relationships: {
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
  },
});
