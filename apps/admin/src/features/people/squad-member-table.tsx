import { useState, type ReactNode } from 'react';
import { Box, Button as MuiButton, Link, TableCell, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { LinkBase, useCreatePath, type Identifier } from 'react-admin';
import { formatDate } from '../../lib/locale';
import { CountryLabel } from '../../framework/ui/country-label';
import { PersonAvatar } from '../../framework/ui/crest';
import { ageOn, type PersonRecord } from '../../framework/records/people';
import { EmptyState, ScrollingTable } from '../../framework/ui/page-layout';
import { ConfirmRemoveButton } from '../../framework/ui/row-actions';
import type { SquadRecord } from '../../framework/records/squad-members';

/**
 * Above a squad's players or staff: an optional search field, how many there are (read out when
 * it changes) and, while editable, the add button with the dialog it opens.
 */
export function MembersToolbar({
  count,
  addLabel,
  editable,
  search,
  addDialog,
}: {
  count: string;
  addLabel: string;
  editable: boolean;
  search?: ReactNode;
  addDialog: (close: () => void) => ReactNode;
}) {
  const [adding, setAdding] = useState(false);
  // Only a search field needs the row to wrap on narrow screens.
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: search ? 'wrap' : undefined, mb: 1 }}>
      {search}
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} aria-live="polite">
        {count}
      </Typography>
      {editable && (
        <MuiButton variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {addLabel}
        </MuiButton>
      )}
      {editable && adding && addDialog(() => setAdding(false))}
    </Box>
  );
}

/** A squad's players or staff, or what is said instead (`empty`) when there are none to show. */
export function MembersTable({
  empty,
  label,
  minWidth,
  editable,
  headings,
  children,
}: {
  empty: string | null;
  label: string;
  minWidth: number;
  editable: boolean;
  headings: ReactNode;
  children: ReactNode;
}) {
  if (empty !== null) return <EmptyState>{empty}</EmptyState>;
  return (
    <ScrollingTable label={label} minWidth={minWidth} actions={editable} headings={headings}>
      {children}
    </ScrollingTable>
  );
}

/** A member's photo and name, linked to their page; `detail` (a nickname) goes under the name. */
export function MemberNameCell({
  resource,
  id,
  person,
  name,
  detail,
}: {
  resource: 'players' | 'staff_members';
  id: Identifier;
  person: PersonRecord | undefined;
  name: string;
  detail?: ReactNode;
}) {
  const createPath = useCreatePath();
  return (
    <TableCell>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 180 }}>
        <PersonAvatar image={person?.image} imageId={person?.image_id} name={name} size={32} />
        <Box sx={{ minWidth: 0 }}>
          <Link component={LinkBase} to={createPath({ resource, id, type: 'show' })} underline="hover" sx={{ fontWeight: 500 }}>
            {name}
          </Link>
          {detail}
        </Box>
      </Box>
    </TableCell>
  );
}

/** Where a member is from and how old they are (the birth date on hover). */
export function NationalityAndAgeCells({ person }: { person: PersonRecord | undefined }) {
  const age = ageOn(person?.birth_date);
  return (
    <>
      <TableCell>
        <CountryLabel code={person?.nationality} />
      </TableCell>
      <TableCell align="right">{age === null ? '' : <span title={formatDate(person?.birth_date)}>{age}</span>}</TableCell>
    </>
  );
}

/** A choice in a member's row (position, role), saved as soon as it changes; none is `null`. */
export function MemberSelect({
  label,
  value,
  noneLabel,
  disabled,
  minWidth,
  onChange,
  children,
}: {
  label: string;
  value: string | null | undefined;
  noneLabel: string;
  disabled: boolean;
  minWidth: number;
  onChange: (value: string | null) => void;
  /** The `<option>`s after none. */
  children: ReactNode;
}) {
  return (
    <TextField
      select
      size="small"
      variant="outlined"
      margin="none"
      value={value ?? ''}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value || null)}
      slotProps={{ select: { native: true }, htmlInput: { 'aria-label': label } }}
      sx={{ minWidth, '& select': { py: 0.75 } }}
    >
      <option value="">{noneLabel}</option>
      {children}
    </TextField>
  );
}

/** The last cell of an editable member's row: taking them out of the squad, after asking. */
export function RemoveMemberCell({
  label,
  title,
  name,
  squad,
  loading,
  onConfirm,
}: {
  label: string;
  title: string;
  name: string;
  squad: SquadRecord;
  loading: boolean;
  onConfirm: () => Promise<void>;
}) {
  return (
    <TableCell align="right">
      <ConfirmRemoveButton
        label={label}
        icon={<PersonRemoveIcon fontSize="small" />}
        title={title}
        content="squadEditor.removePlayerContent"
        titleOptions={{ name }}
        contentOptions={{ name, squad: squad.name ?? '' }}
        loading={loading}
        onConfirm={onConfirm}
      />
    </TableCell>
  );
}
