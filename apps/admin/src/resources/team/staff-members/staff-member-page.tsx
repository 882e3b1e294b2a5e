import { Box, Chip, TableCell, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate } from '../../../lib/locale';
import { Crest } from '../../../framework/ui/crest';
import { BirthDate, Nationalities, PersonEdit, PersonPage, PersonProfile, PersonShow, PersonSquads, type PersonPageProps } from '../../../features/people';
import type { StaffMemberRecord } from '../../../framework/records/people';
import { sortBySeason, type SquadRecord, type SquadStaffMemberRecord } from '../../../framework/records/squad-members';

/** Spec §3: a staff member with their squads (team, crest, season) and roles. */
export const STAFF_INCLUDE = [
  'image',
  'squad_staff_members.squad.team.image',
  'squad_staff_members.squad.team.club',
  'squad_staff_members.squad.season',
  'squad_staff_members.staff_role',
];
export const STAFF_META = { include: STAFF_INCLUDE };

interface StaffFull extends StaffMemberRecord {
  squad_staff_members?: (SquadStaffMemberRecord & { squad?: SquadRecord })[];
}

export default function StaffMemberEdit() {
  return <PersonEdit resource="staff_members" meta={STAFF_META} page={StaffMemberPage} />;
}

export function StaffMemberShow() {
  return <PersonShow resource="staff_members" meta={STAFF_META} page={StaffMemberPage} />;
}

function StaffMemberPage({ mode, loaded }: PersonPageProps<StaffFull>) {
  const translate = useTranslate();
  const links = sortBySeason(loaded.record?.squad_staff_members ?? []);
  const current = links.find((l) => l.squad?.season?.is_current) ?? links[0];

  return (
    <PersonPage
      resource="staff_members"
      mode={mode}
      loaded={loaded}
      sectionsLabel={translate('staffPage.sections')}
      subtitle={
        current?.squad && (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
            {current.staff_role?.name && <Chip size="small" label={current.staff_role.name} />}
            <Crest team={current.squad.team} fallbackImageId={current.squad.image_id} size={22} />
            <Typography variant="body2">{current.squad.name}</Typography>
          </Box>
        )
      }
      profile={(person) => (
        <PersonProfile
          resource="staff_members"
          biography={person.biography}
          facts={[
            { label: translate('resources.staff_members.fields.birth_date'), value: <BirthDate value={person.birth_date} /> },
            { label: translate('resources.staff_members.fields.nationality'), value: <Nationalities codes={[person.nationality]} /> },
          ]}
        >
          <StaffSquads links={links} />
        </PersonProfile>
      )}
    />
  );
}

function StaffSquads({ links }: { links: (SquadStaffMemberRecord & { squad?: SquadRecord })[] }) {
  const translate = useTranslate();
  return (
    <PersonSquads
      title={translate('staffPage.squads')}
      links={links}
      linkResource="squad_staff_members"
      testId="staff-squads"
      minWidth={520}
      headings={
        <>
          <TableCell>{translate('resources.squad_staff_members.fields.staff_role')}</TableCell>
          <TableCell>{translate('resources.squad_staff_members.fields.since')}</TableCell>
        </>
      }
      cells={(l) => (
        <>
          <TableCell>{l.staff_role?.name ?? ''}</TableCell>
          <TableCell>{l.since ? formatDate(l.since) : ''}</TableCell>
        </>
      )}
    />
  );
}
