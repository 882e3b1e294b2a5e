import { defineResource } from '../resource';
import { countryCode, isoDate, text } from '../validators';

export const staffMembers = defineResource({
  type: 'staff_members',
  table: 'staff_members',
  /** Spec §7: fetched with deep includes (a round with its matches' squads' club images). */
  maxIncludeDepth: 4,
  section: 'team',
  titleAttribute: 'last_name',
  defaultSort: 'last_name,first_name',
  /** A coach's birth date is personal data the league keeps for itself. */
  public: { reach: 'listed', attributes: ['first_name', 'last_name', 'nationality', 'biography'], relationships: ['image', 'squad_staff_members'] },
  attributes: {
    first_name: { type: 'string', schema: text(80), required: true, search: true, sort: true, filter: true, list: true, example: 'Marek' },
    last_name: { type: 'string', schema: text(80), required: true, search: true, sort: true, filter: true, list: true, example: 'Papszun' },
    birth_date: { type: 'date', schema: isoDate(), filter: 'range', sort: true, list: true, example: '1974-08-08' },
    nationality: { type: 'string', schema: countryCode(), filter: true, sort: true, list: true, example: 'PL' },
    biography: { type: 'text', schema: text(10000), search: true },
  },
  relationships: {
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    squad_staff_members: { kind: 'hasMany', type: 'squad_staff_members', inverse: 'staff_member' },
  },
});
