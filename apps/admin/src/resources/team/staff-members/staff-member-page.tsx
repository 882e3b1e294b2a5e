import { Box, Card, Chip, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  EditBase,
  LinkBase,
  ShowBase,
  Title,
  useCanAccess,
  useCreatePath,
  useDataProvider,
  useEditContext,
  useShowContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { resourceDef } from '../../registry';
import { ResourceForm } from '../../generic/resource-form';
import { resolveImagePaths } from '../../generic/image-paths';
import { RecordHistory } from '../../../features/history/record-history';
import { formatDate } from '../../../lib/locale';
import { Crest } from '../shared/crest';
import { EmptyState, LoadError, PageTabs, SectionCard, TableScroll } from '../shared/page-layout';
import { BirthDate, FactList, Nationalities, PageSkeleton, PersonHeader } from '../shared/person-page';
import { fullName, type StaffMemberRecord } from '../shared/people';
import type { SquadRecord, SquadStaffMemberRecord } from '../shared/squad-members';

/** Spec §3: a staff member with their squads (team, crest, season) and roles. */
export const STAFF_INCLUDE = [
  'image',
  'squad_staff_members.squad.team.image',
  'squad_staff_members.squad.team.club',
  'squad_staff_members.squad.season',
  'squad_staff_members.staff_role',
];
export const STAFF_META = { include: STAFF_INCLUDE };

/** Spec §4: like a player, a staff member reloads only when the user asks. */
const CACHED = { meta: STAFF_META, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnMount: false } as const;

interface StaffFull extends StaffMemberRecord {
  squad_staff_members?: (SquadStaffMemberRecord & { squad?: SquadRecord })[];
}

interface Loaded {
  record: StaffFull | undefined;
  refetch: () => unknown;
  isFetching: boolean;
  error: unknown;
}

export default function StaffMemberEdit() {
  const def = resourceDef('staff_members')!;
  const dataProvider = useDataProvider();
  return (
    <EditBase
      resource="staff_members"
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={CACHED}
      mutationOptions={{ meta: STAFF_META }}
      transform={(data: Record<string, unknown>, options?: { previousData: RaRecord }) => resolveImagePaths(dataProvider, def, data, options?.previousData)}
    >
      <FromEdit />
    </EditBase>
  );
}

export function StaffMemberShow() {
  return (
    <ShowBase resource="staff_members" queryOptions={CACHED}>
      <FromShow />
    </ShowBase>
  );
}

function FromEdit() {
  return <StaffMemberPage mode="edit" loaded={useEditContext<StaffFull>()} />;
}

function FromShow() {
  return <StaffMemberPage mode="show" loaded={useShowContext<StaffFull>()} />;
}

/** The newest role first: the current season's squad before earlier ones. */
export function sortBySeason<T extends { squad?: SquadRecord; since?: string | null }>(links: readonly T[]): T[] {
  return [...links].sort(
    (a, b) => (b.squad?.season?.start_date ?? '').localeCompare(a.squad?.season?.start_date ?? '') || (b.since ?? '').localeCompare(a.since ?? ''),
  );
}

function StaffMemberPage({ mode, loaded }: { mode: 'edit' | 'show'; loaded: Loaded }) {
  const translate = useTranslate();
  const { record: person, refetch, isFetching, error } = loaded;
  const { canAccess: canEdit } = useCanAccess({ action: 'edit', resource: 'staff_members' });
  const { canAccess: canDelete } = useCanAccess({ action: 'delete', resource: 'staff_members' });
  if (error && !person) return <Box sx={{ py: 2 }}><LoadError onRetry={() => void refetch()} /></Box>;
  const links = sortBySeason(person?.squad_staff_members ?? []);
  const current = links.find((l) => l.squad?.season?.is_current) ?? links[0];

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title={person ? fullName(person) : translate('resources.staff_members.name', { smart_count: 1 })} />
      <PersonHeader
        resource="staff_members"
        person={person}
        onReload={() => void refetch()}
        reloading={isFetching}
        subtitle={
          current?.squad && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
              {current.staff_role?.name && <Chip size="small" label={current.staff_role.name} />}
              <Crest team={current.squad.team} fallbackImageId={current.squad.image_id} size={22} />
              <Typography variant="body2">{current.squad.name}</Typography>
            </Box>
          )
        }
      />
      {!person ? (
        <PageSkeleton />
      ) : (
        <PageTabs
          label={translate('staffPage.sections')}
          tabs={[
            {
              id: 'profile',
              label: translate('playerPage.tabs.profile'),
              render: () => (
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 1fr) 2fr' }, alignItems: 'start' }}>
                  <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
                    <SectionCard title={translate('playerPage.facts')}>
                      <FactList
                        facts={[
                          { label: translate('resources.staff_members.fields.birth_date'), value: <BirthDate value={person.birth_date} /> },
                          { label: translate('resources.staff_members.fields.nationality'), value: <Nationalities codes={[person.nationality]} /> },
                        ]}
                      />
                    </SectionCard>
                    {person.biography && (
                      <SectionCard title={translate('resources.staff_members.fields.biography')}>
                        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                          {person.biography}
                        </Typography>
                      </SectionCard>
                    )}
                  </Box>
                  <StaffSquads links={links} />
                </Box>
              ),
            },
            ...(mode === 'edit' && canEdit
              ? [
                  {
                    id: 'details',
                    label: translate('playerPage.tabs.details'),
                    render: () => (
                      <Card>
                        <ResourceForm def={resourceDef('staff_members')!} canDelete={canDelete} />
                        <RecordHistory />
                      </Card>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Box>
  );
}

function StaffSquads({ links }: { links: (SquadStaffMemberRecord & { squad?: SquadRecord })[] }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <SectionCard title={translate('staffPage.squads')}>
      {links.length === 0 ? (
        <EmptyState>{translate('playerPage.noSquads')}</EmptyState>
      ) : (
        <TableScroll label={translate('staffPage.squads')}>
          <Table size="small" aria-label={translate('staffPage.squads')} sx={{ minWidth: 520 }} data-testid="staff-squads">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.squad_staff_members.fields.squad')}</TableCell>
                <TableCell>{translate('resources.squads.fields.season')}</TableCell>
                <TableCell>{translate('resources.squad_staff_members.fields.staff_role')}</TableCell>
                <TableCell>{translate('resources.squad_staff_members.fields.since')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {links.map((l) => (
                <TableRow key={l.id} hover>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Crest team={l.squad?.team} fallbackImageId={l.squad?.image_id} size={24} />
                      <Link component={LinkBase} to={createPath({ resource: 'squads', id: l.squad_id!, type: 'show' })} underline="hover">
                        {l.squad?.team?.name ?? l.squad?.name ?? `#${l.squad_id}`}
                      </Link>
                    </Box>
                  </TableCell>
                  <TableCell>{l.squad?.season?.name ?? ''}</TableCell>
                  <TableCell>{l.staff_role?.name ?? ''}</TableCell>
                  <TableCell>{l.since ? formatDate(l.since) : ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
      )}
    </SectionCard>
  );
}
