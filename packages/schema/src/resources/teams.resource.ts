import { defineResource } from '../resource';
import { oneOf, text } from '../validators';

export const TEAM_KINDS = ['first', 'reserve', 'youth', 'women'] as const;

export const teams = defineResource({
  type: 'teams',
  table: 'teams',
  section: 'team',
  titleAttribute: 'name',
  defaultSort: 'name',
  public: { reach: 'listed', attributes: ['name', 'short_name', 'kind'], relationships: ['club', 'image', 'squads'] },
  attributes: {
    name: { type: 'string', schema: text(120), required: true, search: true, sort: true, filter: true, list: true, example: 'Legia II Warszawa' },
    short_name: { type: 'string', schema: text(40), search: true, sort: true, list: true, example: 'Legia II' },
    kind: { type: 'string', schema: oneOf(TEAM_KINDS), default: 'first', filter: true, sort: true, list: true, example: 'reserve' },
  },
  relationships: {
    club: { kind: 'belongsTo', type: 'clubs', required: true },
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    squads: { kind: 'hasMany', type: 'squads', inverse: 'team' },
  },
});
