import { defineResource } from '../resource';
import { isoDate } from '../validators';

/** A staff member in a squad with a role (spec: links a staff_member and a squad). */
export const squadStaffMembers = defineResource({
  type: 'squad_staff_members',
  table: 'squad_staff_members',
  section: 'team',
  defaultSort: 'id',
  public: { reach: 'listed', attributes: ['since'], relationships: ['squad', 'staff_member', 'staff_role'] },
  attributes: {
    since: { type: 'date', schema: isoDate(), sort: true, list: true, example: '2025-06-15' },
  },
  relationships: {
    squad: { kind: 'belongsTo', type: 'squads', required: true, onDelete: 'cascade' },
    staff_member: { kind: 'belongsTo', type: 'staff_members', required: true, onDelete: 'cascade' },
    staff_role: { kind: 'belongsTo', type: 'staff_roles', onDelete: 'setNull' },
  },
});
