import { lazy, Suspense, useEffect } from 'react';
import { Box, Card, CardContent, Link, MenuItem, Skeleton, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  DataTable,
  LinkBase,
  ListBase,
  Pagination,
  Title,
  useCreatePath,
  useGetList,
  useListContext,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { getList } from '../../providers/json-api';
import { formatNumber } from '../../lib/locale';
import { Crest } from '../../framework/ui/crest';
import { EmptyState, TableScroll } from '../../framework/ui/page-layout';
import { AbbreviatedHeader } from '../../framework/ui/abbreviated-header';
import type { SquadRecord } from '../../framework/records/squad-members';
import { CATEGORIES, categoryOfSort, chartFigure, isSortable, playerName, ranksOf, type StatisticRow } from './statistics-model';

const TopTenChart = lazy(() => import('./top-ten-chart'));

interface CompetitionSeasonRecord extends RaRecord {
  name?: string;
  is_current?: boolean;
  start_date?: string;
}

/** The list's filters (react-admin types them as any). */
interface StatisticsFilter {
  competition_season?: string;
  squad?: string;
}

const FIGURES = ['appearances', 'minutes_played', 'goals', 'assists', 'yellow_cards', 'red_cards', 'clean_sheets', 'penalties_scored', 'own_goals'] as const;

/**
 * Player statistics of a competition season (computed by the server from incidents and
 * lineups): leaderboards for goals, assists, cards, minutes and clean sheets, filtered by squad,
 * sortable and paginated, with the top ten as a chart.
 */
export default function StatisticsPage() {
  const translate = useTranslate();
  return (
    <ListBase resource="statistics" sort={{ field: 'goals', order: 'DESC' }} perPage={25}>
      <Title title={translate('resources.statistics.name', { smart_count: 2 })} />
      <Box sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', md: '1.8rem' }, fontWeight: 600 }}>
          {translate('resources.statistics.name', { smart_count: 2 })}
        </Typography>
        <Filters />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: '3fr 2fr' }, alignItems: 'start' }}>
          <Card sx={{ minWidth: 0 }}>
            <StatisticsTable />
          </Card>
          <ChartCard />
        </Box>
      </Box>
    </ListBase>
  );
}

/** Competition season (the current one by default), squad, and the leaderboard to show. */
function Filters() {
  const translate = useTranslate();
  const list = useListContext<StatisticRow>();
  const { setFilters, sort, setSort } = list;
  const filterValues = list.filterValues as StatisticsFilter;
  const { data: seasons } = useGetList<CompetitionSeasonRecord>(
    'competition_seasons',
    { sort: { field: 'start_date', order: 'DESC' }, pagination: { page: 1, perPage: 100 } },
    { staleTime: 10 * 60_000 },
  );
  // The server's default is the first current competition season; the picker shows the same.
  const fallback = seasons?.filter((s) => s.is_current).sort((a, b) => Number(a.id) - Number(b.id))[0];
  const season = filterValues.competition_season ?? (fallback ? String(fallback.id) : '');
  const squads = useQuery({
    queryKey: ['competition_seasons', 'competitions_squads', season],
    queryFn: async () => (await getList<SquadRecord>(`/competition_seasons/${encodeURIComponent(season)}/competitions_squads`, {}, 3)).data,
    enabled: !!season,
    staleTime: 5 * 60_000,
  });
  const category = categoryOfSort(sort.field);

  useEffect(() => {
    // A squad of another competition season would empty the list: drop it.
    const squad = filterValues.squad;
    if (squad && squads.data && !squads.data.some((s) => String(s.id) === squad)) setFilters({ ...filterValues, squad: undefined });
  }, [squads.data, filterValues, setFilters]);

  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        variant="outlined"
        label={translate('resources.statistics.fields.competition_season')}
        value={seasons ? season : ''}
        onChange={(e) => setFilters({ ...filterValues, competition_season: e.target.value, squad: undefined })}
        fullWidth={false}
        sx={{ minWidth: 280 }}
        data-testid="statistics-season"
      >
        {(seasons ?? []).map((s) => (
          <MenuItem key={s.id} value={String(s.id)}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        variant="outlined"
        label={translate('resources.statistics.fields.squad')}
        value={filterValues.squad ?? ''}
        onChange={(e) => setFilters({ ...filterValues, squad: e.target.value || undefined })}
        fullWidth={false}
        sx={{ minWidth: 240 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        data-testid="statistics-squad"
      >
        <MenuItem value="">{translate('statisticsPage.allSquads')}</MenuItem>
        {(squads.data ?? []).map((s) => (
          <MenuItem key={s.id} value={String(s.id)}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Crest team={s.team} fallbackImage={s.image} fallbackImageId={s.image_id} size={20} />
              {s.team?.name ?? s.name}
            </Box>
          </MenuItem>
        ))}
      </TextField>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={category}
        onChange={(_, value: string | null) => {
          const chosen = CATEGORIES.find((c) => c.id === value);
          if (chosen) setSort({ field: chosen.sort, order: 'DESC' });
        }}
        aria-label={translate('statisticsPage.leaderboard')}
        sx={{ flexWrap: 'wrap' }}
      >
        {CATEGORIES.map((c) => (
          <ToggleButton key={c.id} value={c.id}>
            {translate(`statisticsPage.categories.${c.id}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

function StatisticsTable() {
  const translate = useTranslate();
  const { data, isPending, total, page, perPage, sort } = useListContext<StatisticRow>();
  const figure = chartFigure(sort.field);
  const ranks = ranksOf(data ?? [], figure, (page - 1) * perPage);
  const rankOf = new Map((data ?? []).map((r, i) => [String(r.id), ranks[i]]));
  if (!isPending && !total) return <EmptyState>{translate('statisticsPage.empty')}</EmptyState>;
  return (
    <>
      <TableScroll label={translate('statisticsPage.table')}>
        <DataTable rowClick={false} bulkActionButtons={false} size="small" sx={{ minWidth: 900 }} aria-label={translate('statisticsPage.table')} data-testid="statistics-table">
          <DataTable.Col source="rank" label={translate('statisticsPage.rank')} disableSort render={(r: StatisticRow) => rankOf.get(String(r.id)) ?? ''} />
          <DataTable.Col source="player_id" label={translate('statisticsPage.player')} disableSort>
            <PlayerCell />
          </DataTable.Col>
          <DataTable.Col source="squad_id" label={translate('statisticsPage.squad')} disableSort>
            <SquadCell />
          </DataTable.Col>
          {FIGURES.map((key) => (
            <DataTable.NumberCol
              key={key}
              source={key}
              label={
                <AbbreviatedHeader
                  short={translate(`playerStats.short.${key}`)}
                  full={translate(`resources.statistics.fields.${key}`)}
                  source={key}
                  sortable={isSortable(key)}
                />
              }
              disableSort
              cellSx={key === figure ? () => ({ fontWeight: 700 }) : undefined}
            />
          ))}
          <DataTable.Col
            source="rating"
            label={<AbbreviatedHeader short={translate('playerStats.short.rating')} full={translate('statisticsPage.ratingHelp')} source="rating" />}
            disableSort
            align="right"
            render={(r: StatisticRow) => (r.rating === null ? '–' : formatNumber(r.rating, { minimumFractionDigits: 2, maximumFractionDigits: 2 }))}
          />
        </DataTable>
      </TableScroll>
      <Pagination rowsPerPageOptions={[10, 25, 50, 100]} />
    </>
  );
}

function PlayerCell() {
  const row = useRecordContext<StatisticRow>();
  const createPath = useCreatePath();
  if (!row) return null;
  return (
    <Link component={LinkBase} to={createPath({ resource: 'players', id: row.player_id, type: 'show' })} underline="hover" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
      {playerName(row)}
    </Link>
  );
}

function SquadCell() {
  const row = useRecordContext<StatisticRow>();
  if (!row) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
      <Crest team={row.squad?.team} fallbackImageId={row.squad?.image_id} size={22} />
      <span>{row.squad?.team?.name ?? row.squad?.name}</span>
    </Box>
  );
}

/** The top ten of the figure the list is sorted by. */
function ChartCard() {
  const translate = useTranslate();
  const list = useListContext<StatisticRow>();
  const { sort } = list;
  const filterValues = list.filterValues as StatisticsFilter;
  const figure = chartFigure(sort.field);
  const { data } = useGetList<StatisticRow>('statistics', { filter: filterValues, sort: { field: figure, order: 'DESC' }, pagination: { page: 1, perPage: 10 } });
  return (
    <Card sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
          {translate('statisticsPage.topTen', { figure: translate(`resources.statistics.fields.${figure}`) })}
        </Typography>
        {!data ? (
          <Skeleton variant="rectangular" height={320} />
        ) : data.length === 0 ? (
          <EmptyState>{translate('statisticsPage.empty')}</EmptyState>
        ) : (
          <Suspense fallback={<Skeleton variant="rectangular" height={320} />}>
            <TopTenChart rows={data} figure={figure} />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}
