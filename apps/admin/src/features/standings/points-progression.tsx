import { useMemo, useState } from 'react';
import { Autocomplete, Box, Skeleton, TextField } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQueries } from '@tanstack/react-query';
import { useTranslate, type Identifier } from 'react-admin';
import { teamName, type StandingRecord } from './standings-model';
import { fetchStandings, standingsKey } from './use-standings';

const PALETTE = ['#14613a', '#1d3a5f', '#b71c1c', '#6a1b9a', '#e65100', '#00695c', '#4e342e', '#283593'];
const DEFAULT_TEAMS = 4;

/** Points after each round per squad, from the tables after every round (each cached on its own). */
export function progressionOf(tables: (StandingRecord[] | undefined)[], squads: string[]): Record<string, (number | null)[]> {
  const out: Record<string, (number | null)[]> = {};
  for (const squad of squads) out[squad] = tables.map((rows) => rows?.find((r) => String(r.squad_id) === squad)?.points ?? null);
  return out;
}

/**
 * How the points grew round by round for the teams chosen (the leaders at first). Loaded lazily
 * with @mui/x-charts, and only when opened: it asks for one table per round.
 */
export default function PointsProgression({ groupId, rounds, current }: { groupId: Identifier; rounds: number[]; current: StandingRecord[] }) {
  const translate = useTranslate();
  const options = useMemo(() => current.map((r) => ({ id: String(r.squad_id), name: teamName(r.squad, r.squad_id) })), [current]);
  const [chosen, setChosen] = useState(() => options.slice(0, DEFAULT_TEAMS));
  const tables = useQueries({
    queries: rounds.map((round) => ({
      queryKey: [...standingsKey(groupId), round],
      queryFn: () => fetchStandings(groupId, round),
      staleTime: 5 * 60_000,
    })),
  });
  const loading = tables.some((t) => t.isPending);
  const points = progressionOf(
    tables.map((t) => t.data?.data),
    chosen.map((c) => c.id),
  );

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Autocomplete
        multiple
        size="small"
        options={options}
        value={chosen}
        onChange={(_, value) => setChosen(value.slice(0, PALETTE.length))}
        getOptionLabel={(o) => o.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderInput={(params) => <TextField {...params} variant="outlined" label={translate('standings.progression.teams')} />}
        sx={{ maxWidth: 640 }}
      />
      {loading ? (
        <Skeleton variant="rectangular" height={280} />
      ) : (
        <Box role="img" aria-label={translate('standings.progression.description', { teams: chosen.map((c) => c.name).join(', ') })}>
          <LineChart
            height={300}
            xAxis={[{ data: rounds, scaleType: 'point', label: translate('standings.progression.round') }]}
            yAxis={[{ label: translate('standings.columns.points') }]}
            series={chosen.map((c, i) => ({ id: c.id, data: points[c.id] ?? [], label: c.name, color: PALETTE[i % PALETTE.length], showMark: false, curve: 'linear' as const }))}
            margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
          />
        </Box>
      )}
    </Box>
  );
}
