import { Box, Button, Card, Chip, Skeleton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import ListAlt from '@mui/icons-material/ListAlt';
import { EditBase, LinkBase, Title, useCanAccess, useCreatePath, useGetOne, useGetRecordId, useTranslate, type RaRecord } from 'react-admin';
import { choiceLabel } from '../../../lib/i18n';
import { MATCH_PLAYING_STATUSES } from '@umpire/schema';
import { resourceDef } from '../../../framework/definitions';
import { ResourceForm } from '../../../framework/generic/resource-form';
import { RecordHistory } from '../../../framework/history/record-history';
import { LoadError, PageTabs, RecordBreadcrumbs } from '../../../framework/ui/page-layout';
import { PostponeRoundButton } from '../../../features/match-schedule';
import { formatDate, formatMatchDateTime, MATCH_TIME_ZONE } from '../../../lib/locale';

interface Named extends RaRecord {
  name?: string;
}

export interface RoundMatch extends RaRecord {
  kickoff_at?: string | null;
  status?: string;
  home_score?: number | null;
  away_score?: number | null;
  home_squad?: Named | null;
  away_squad?: Named | null;
  venue?: Named | null;
}

export interface RoundRecord extends RaRecord {
  name?: string;
  number?: number;
  start_date?: string | null;
  end_date?: string | null;
  stage?: Named & { competition_season?: Named | null };
  matches?: RoundMatch[];
}

/** A round with where it sits and its matches' clubs and venues: the page's whole read, in one request. */
export const ROUND_META = { include: ['stage.competition_season', 'matches.home_squad', 'matches.away_squad', 'matches.venue'] };

export default function RoundEdit() {
  return <RoundPage mode="edit" />;
}

export function RoundShow() {
  return <RoundPage mode="show" />;
}

/** The matches list's address showing this round alone (its bulk edit and postponement act on it). */
export const roundMatchesSearch = (id: RaRecord['id']) => `?filter=${encodeURIComponent(JSON.stringify({ round_id: String(id) }))}`;

/**
 * A round (issue 26's gap: postponing a round meant filtering the matches list first): its
 * matches in kickoff order with their scores and venues, "Postpone round" for whoever may edit
 * matches, a link to the matches list filtered by it for bulk edits, and the details form when
 * editing.
 */
function RoundPage({ mode }: { mode: 'edit' | 'show' }) {
  const id = useGetRecordId();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { canAccess: canEdit } = useCanAccess({ action: 'edit', resource: 'rounds' });
  const { canAccess: canEditMatches } = useCanAccess({ action: 'edit', resource: 'matches' });
  const { data: round, error, refetch } = useGetOne<RoundRecord>('rounds', { id, meta: ROUND_META });
  if (error && !round) return <Box sx={{ py: 2 }}><LoadError onRetry={() => void refetch()} /></Box>;
  const dates = [round?.start_date, round?.end_date].filter((d): d is string => !!d).map(formatDate);
  const where = [round?.stage?.competition_season?.name, round?.stage?.name, [...new Set(dates)].join(' – ')].filter(Boolean).join(' · ');

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title={round?.name ?? translate('resources.rounds.name', { smart_count: 1 })} />
      <Box component="header" sx={{ display: 'grid', gap: 0.5 }}>
        <RecordBreadcrumbs resource="rounds" name={round?.name} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', md: '1.8rem' }, fontWeight: 600 }}>
            {round ? round.name : <Skeleton width={260} />}
          </Typography>
          {round && (
            <Stack direction="row" spacing={1}>
              <Button size="small" variant="outlined" startIcon={<ListAlt />} component={LinkBase} to={{ pathname: createPath({ resource: 'matches', type: 'list' }), search: roundMatchesSearch(round.id) }}>
                {translate('roundPage.inMatchesList')}
              </Button>
              {canEditMatches && <PostponeRoundButton roundId={String(round.id)} variant="outlined" />}
            </Stack>
          )}
        </Stack>
        {where && <Typography color="text.secondary">{where}</Typography>}
      </Box>
      {!round ? (
        <Skeleton variant="rectangular" height={360} />
      ) : (
        <PageTabs
          label={translate('roundPage.sections')}
          tabs={[
            { id: 'matches', label: translate('roundPage.tabs.matches'), render: () => <RoundMatches matches={round.matches ?? []} /> },
            ...(mode === 'edit' && canEdit ? [{ id: 'details', label: translate('squadEditor.tabs.details'), render: () => <RoundDetails id={round.id} /> }] : []),
          ]}
        />
      )}
    </Box>
  );
}

/** Begun: under way or finished. */
const hasBegun = (status: string | undefined) => (MATCH_PLAYING_STATUSES as readonly (string | undefined)[]).includes(status);

/** Under way in red, as the match centre shows it; moved or called off in amber. */
const statusColour = (status: string | undefined) =>
  status !== 'finished' && hasBegun(status) ? 'error' : status === 'postponed' || status === 'cancelled' || status === 'abandoned' ? 'warning' : 'default';

const byKickoff = (a: RoundMatch, b: RoundMatch) => String(a.kickoff_at ?? '').localeCompare(String(b.kickoff_at ?? '')) || String(a.id).localeCompare(String(b.id), undefined, { numeric: true });

/** The round's matches in kickoff order (league time), each opening its match centre. */
export function RoundMatches({ matches }: { matches: RoundMatch[] }) {
  const translate = useTranslate();
  // A match's edit address opens its match centre (resources/calendar/matches redirects there).
  const createPath = useCreatePath();
  if (!matches.length) return <Typography sx={{ p: 2 }} color="text.secondary">{translate('roundPage.noMatches')}</Typography>;
  const sorted = [...matches].sort(byKickoff);
  return (
    <Card sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('roundPage.matchesTable', { smart_count: matches.length })}>
        <TableHead>
          <TableRow>
            <TableCell>
              {translate('matchSchedule.columns.kickoff')}
              <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {translate('form.matchTimeHint', { zone: MATCH_TIME_ZONE })}
              </Typography>
            </TableCell>
            <TableCell>{translate('matchSchedule.columns.match')}</TableCell>
            <TableCell align="center">{translate('roundPage.score')}</TableCell>
            <TableCell>{translate('matchSchedule.columns.status')}</TableCell>
            <TableCell>{translate('matchSchedule.columns.venue')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((m) => {
            const name = `${m.home_squad?.name ?? '?'} – ${m.away_squad?.name ?? '?'}`;
            // A match not begun carries 0:0 in the database: its score is shown only once it is under way.
            const played = hasBegun(m.status) && m.home_score != null && m.away_score != null;
            return (
              <TableRow key={m.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{m.kickoff_at ? formatMatchDateTime(m.kickoff_at) : '—'}</TableCell>
                <TableCell>
                  <LinkBase to={createPath({ resource: 'matches', type: 'edit', id: m.id })}>{name}</LinkBase>
                </TableCell>
                <TableCell align="center">{played ? `${m.home_score}:${m.away_score}` : '–'}</TableCell>
                <TableCell>
                  <Chip size="small" label={m.status ? choiceLabel(translate, 'matches', 'status', m.status) : ''} color={statusColour(m.status)} variant={m.status === 'finished' ? 'outlined' : 'filled'} />
                </TableCell>
                <TableCell>{m.venue?.name ?? translate('matchSchedule.noVenue')}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Card>
  );
}

function RoundDetails({ id }: { id: RaRecord['id'] }) {
  const { canAccess: canDelete } = useCanAccess({ action: 'delete', resource: 'rounds' });
  return (
    <EditBase resource="rounds" id={id} mutationMode="pessimistic" redirect={false} queryOptions={{ meta: ROUND_META }} mutationOptions={{ meta: ROUND_META }}>
      <Card>
        <ResourceForm def={resourceDef('rounds')!} canDelete={canDelete} />
        <RecordHistory />
      </Card>
    </EditBase>
  );
}
