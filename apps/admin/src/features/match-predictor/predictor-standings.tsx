import { lazy, Suspense, useState } from 'react';
import { Box, Chip, MenuItem, Skeleton, TableBody, TableCell, TablePagination, TableRow, TextField } from '@mui/material';
import { useTranslate, type Identifier } from 'react-admin';
import { EmptyState, LoadError, ReloadButton, ScrollingTable, SectionCard, useSearchParamState } from '../../framework/ui/page-layout';
import { formatNumber } from '../../lib/locale';
import { useLivePredictorStandings, usePredictorStandings, type PredictorStanding } from './use-predictor-standings';

const PointsDistributionChart = lazy(() => import('./points-distribution-chart'));

const PER_PAGE_OPTIONS = [25, 50, 100];

/** A fan's name, or "Fan #12" for a device fan who gave none. */
export function fanLabel(s: { fan_id: number; fan_name: string | null }, translate: (key: string, args?: Record<string, unknown>) => string): string {
  return s.fan_name || translate('predictor.anonymousFan', { id: s.fan_id });
}

/**
 * The standings of a match predictor ranking (issue 10): for the season or one round, computed by
 * the server from settled predictions, with the spread of points as a chart; live while shown.
 */
export function PredictorStandings({ rankingId }: { rankingId: Identifier }) {
  const translate = useTranslate();
  const [round, setRoundParam] = useSearchParamState('round');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const standings = usePredictorStandings(rankingId, round, page + 1, perPage);
  useLivePredictorStandings(rankingId);
  const setRound = (value: string) => {
    setPage(0);
    setRoundParam(value);
  };

  if (standings.error && !standings.data) return <LoadError onRetry={() => void standings.refetch()} />;
  const rows = standings.data?.data ?? [];
  const meta = standings.data?.meta;
  const title = round ? (meta?.rounds.find((r) => r.id === round)?.name ?? translate('predictor.round')) : translate('predictor.season');

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          variant="outlined"
          label={translate('predictor.scope')}
          value={round ?? ''}
          onChange={(e) => setRound(e.target.value)}
          sx={{ minWidth: 260 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="predictor-round-select"
        >
          <MenuItem value="">{translate('predictor.season')}</MenuItem>
          {(meta?.rounds ?? []).map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {r.name}
            </MenuItem>
          ))}
        </TextField>
        {meta && <Chip variant="outlined" label={translate('predictor.fans', { smart_count: meta.total })} />}
        <Box sx={{ flex: 1 }} />
        <ReloadButton onClick={() => void standings.refetch()} loading={standings.isFetching} />
      </Box>

      <SectionCard title={title}>
        <Box aria-busy={standings.isFetching} sx={{ opacity: standings.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {!meta ? (
            <Skeleton variant="rectangular" height={360} />
          ) : rows.length === 0 ? (
            <EmptyState>{translate('predictor.empty')}</EmptyState>
          ) : (
            <>
              <StandingsTable rows={rows} />
              <TablePagination
                component="div"
                count={meta.total}
                page={page}
                onPageChange={(_, p) => setPage(p)}
                rowsPerPage={perPage}
                rowsPerPageOptions={PER_PAGE_OPTIONS}
                onRowsPerPageChange={(e) => {
                  setPerPage(Number(e.target.value));
                  setPage(0);
                }}
                labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
                labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
              />
            </>
          )}
        </Box>
      </SectionCard>

      {meta && meta.distribution.length > 0 && (
        <SectionCard title={translate('predictor.distribution.title')}>
          <Suspense fallback={<Skeleton variant="rectangular" height={240} />}>
            <PointsDistributionChart distribution={meta.distribution} />
          </Suspense>
        </SectionCard>
      )}
    </Box>
  );
}

function StandingsTable({ rows }: { rows: PredictorStanding[] }) {
  const translate = useTranslate();
  const heading = (key: string, align: 'left' | 'right' = 'right') => (
    <TableCell key={key} align={align}>
      {translate(`predictor.columns.${key}`)}
    </TableCell>
  );
  return (
    <ScrollingTable
      label={translate('predictor.tableLabel')}
      minWidth={560}
      testId="predictor-standings"
      headings={[heading('position'), heading('fan', 'left'), heading('points'), heading('exact'), heading('outcome'), heading('settled')]}
    >
      <TableBody>
        {rows.map((s) => (
          <TableRow key={s.id} data-fan={s.fan_id}>
            <TableCell align="right">{s.position}</TableCell>
            <TableCell>{fanLabel(s, translate)}</TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="fan-points">
              {formatNumber(s.points)}
            </TableCell>
            <TableCell align="right">{formatNumber(s.exact)}</TableCell>
            <TableCell align="right">{formatNumber(s.outcome)}</TableCell>
            <TableCell align="right">{formatNumber(s.settled)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
}
