import { useMemo } from 'react';
import { Box, Card, Chip, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import {
  EditBase,
  LinkBase,
  ShowBase,
  Title,
  useCanAccess,
  useCreatePath,
  useDataProvider,
  useTranslate,
  useEditContext,
  useShowContext,
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
import { fullName } from '../shared/people';
import type { SquadPlayerRecord, SquadRecord } from '../shared/squad-members';
import { CareerClubs, type PlayerWithCareer } from './career-clubs';
import { PlayerSeasonStats } from './player-season-stats';

/** Spec §3: a player is loaded with their squads (team, crest, season) and career clubs (club, crest). */
export const PLAYER_INCLUDE = [
  'image',
  'squad_players.player',
  'squad_players.squad.team.image',
  'squad_players.squad.team.club',
  'squad_players.squad.season',
  'career_clubs.club.image',
];
export const PLAYER_META = { include: PLAYER_INCLUDE };
export const playerQueryKey = (id: RaRecord['id']) => ['players', 'getOne', { id: String(id), meta: PLAYER_META }];

/** Spec §4: a player already loaded is not fetched again unless the user asks (the reload button). */
const CACHED = { meta: PLAYER_META, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnMount: false } as const;

interface PlayerFull extends PlayerWithCareer {
  squad_players?: (SquadPlayerRecord & { squad?: SquadRecord })[];
}

export default function PlayerEdit() {
  const def = resourceDef('players')!;
  const dataProvider = useDataProvider();
  return (
    <EditBase
      resource="players"
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={CACHED}
      mutationOptions={{ meta: PLAYER_META }}
      transform={(data: Record<string, unknown>, options?: { previousData: RaRecord }) => resolveImagePaths(dataProvider, def, data, options?.previousData)}
    >
      <PlayerFromEdit />
    </EditBase>
  );
}

export function PlayerShow() {
  return (
    <ShowBase resource="players" queryOptions={CACHED}>
      <PlayerFromShow />
    </ShowBase>
  );
}

interface Loaded {
  record: PlayerFull | undefined;
  refetch: () => unknown;
  isFetching: boolean;
  error: unknown;
}

function PlayerFromEdit() {
  return <PlayerPage mode="edit" loaded={useEditContext<PlayerFull>()} />;
}

function PlayerFromShow() {
  return <PlayerPage mode="show" loaded={useShowContext<PlayerFull>()} />;
}

function PlayerPage({ mode, loaded }: { mode: 'edit' | 'show'; loaded: Loaded }) {
  const translate = useTranslate();
  const { record: player, refetch, isFetching, error } = loaded;
  const { canAccess: canEdit } = useCanAccess({ action: 'edit', resource: 'players' });
  const { canAccess: canDelete } = useCanAccess({ action: 'delete', resource: 'players' });
  const { canAccess: canEditCareer } = useCanAccess({ action: 'edit', resource: 'career_clubs' });
  const editable = mode === 'edit';
  const current = useMemo(() => currentSquadOf(player), [player]);

  if (error && !player) return <Box sx={{ py: 2 }}><LoadError onRetry={() => void refetch()} /></Box>;

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title={player ? fullName(player) : translate('resources.players.name', { smart_count: 1 })} />
      <PersonHeader
        resource="players"
        person={player}
        onReload={() => void refetch()}
        reloading={isFetching}
        subtitle={
          player && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
              {player.nickname && <Typography color="text.secondary">{translate('playerPage.nickname', { nickname: player.nickname })}</Typography>}
              {player.position && <Chip size="small" label={translate(`resources.players.choices.position.${player.position}`)} />}
              {current?.squad && (
                <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                  <Crest team={current.squad.team} fallbackImageId={current.squad.image_id} size={22} />
                  <Typography variant="body2">
                    {current.shirt_number ? translate('playerPage.currentSquadNumber', { squad: current.squad.name ?? '', number: current.shirt_number }) : current.squad.name}
                  </Typography>
                </Box>
              )}
            </Box>
          )
        }
      />
      {!player ? (
        <PageSkeleton />
      ) : (
        <PageTabs
          label={translate('playerPage.sections')}
          tabs={[
            { id: 'profile', label: translate('playerPage.tabs.profile'), render: () => <PlayerProfile player={player} editable={editable && !!canEditCareer} /> },
            ...(editable && canEdit
              ? [
                  {
                    id: 'details',
                    label: translate('playerPage.tabs.details'),
                    render: () => (
                      <Card>
                        <ResourceForm def={resourceDef('players')!} canDelete={canDelete} />
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

/** The squad of the current season (else the latest), for the header. */
export function currentSquadOf(player: PlayerFull | undefined) {
  const memberships = player?.squad_players ?? [];
  return (
    memberships.find((m) => m.squad?.season?.is_current && !m.left_on) ??
    [...memberships].sort((a, b) => (b.squad?.season?.start_date ?? '').localeCompare(a.squad?.season?.start_date ?? ''))[0]
  );
}

function PlayerProfile({ player, editable }: { player: PlayerFull; editable: boolean }) {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.players.fields.${name}`);
  const facts = [
    { label: field('birth_date'), value: <BirthDate value={player.birth_date} /> },
    { label: translate('playerPage.nationality'), value: <Nationalities codes={[player.nationality, player.second_nationality]} /> },
    { label: field('position'), value: player.position ? translate(`resources.players.choices.position.${player.position}`) : null },
    { label: field('preferred_foot'), value: player.preferred_foot ? translate(`resources.players.choices.preferred_foot.${player.preferred_foot}`) : null },
    { label: field('height_cm'), value: player.height_cm ? translate('playerPage.heightValue', { cm: player.height_cm }) : null },
    { label: field('weight_kg'), value: player.weight_kg ? translate('playerPage.weightValue', { kg: player.weight_kg }) : null },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 1fr) 2fr' }, alignItems: 'start' }}>
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <SectionCard title={translate('playerPage.facts')}>
          <FactList facts={facts} />
        </SectionCard>
        {player.biography && (
          <SectionCard title={field('biography')}>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {player.biography}
            </Typography>
          </SectionCard>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <PlayerSeasonStats playerId={player.id} />
        <PlayerSquads player={player} />
        <CareerClubs player={player} playerKey={playerQueryKey(player.id)} editable={editable} />
      </Box>
    </Box>
  );
}

/** The squads the player has been in, newest season first. */
function PlayerSquads({ player }: { player: PlayerFull }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const rows = [...(player.squad_players ?? [])].sort((a, b) => (b.squad?.season?.start_date ?? '').localeCompare(a.squad?.season?.start_date ?? ''));
  return (
    <SectionCard title={translate('playerPage.squads')}>
      {rows.length === 0 ? (
        <EmptyState>{translate('playerPage.noSquads')}</EmptyState>
      ) : (
        <TableScroll label={translate('playerPage.squads')}>
          <Table size="small" aria-label={translate('playerPage.squads')} sx={{ minWidth: 560 }} data-testid="player-squads">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.squad_players.fields.squad')}</TableCell>
                <TableCell>{translate('resources.squads.fields.season')}</TableCell>
                <TableCell align="right">{translate('squadEditor.columns.number')}</TableCell>
                <TableCell>{translate('resources.squad_players.fields.position')}</TableCell>
                <TableCell>{translate('playerPage.period')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((m) => (
                <TableRow key={m.id} hover>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Crest team={m.squad?.team} fallbackImageId={m.squad?.image_id} size={24} />
                      <Link component={LinkBase} to={createPath({ resource: 'squads', id: m.squad_id!, type: 'show' })} underline="hover">
                        {m.squad?.team?.name ?? m.squad?.name ?? `#${m.squad_id}`}
                      </Link>
                      {m.is_captain && <StarIcon fontSize="small" sx={{ color: 'warning.dark' }} titleAccess={translate('resources.squad_players.fields.is_captain')} />}
                    </Box>
                  </TableCell>
                  <TableCell>{m.squad?.season?.name ?? ''}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {m.shirt_number ?? ''}
                  </TableCell>
                  <TableCell>{m.position ? translate(`resources.squad_players.choices.position.${m.position}`) : ''}</TableCell>
                  <TableCell>
                    {[m.joined_on ? formatDate(m.joined_on) : '', m.left_on ? formatDate(m.left_on) : ''].some(Boolean)
                      ? `${m.joined_on ? formatDate(m.joined_on) : ''} – ${m.left_on ? formatDate(m.left_on) : ''}`
                      : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
      )}
    </SectionCard>
  );
}
