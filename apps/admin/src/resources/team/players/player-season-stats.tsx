import { Box, Paper, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useGetOne, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { getList } from '../../../providers/json-api';
import { formatNumber } from '../../../lib/locale';
import { Crest } from '../../../framework/ui/crest';
import { EmptyState, LoadError, SectionCard } from '../../../framework/ui/page-layout';
import type { StatisticRow } from '../../../features/statistics';

/** A row of GET /statistics, as the statistics page reads it. */
export type StatisticRecord = StatisticRow;

const FIGURES = ['appearances', 'minutes_played', 'goals', 'assists', 'yellow_cards', 'red_cards', 'clean_sheets', 'rating'] as const;

/** Sums a player's lines (one per squad, after a transfer); the rating is weighted by appearances. */
export function totalOf(lines: readonly StatisticRecord[]): Record<(typeof FIGURES)[number], number | null> {
  const sum = (key: Exclude<(typeof FIGURES)[number], 'rating'>) => lines.reduce((s, l) => s + (l[key] ?? 0), 0);
  const rated = lines.filter((l) => l.rating !== null && l.appearances > 0);
  const apps = rated.reduce((s, l) => s + l.appearances, 0);
  return {
    appearances: sum('appearances'),
    minutes_played: sum('minutes_played'),
    goals: sum('goals'),
    assists: sum('assists'),
    yellow_cards: sum('yellow_cards'),
    red_cards: sum('red_cards'),
    clean_sheets: sum('clean_sheets'),
    rating: apps ? Math.round((rated.reduce((s, l) => s + l.rating! * l.appearances, 0) / apps) * 100) / 100 : null,
  };
}

/** The current season's figures of one player (computed by the server from incidents and lineups). */
export function PlayerSeasonStats({ playerId }: { playerId: Identifier }) {
  const translate = useTranslate();
  const stats = useQuery({
    queryKey: ['statistics', 'player', String(playerId)],
    queryFn: () => getList<StatisticRecord, { competition_season?: string }>('/statistics', { 'filter[player]': String(playerId) }, 3),
    staleTime: 60_000,
  });
  const seasonId = stats.data?.meta.competition_season;
  const { data: season } = useGetOne<RaRecord & { name?: string }>('competition_seasons', { id: seasonId! }, { enabled: !!seasonId && seasonId !== '0', staleTime: 10 * 60_000 });
  const title = season?.name ? translate('playerPage.stats.titleOf', { season: season.name }) : translate('playerPage.stats.title');

  return (
    <SectionCard title={title}>
      {stats.error ? (
        <LoadError onRetry={() => void stats.refetch()} />
      ) : !stats.data ? (
        <Skeleton variant="rectangular" height={96} />
      ) : stats.data.data.length === 0 ? (
        <EmptyState>{translate('playerPage.stats.empty')}</EmptyState>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {stats.data.data.length > 1 &&
            stats.data.data.map((line) => (
              <Box key={line.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Crest team={line.squad?.team} fallbackImageId={line.squad?.image_id} size={20} />
                <Typography variant="body2">
                  {translate('playerPage.stats.forSquad', { squad: line.squad?.name ?? '', goals: line.goals, appearances: line.appearances })}
                </Typography>
              </Box>
            ))}
          <StatFigures values={totalOf(stats.data.data)} />
        </Box>
      )}
    </SectionCard>
  );
}

function StatFigures({ values }: { values: ReturnType<typeof totalOf> }) {
  const translate = useTranslate();
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))' }} data-testid="player-season-stats">
      {FIGURES.map((key) => (
        <Paper key={key} variant="outlined" sx={{ p: 1 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {translate(`resources.statistics.fields.${key}`)}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: '1.25rem', fontWeight: 600 }}>
            {values[key] === null ? '–' : key === 'rating' ? formatNumber(values[key], { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : formatNumber(values[key])}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
