import { useMemo, useState } from 'react';
import {
  Box,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/PersonAdd';
import DeleteIcon from '@mui/icons-material/PersonRemove';
import {
  AutocompleteInput,
  Confirm,
  DateInput,
  Form,
  LinkBase,
  ReferenceInput,
  SaveButton,
  SelectInput,
  TextInput,
  useCreatePath,
  useGetList,
  useTranslate,
  type Validator,
} from 'react-admin';
import { attributeValidators } from '../../generic/validation';
import { resourceDef } from '../../registry';
import { formatDate } from '../../../lib/locale';
import { CountryLabel, CountryPicker } from '../shared/country-label';
import { PersonAvatar } from '../shared/crest';
import { EmptyState, TableScroll } from '../shared/page-layout';
import { ageOn, fullName, type StaffMemberRecord, type StaffRoleRecord } from '../shared/people';
import { submissionErrors } from '../shared/server-errors';
import type { SquadRecord, SquadStaffMemberRecord } from '../shared/squad-members';
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
  const [adding, setAdding] = useState(false);
  const links = useMemo(() => [...(squad.squad_staff_members ?? [])].sort(byRoleOrder(roles)), [squad.squad_staff_members, roles]);

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} aria-live="polite">
          {translate('squadEditor.staffCount', { smart_count: links.length })}
        </Typography>
        {editable && (
          <MuiButton variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {translate('squadEditor.addStaff')}
          </MuiButton>
        )}
      </Box>
      {links.length === 0 ? (
        <EmptyState>{translate('squadEditor.noStaff')}</EmptyState>
      ) : (
        <TableScroll label={translate('squadEditor.staffTable')}>
          <Table size="small" aria-label={translate('squadEditor.staffTable')} sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('squadEditor.columns.staffMember')}</TableCell>
                <TableCell>{translate('squadEditor.columns.role')}</TableCell>
                <TableCell>{translate('squadEditor.columns.nationality')}</TableCell>
                <TableCell align="right">{translate('squadEditor.columns.age')}</TableCell>
                <TableCell>{translate('squadEditor.columns.since')}</TableCell>
                {editable && <TableCell align="right">{translate('list.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {links.map((link) => (
                <StaffRow key={link.id} link={link} squad={squad} roles={roles ?? []} editable={editable} />
              ))}
            </TableBody>
          </Table>
        </TableScroll>
      )}
      {editable && adding && <AddStaffDialog squad={squad} roles={roles ?? []} onClose={() => setAdding(false)} />}
    </Box>
  );
}

function StaffRow({ link, squad, roles, editable }: { link: SquadStaffMemberRecord; squad: SquadRecord; roles: StaffRoleRecord[]; editable: boolean }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const actions = useSquadMembers(squad.id);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const person = link.staff_member;
  const name = fullName(person) || `#${link.staff_member_id}`;
  const age = ageOn(person?.birth_date);
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
    } catch {
      // Shown by the HTTP client; nothing changed in memory.
    } finally {
      setBusy(false);
    }
  };
  return (
    <TableRow hover data-testid={`squad-staff-${link.id}`}>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 180 }}>
          <PersonAvatar image={person?.image} imageId={person?.image_id} name={name} size={32} />
          <Link component={LinkBase} to={createPath({ resource: 'staff_members', id: link.staff_member_id!, type: 'show' })} underline="hover" sx={{ fontWeight: 500 }}>
            {name}
          </Link>
        </Box>
      </TableCell>
      <TableCell>
        {editable ? (
          <TextField
            select
            size="small"
            variant="outlined"
            margin="none"
            value={link.staff_role_id ?? ''}
            disabled={busy}
            onChange={(e) => void run(() => actions.updateStaff(link, { staff_role_id: e.target.value || null }))}
            slotProps={{ select: { native: true }, htmlInput: { 'aria-label': translate('squadEditor.roleOf', { name }) } }}
            sx={{ minWidth: 190, '& select': { py: 0.75 } }}
          >
            <option value="">{translate('squadEditor.noRole')}</option>
            {roles.map((r) => (
              <option key={r.id} value={String(r.id)}>
                {r.name}
              </option>
            ))}
          </TextField>
        ) : (
          (link.staff_role?.name ?? '')
        )}
      </TableCell>
      <TableCell>
        <CountryLabel code={person?.nationality} />
      </TableCell>
      <TableCell align="right">{age === null ? '' : <span title={formatDate(person?.birth_date)}>{age}</span>}</TableCell>
      <TableCell>{link.since ? formatDate(link.since) : ''}</TableCell>
      {editable && (
        <TableCell align="right">
          <Tooltip disableInteractive title={translate('squadEditor.removeStaff', { name })}>
            <IconButton size="small" color="error" aria-label={translate('squadEditor.removeStaff', { name })} onClick={() => setConfirming(true)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Confirm
            isOpen={confirming}
            loading={busy}
            title="squadEditor.removeStaffTitle"
            content="squadEditor.removePlayerContent"
            titleTranslateOptions={{ name }}
            contentTranslateOptions={{ name, squad: squad.name ?? '' }}
            confirmColor="warning"
            onConfirm={() => void run(() => actions.removeStaff(link)).then(() => setConfirming(false))}
            onClose={() => setConfirming(false)}
          />
        </TableCell>
      )}
    </TableRow>
  );
}

type Mode = 'existing' | 'new';

function onlyWhen(active: () => boolean, validators: Validator[]): Validator {
  return (value, values, props) => {
    if (!active()) return undefined;
    for (const v of validators) {
      const result = v(value, values, props);
      if (result) return result;
    }
    return undefined;
  };
}

const staffAttr = (name: string) => resourceDef('staff_members')!.attributes.find((a) => a.name === name)!;

/** Adds someone to the staff (from the database or typed in here) with a role. */
function AddStaffDialog({ squad, roles, onClose }: { squad: SquadRecord; roles: StaffRoleRecord[]; onClose: () => void }) {
  const translate = useTranslate();
  const actions = useSquadMembers(squad.id);
  const [mode, setMode] = useState<Mode>('existing');
  const [created, setCreated] = useState<StaffMemberRecord | null>(null);
  const validators = useMemo(
    () => ({
      staffMember: onlyWhen(() => mode === 'existing', [(value: unknown) => (value ? undefined : 'validation.required')]),
      firstName: onlyWhen(() => mode === 'new', attributeValidators('staff_members', staffAttr('first_name'))),
      lastName: onlyWhen(() => mode === 'new', attributeValidators('staff_members', staffAttr('last_name'))),
    }),
    [mode],
  );

  const onSubmit = async (values: Record<string, unknown>) => {
    let staffMemberId = values.staff_member_id as string | undefined;
    if (mode === 'new') {
      if (created) staffMemberId = String(created.id);
      else {
        try {
          const person = values.staff_member as Partial<StaffMemberRecord>;
          const staff = await actions.createPerson<StaffMemberRecord>('staff_members', {
            first_name: person.first_name,
            last_name: person.last_name,
            birth_date: person.birth_date || null,
            nationality: person.nationality || null,
          });
          setCreated(staff);
          staffMemberId = String(staff.id);
        } catch (error) {
          return submissionErrors(error, 'staff_member') ?? {};
        }
      }
    }
    try {
      await actions.addStaff({ staff_member_id: staffMemberId, staff_role_id: (values.staff_role_id as string) || null, since: (values.since as string) || null });
      onClose();
      return undefined;
    } catch (error) {
      return submissionErrors(error) ?? {};
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="add-staff-title">
      <Form onSubmit={onSubmit} defaultValues={{ staff_member_id: null, staff_role_id: '', since: null, staff_member: {} }} noValidate>
        <DialogTitle id="add-staff-title">{translate('squadEditor.addStaffTo', { squad: squad.name ?? '' })}</DialogTitle>
        <DialogContent>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={mode}
            onChange={(_, value: Mode | null) => value && setMode(value)}
            aria-label={translate('squadEditor.staffSource')}
            sx={{ mb: 2 }}
          >
            <ToggleButton value="existing">{translate('squadEditor.existingStaff')}</ToggleButton>
            <ToggleButton value="new" disabled={!!created}>
              {translate('squadEditor.newStaff')}
            </ToggleButton>
          </ToggleButtonGroup>
          {mode === 'existing' ? (
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
          ) : created ? (
            <Typography sx={{ mb: 2 }}>{translate('squadEditor.staffCreated', { name: fullName(created) })}</Typography>
          ) : (
            <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextInput source="staff_member.first_name" label="resources.staff_members.fields.first_name" validate={validators.firstName} isRequired autoFocus />
              <TextInput source="staff_member.last_name" label="resources.staff_members.fields.last_name" validate={validators.lastName} isRequired />
              <DateInput source="staff_member.birth_date" label="resources.staff_members.fields.birth_date" />
              <CountryPicker source="staff_member.nationality" label="resources.staff_members.fields.nationality" />
            </Box>
          )}
          <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <SelectInput
              source="staff_role_id"
              label="resources.squad_staff_members.fields.staff_role"
              choices={roles.map((r) => ({ id: String(r.id), name: r.name ?? '' }))}
              translateChoice={false}
              emptyText="squadEditor.noRole"
            />
            <DateInput source="since" label="resources.squad_staff_members.fields.since" />
          </Box>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
          <SaveButton label="squadEditor.add" alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
