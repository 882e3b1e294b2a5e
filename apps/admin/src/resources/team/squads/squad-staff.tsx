import { useMemo } from 'react';
import { Box, TableBody, TableCell, TableRow } from '@mui/material';
import { AutocompleteInput, ReferenceInput, SelectInput, useGetList, useTranslate } from 'react-admin';
import { LeagueDateInput } from '../../../framework/dates/league-date-inputs';
import { attributeValidators } from '../../../framework/generic/validation';
import { formatDate } from '../../../lib/locale';
import { AddPersonDialog, attributeOf, onlyWhen, useAddedPerson, MemberNameCell, MemberSelect, MembersTable, MembersToolbar, NationalityAndAgeCells, RemoveMemberCell } from '../../../features/people';
import { fullName, type StaffMemberRecord, type StaffRoleRecord } from '../../../framework/records/people';
import { useRowChange } from '../../../framework/ui/row-actions';
import { submissionErrors } from '../../../framework/ui/server-errors';
import type { SquadRecord, SquadStaffMemberRecord } from '../../../framework/records/squad-members';
import { useSquadMembers } from './use-squad';

/** Staff roles change rarely: loaded once per session. */
export function useStaffRoles() {
  return useGetList<StaffRoleRecord>(
    'staff_roles',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'display_order', order: 'ASC' } },
    { staleTime: 30 * 60_000 },
  );
}

function byRoleOrder(roles: StaffRoleRecord[] | undefined) {
  const order = new Map((roles ?? []).map((r, i) => [String(r.id), i]));
  return (a: SquadStaffMemberRecord, b: SquadStaffMemberRecord) =>
    (order.get(String(a.staff_role_id)) ?? 999) - (order.get(String(b.staff_role_id)) ?? 999) ||
    (a.staff_member?.last_name ?? '').localeCompare(b.staff_member?.last_name ?? '');
}

/** The squad's staff with their roles; links are changed and removed by the link's own id. */
export function SquadStaff({ squad, editable }: { squad: SquadRecord; editable: boolean }) {
  const translate = useTranslate();
  const { data: roles } = useStaffRoles();
  const links = useMemo(() => [...(squad.squad_staff_members ?? [])].sort(byRoleOrder(roles)), [squad.squad_staff_members, roles]);

  return (
    <Box>
      <MembersToolbar
        count={translate('squadEditor.staffCount', { smart_count: links.length })}
        addLabel={translate('squadEditor.addStaff')}
        editable={editable}
        addDialog={(close) => <AddStaffDialog squad={squad} roles={roles ?? []} onClose={close} />}
      />
      <MembersTable
        empty={links.length === 0 ? translate('squadEditor.noStaff') : null}
        label={translate('squadEditor.staffTable')}
        minWidth={640}
        editable={editable}
        headings={
          <>
            <TableCell>{translate('squadEditor.columns.staffMember')}</TableCell>
            <TableCell>{translate('squadEditor.columns.role')}</TableCell>
            <TableCell>{translate('squadEditor.columns.nationality')}</TableCell>
            <TableCell align="right">{translate('squadEditor.columns.age')}</TableCell>
            <TableCell>{translate('squadEditor.columns.since')}</TableCell>
          </>
        }
      >
        <TableBody>
          {links.map((link) => (
            <StaffRow key={link.id} link={link} squad={squad} roles={roles ?? []} editable={editable} />
          ))}
        </TableBody>
      </MembersTable>
    </Box>
  );
}

function StaffRow({ link, squad, roles, editable }: { link: SquadStaffMemberRecord; squad: SquadRecord; roles: StaffRoleRecord[]; editable: boolean }) {
  const translate = useTranslate();
  const actions = useSquadMembers(squad.id);
  // One change of the link at a time: the role stays disabled while it is being removed, and the other way round.
  const { busy, run } = useRowChange<'role' | 'remove'>();
  const person = link.staff_member;
  const name = fullName(person) || `#${link.staff_member_id}`;
  return (
    <TableRow hover data-testid={`squad-staff-${link.id}`}>
      <MemberNameCell resource="staff_members" id={link.staff_member_id!} person={person} name={name} />
      <TableCell>
        {editable ? (
          <MemberSelect
            label={translate('squadEditor.roleOf', { name })}
            value={link.staff_role_id}
            noneLabel={translate('squadEditor.noRole')}
            disabled={busy !== null}
            minWidth={190}
            onChange={(staff_role_id) => void run('role', () => actions.updateStaff(link, { staff_role_id }))}
          >
            {roles.map((r) => (
              <option key={r.id} value={String(r.id)}>
                {r.name}
              </option>
            ))}
          </MemberSelect>
        ) : (
          (link.staff_role?.name ?? '')
        )}
      </TableCell>
      <NationalityAndAgeCells person={person} />
      <TableCell>{link.since ? formatDate(link.since) : ''}</TableCell>
      {editable && (
        <RemoveMemberCell
          label={translate('squadEditor.removeStaff', { name })}
          title="squadEditor.removeStaffTitle"
          name={name}
          squad={squad}
          loading={busy !== null}
          onConfirm={() => run('remove', () => actions.removeStaff(link))}
        />
      )}
    </TableRow>
  );
}

/** Adds someone to the staff (from the database or typed in here) with a role. */
function AddStaffDialog({ squad, roles, onClose }: { squad: SquadRecord; roles: StaffRoleRecord[]; onClose: () => void }) {
  const translate = useTranslate();
  const actions = useSquadMembers(squad.id);
  const person = useAddedPerson<StaffMemberRecord>('staff_member');
  const { source } = person;
  const validators = useMemo(
    () => ({
      staffMember: onlyWhen(() => source === 'existing', [(value: unknown) => (value ? undefined : 'validation.required')]),
      firstName: onlyWhen(() => source === 'new', attributeValidators('staff_members', attributeOf('staff_members', 'first_name'))),
      lastName: onlyWhen(() => source === 'new', attributeValidators('staff_members', attributeOf('staff_members', 'last_name'))),
    }),
    [source],
  );

  const onSubmit = async (values: Record<string, unknown>) => {
    const staffMember = await person.personId(values, (typed) => actions.createPerson<StaffMemberRecord>('staff_members', typed));
    if ('errors' in staffMember) return staffMember.errors;
    try {
      await actions.addStaff({ staff_member_id: staffMember.id, staff_role_id: (values.staff_role_id as string) || null, since: (values.since as string) || null });
      onClose();
      return undefined;
    } catch (error) {
      return submissionErrors(error) ?? {};
    }
  };

  return (
    <AddPersonDialog
      resource="staff_members"
      prefix="staff_member"
      person={person}
      titleId="add-staff-title"
      title={translate('squadEditor.addStaffTo', { squad: squad.name ?? '' })}
      labels={{ source: 'squadEditor.staffSource', existing: 'squadEditor.existingStaff', new: 'squadEditor.newStaff', created: 'squadEditor.staffCreated' }}
      existing={
        <ReferenceInput source="staff_member_id" reference="staff_members" sort={{ field: 'last_name', order: 'ASC' }} perPage={20}>
          <AutocompleteInput
            label="squadEditor.searchStaff"
            optionText={(r: StaffMemberRecord) => (r.nationality ? `${fullName(r)} (${r.nationality})` : fullName(r))}
            filterToQuery={(q: string) => (q ? { q } : {})}
            validate={validators.staffMember}
            isRequired
            noOptionsText={translate('ui.nothingFound')}
            sx={{ width: '100%' }}
          />
        </ReferenceInput>
      }
      validators={validators}
      defaultValues={{ staff_member_id: null, staff_role_id: '', since: null, staff_member: {} }}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <SelectInput
          source="staff_role_id"
          label="resources.squad_staff_members.fields.staff_role"
          choices={roles.map((r) => ({ id: String(r.id), name: r.name ?? '' }))}
          translateChoice={false}
          emptyText="squadEditor.noRole"
        />
        <LeagueDateInput source="since" label="resources.squad_staff_members.fields.since" />
      </Box>
    </AddPersonDialog>
  );
}
