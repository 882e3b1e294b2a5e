import { lazy, Suspense, useMemo } from 'react';
import { Box, Link, Paper, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LinkBase, useCreatePath, useGetManyAggregate, useTranslate, type RaRecord } from 'react-admin';
import { getList, getOne } from '../../../providers/json-api';
import { formatNumber } from '../../../lib/locale';
import { EmptyState, LoadError, SectionCard, TableScroll } from '../../../framework/ui/page-layout';
import { fullName, type PlayerRecord } from '../../../framework/records/people';
import type { SquadRecord } from '../../../framework/records/squad-members';

// The chart library loads only when a chart is shown.
const ResultsChart = lazy(() => import('./squad-results-chart'));

export interface PlayerLine {
  player: string;
  goals: number;
  assists: number;
  yellow_cards: number;
  red_cards: number;
  minutes_played: number;
  appearances: number;
  clean_sheets: number;
}

export interface SquadStatsRecord extends RaRecord {
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goals_for: number;
  goals_against: number;
  clean_sheets: number;
  yellow_cards: number;
  red_cards: number;
  players: PlayerLine[];
}

interface RatingRecord extends RaRecord {
  rating: number | null;
  appearances: number;
  player_id: string;
}

export const TOP_PLAYERS = 10;

/** The best players of a squad: goals, then assists, then minutes. */
export function topPlayers(lines: readonly PlayerLine[], count = TOP_PLAYERS): PlayerLine[] {
  return [...lines]
    .filter((l) => l.goals || l.assists || l.minutes_played)
    .sort((a, b) => b.goals - a.goals || b.assists - a.assists || b.minutes_played - a.minutes_played)
    .slice(0, count);
}

export function useSquadStats(squadId: RaRecord['id']) {
  return useQuery({
    queryKey: ['squads', 'stats', String(squadId)],
    queryFn: async () => (await getOne<SquadStatsRecord>(`/squads/${encodeURIComponent(String(squadId))}/stats`)).data,
    staleTime: 60_000,
  });
}

/** Results, goals and cards of the squad's matches, and its leading players with their ratings. */
export function SquadStats({ squad }: { squad: SquadRecord }) {
  const translate = useTranslate();
  const stats = useSquadStats(squad.id);
  const ratings = useQuery({
    queryKey: ['squad_players', 'ratings', String(squad.id)],
    queryFn: async () => (await getList<RatingRecord>('/squad_players/ratings', { 'filter[squad]': String(squad.id) })).data,
    staleTime: 60_000,
  });
  const ratingOf = useMemo(() => new Map((ratings.data ?? []).map((r) => [String(r.player_id), r.rating])), [ratings.data]);

  if (stats.error) return <LoadError onRetry={() => void stats.refetch()} />;
  if (!stats.data) return <Skeleton variant="rectangular" height={320} />;
  const s = stats.data;
  if (!s.played && !s.players.length) return <EmptyState>{translate('squadEditor.stats.noMatches')}</EmptyState>;

  const figures: [string, number][] = [
    ['played', s.played],
    ['won', s.won],
    ['drawn', s.drawn],
    ['lost', s.lost],
    ['goals_for', s.goals_for],
    ['goals_against', s.goals_against],
    ['goal_difference', s.goals_for - s.goals_against],
    ['clean_sheets', s.clean_sheets],
    ['yellow_cards', s.yellow_cards],
    ['red_cards', s.red_cards],
  ];
  const top = topPlayers(s.players);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))' }}>
        {figures.map(([key, value]) => (
          <Paper key={key} variant="outlined" sx={{ p: 1.25 }} data-testid={`squad-stat-${key}`}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {translate(`squadEditor.stats.${key}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontSize: '1.4rem', fontWeight: 600 }}>
              {key === 'goal_difference' && value > 0 ? `+${formatNumber(value)}` : formatNumber(value)}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, alignItems: 'start' }}>
        <SectionCard title={translate('squadEditor.stats.results')}>
          <Suspense fallback={<Skeleton variant="circular" width={180} height={180} />}>
            <ResultsChart won={s.won} drawn={s.drawn} lost={s.lost} />
          </Suspense>
        </SectionCard>
        <SectionCard title={translate('squadEditor.stats.topPlayers')}>
          {top.length === 0 ? (
            <EmptyState>{translate('squadEditor.stats.noPlayers')}</EmptyState>
          ) : (
            <TableScroll label={translate('squadEditor.stats.topPlayers')}>
              <Table size="small" aria-label={translate('squadEditor.stats.topPlayers')} sx={{ minWidth: 560 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('squadEditor.columns.player')}</TableCell>
                    {(['appearances', 'minutes_played', 'goals', 'assists', 'yellow_cards', 'red_cards', 'rating'] as const).map((k) => (
                      <TableCell key={k} align="right">
                        <abbr title={translate(`resources.statistics.fields.${k}`)} style={{ textDecoration: 'none' }}>
                          {translate(`playerStats.short.${k}`)}
                        </abbr>
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {top.map((line) => (
                    <TableRow key={line.player} hover>
                      <TableCell>
                        <PlayerName squad={squad} playerId={line.player} />
                      </TableCell>
                      <TableCell align="right">{line.appearances}</TableCell>
                      <TableCell align="right">{formatNumber(line.minutes_played)}</TableCell>
                      <TableCell align="right" sx={{ fontWeight: 600 }}>
                        {line.goals}
                      </TableCell>
                      <TableCell align="right">{line.assists}</TableCell>
                      <TableCell align="right">{line.yellow_cards}</TableCell>
                      <TableCell align="right">{line.red_cards}</TableCell>
                      <TableCell align="right">{formatRating(ratingOf.get(line.player))}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableScroll>
          )}
        </SectionCard>
      </Box>
    </Box>
  );
}

export function formatRating(rating: number | null | undefined): string {
  return rating === null || rating === undefined ? '–' : formatNumber(rating, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A player of the squad by name; one who has left is looked up (batched with the others). */
function PlayerName({ squad, playerId }: { squad: SquadRecord; playerId: string }) {
  const createPath = useCreatePath();
  const member = squad.squad_players?.find((m) => String(m.player_id) === playerId);
  const { data } = useGetManyAggregate<PlayerRecord>('players', { ids: member ? [] : [playerId] }, { enabled: !member });
  const player = member?.player ?? data?.[0];
  return (
    <Link component={LinkBase} to={createPath({ resource: 'players', id: playerId, type: 'show' })} underline="hover">
      {member?.shirt_number ? `${member.shirt_number}. ` : ''}
      {fullName(player) || `#${playerId}`}
    </Link>
  );
}
