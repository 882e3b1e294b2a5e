import { lazy, Suspense, useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Chip,
  Link,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { LinkBase, useCanAccess, useCreatePath, useGetList, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { EmptyState, LoadError, ReloadButton, SectionCard, useSearchParamState } from '../../framework/ui/page-layout';
import { formatNumber } from '../../lib/locale';
import { PointDeductions } from './point-deductions';
import { teamName, tiebreakerKey, type StandingRecord, type StandingsMeta } from './standings-model';
import { decisionText, StandingsTable, ZoneLegend } from './standings-table';
import { useStandings } from './use-standings';

const PointsProgression = lazy(() => import('./points-progression'));

interface RoundRecord extends RaRecord {
  name?: string;
  number: number;
  start_date?: string | null;
}

/** "After round 5", with the round's own name when it says more than its number ("After round 35 (Final)"). */
export function roundLabel(round: RoundRecord, translate: (key: string, args?: Record<string, unknown>) => string): string {
  const after = translate('standings.round.after', { round: round.number });
  return round.name && !round.name.includes(String(round.number)) ? `${after} (${round.name})` : after;
}

/** Rounds that have begun, for choosing "the table after round N". */
export function startedRounds(rounds: readonly RoundRecord[], today = new Date().toISOString().slice(0, 10)): RoundRecord[] {
  return rounds.filter((r) => !r.start_date || r.start_date <= today).sort((a, b) => a.number - b.number);
}

/**
 * The standings of a group (issue 4): the table after the latest or a chosen round, the rules
 * that ordered it, the point deductions, and how tied teams were separated.
 */
export function StandingsView({ groupId, stageId, competitionId }: { groupId: Identifier; stageId?: string; competitionId?: string }) {
  const translate = useTranslate();
  const [roundParam, setRound] = useSearchParamState('round');
  const round = roundParam ? Number(roundParam) : null;
  const standings = useStandings(groupId, round);
  const { data: rounds } = useGetList<RoundRecord>(
    'rounds',
    { filter: { stage_id: stageId }, sort: { field: 'number', order: 'ASC' }, pagination: { page: 1, perPage: 100 } },
    { enabled: !!stageId, staleTime: 5 * 60_000 },
  );
  const [chartOpen, setChartOpen] = useState(false);
  const begun = startedRounds(rounds ?? []);

  if (standings.error && !standings.data) return <LoadError onRetry={() => void standings.refetch()} />;
  const rows = standings.data?.data ?? [];
  const meta = standings.data?.meta;

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          variant="outlined"
          label={translate('standings.round.label')}
          value={round === null ? '' : String(round)}
          onChange={(e) => setRound(e.target.value)}
          fullWidth={false}
          sx={{ minWidth: 260 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="round-select"
        >
          <MenuItem value="">{translate('standings.round.latest')}</MenuItem>
          {begun.map((r) => (
            <MenuItem key={r.id} value={String(r.number)}>
              {roundLabel(r, translate)}
            </MenuItem>
          ))}
        </TextField>
        {meta && (
          <Chip
            variant="outlined"
            label={translate('standings.played', { finished: formatNumber(meta.finished_matches), total: formatNumber(meta.matches) })}
          />
        )}
        <Box sx={{ flex: 1 }} />
        {meta && <ZoneLegend meta={meta} />}
        <ReloadButton onClick={() => void standings.refetch()} loading={standings.isFetching} />
      </Box>

      <SectionCard title={meta?.up_to_round ? translate('standings.titleAfter', { round: meta.up_to_round }) : translate('standings.title')}>
        <Box aria-busy={standings.isFetching} sx={{ opacity: standings.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {!meta ? (
            <Skeleton variant="rectangular" height={480} />
          ) : rows.length === 0 ? (
            <EmptyState>{translate('standings.empty')}</EmptyState>
          ) : (
            <StandingsTable rows={rows} meta={meta} />
          )}
        </Box>
      </SectionCard>

      {meta && rows.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
          <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            <Decisions rows={rows} />
            <RulesCard meta={meta} competitionId={competitionId} />
          </Box>
          <PointDeductions groupId={groupId} rows={rows} />
        </Box>
      )}

      {rows.length > 0 && begun.length > 1 && (
        <Accordion expanded={chartOpen} onChange={(_, open) => setChartOpen(open)} disableGutters variant="outlined">
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="points-progression" id="points-progression-header">
            <Typography component="h2" sx={{ fontWeight: 600 }}>
              {translate('standings.progression.title')}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id="points-progression">
            {chartOpen && (
              <Suspense fallback={<Skeleton variant="rectangular" height={300} />}>
                <PointsProgression
                  groupId={groupId}
                  rounds={begun.map((r) => r.number).filter((n) => meta?.up_to_round === null || meta?.up_to_round === undefined || n <= meta.up_to_round)}
                  current={rows}
                />
              </Suspense>
            )}
          </AccordionDetails>
        </Accordion>
      )}
    </Box>
  );
}

/** Every position decided by a tiebreaker, in words. */
function Decisions({ rows }: { rows: StandingRecord[] }) {
  const translate = useTranslate();
  const names = new Map(rows.map((r) => [String(r.squad_id), teamName(r.squad, r.squad_id)]));
  const decided = rows.filter((r) => r.decided_by || (r.tied && r.tied_with.length));
  return (
    <SectionCard title={translate('standings.decisions.title')}>
      {decided.length === 0 ? (
        <EmptyState>{translate('standings.decisions.none')}</EmptyState>
      ) : (
        <List dense disablePadding data-testid="tie-decisions">
          {decided.map((row) => (
            <ListItem key={row.id} disableGutters divider>
              <ListItemText
                primary={translate('standings.decisions.line', { position: row.position, team: names.get(String(row.squad_id)) ?? '', points: row.points })}
                secondary={decisionText(row, names, translate)}
              />
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}

/** Points per result and the order of tiebreakers that made this table. */
function RulesCard({ meta, competitionId }: { meta: StandingsMeta; competitionId?: string }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { canAccess: canEdit } = useCanAccess({ action: 'edit', resource: 'competitions' });
  return (
    <SectionCard
      title={translate('standings.rules.title')}
      actions={
        canEdit && competitionId ? (
          <Link component={LinkBase} to={`${createPath({ resource: 'competitions', id: competitionId, type: 'edit' })}?tab=rules`} variant="body2">
            {translate('standings.rules.change')}
          </Link>
        ) : undefined
      }
    >
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="points-rule">
        {translate('standings.rules.points', { win: meta.points.win, draw: meta.points.draw, loss: meta.points.loss })}
      </Typography>
      {meta.tiebreakers.length ? (
        <>
          <Typography variant="body2" color="text.secondary">
            {translate('standings.rules.tiebreakers')}
          </Typography>
          <Box component="ol" sx={{ my: 0.5, pl: 3 }} data-testid="tiebreaker-order">
            {meta.tiebreakers.map((t) => (
              <Typography component="li" variant="body2" key={t}>
                {translate(tiebreakerKey(t))}
              </Typography>
            ))}
          </Box>
          {meta.head_to_head_only_when_complete && (
            <Typography variant="body2" color="text.secondary" data-testid="head-to-head-when-complete">
              {translate('standings.rules.headToHeadWhenComplete')}
            </Typography>
          )}
        </>
      ) : (
        <Alert severity="info">{translate('standings.rules.defaultTiebreakers')}</Alert>
      )}
    </SectionCard>
  );
}
