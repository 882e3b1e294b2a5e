import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslate } from 'react-admin';
import { INCIDENT_TYPES } from '@umpire/schema/enums';
import { formatNumber } from '../../lib/locale';
import { failureText, matchCentreApi, type MatchCentreApi } from './api';
import { formatMinute } from './incidents';
import { halfLabel, typeLabel } from './labels';
import { playerLabel, type TeamRoster } from './rosters';
import type { MatchInfo, MatchStats, PlayerInfo, Side } from './types';

/** Colours for the two sides: the clubs' own when they read on white and differ, else the app's. */
export function sideColors(match: MatchInfo): [string, string] {
  const usable = (hex: string | null) => {
    const m = hex && /^#([0-9a-f]{6})$/i.exec(hex);
    if (!m) return null;
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16));
    return 0.299 * r + 0.587 * g + 0.114 * b < 200 ? hex : null;
  };
  const home = usable(match.home.primaryColor) ?? '#14613a';
  let away = usable(match.away.primaryColor) ?? '#1d3a5f';
  if (away.toLowerCase() === home.toLowerCase()) away = home.toLowerCase() === '#1d3a5f' ? '#8a4b08' : '#1d3a5f';
  return [home, away];
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id={id} component="h2" variant="h6">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function NumbersTable({ caption, head, rows, testId }: { caption: string; head: string[]; rows: (string | number)[][]; testId?: string }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid={testId}>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: '0 0 4px' }}>{caption}</caption>
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell key={i} scope="col" align={i === 0 ? 'left' : 'right'}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, r) => (
            <TableRow key={r}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <TableCell key={i} component="th" scope="row">
                    {cell}
                  </TableCell>
                ) : (
                  <TableCell key={i} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {typeof cell === 'number' ? formatNumber(cell) : cell}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

interface MatchStatsProps {
  match: MatchInfo;
  rosters: Record<Side, TeamRoster> | null;
  players: Readonly<Record<string, PlayerInfo>>;
  /** Changes whenever the incidents change, so the figures follow them. */
  version: string;
  api?: MatchCentreApi;
}

/** Statistics of the match (GET /matches/{id}/stats) as charts, with every figure also in a table. */
export default function MatchStatsPanel({ match, rosters, players, version, api = matchCentreApi() }: MatchStatsProps) {
  const translate = useTranslate();
  const [stats, setStats] = useState<MatchStats | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    // A burst of incidents (or two operators at once) asks once.
    const timer = setTimeout(() => {
      api
        .getStats(match.id)
        .then((s) => {
          if (!live) return;
          setStats(s);
          setError(null);
        })
        .catch((e: unknown) => live && setError(failureText(e, translate)));
    }, stats ? 600 : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, match.id, version]);

  if (error && !stats) return <Alert severity="error">{error}</Alert>;
  if (!stats) {
    return (
      <Box aria-busy="true" sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={260} />
        <Skeleton variant="rounded" height={260} />
      </Box>
    );
  }

  const [homeColor, awayColor] = sideColors(match);
  const teams = { home: match.home.shortName, away: match.away.shortName };
  const series = (home: number[], away: number[]) => [
    { data: home, label: teams.home, color: homeColor, id: 'home' },
    { data: away, label: teams.away, color: awayColor, id: 'away' },
  ];

  // Score timeline: the score after each goal, from kick-off.
  const points = [{ label: formatMinute(0), home: 0, away: 0, type: null as string | null }, ...stats.timeline.map((t) => ({ label: formatMinute(t.minute, t.stoppage), home: t.home, away: t.away, type: t.type }))];
  const types = INCIDENT_TYPES.filter((t) => (stats.home[t] ?? 0) + (stats.away[t] ?? 0) > 0);
  const halves = stats.goals_by_half;
  const side = (squad: string): Side | null => (squad === match.home_squad_id ? 'home' : squad === match.away_squad_id ? 'away' : null);
  const playerRows = [...stats.players]
    .sort((a, b) => b.goals - a.goals || b.assists - a.assists || b.minutes_played - a.minutes_played)
    .map((p) => {
      const s = side(p.squad);
      return [
        playerLabel(s && rosters ? rosters[s] : undefined, p.player, players) ?? p.player,
        s ? match[s].shortName : '',
        p.goals,
        p.assists,
        p.yellow_cards,
        p.red_cards,
        p.minutes_played,
      ];
    });
  const hasIncidents = types.length > 0;

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="match-stats">
      {error && <Alert severity="warning">{error}</Alert>}
      {!hasIncidents && <Alert severity="info">{translate('matchCentre.stats.empty')}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        <Section id="stats-score" title={translate('matchCentre.stats.scoreTimeline')}>
          <LineChart
            height={240}
            xAxis={[{ scaleType: 'point', data: points.map((p) => p.label) }]}
            yAxis={[{ tickMinStep: 1, min: 0 }]}
            series={series(points.map((p) => p.home), points.map((p) => p.away)).map((s) => ({ ...s, curve: 'stepAfter' as const }))}
            margin={{ left: 0, right: 16, top: 16, bottom: 0 }}
            aria-label={translate('matchCentre.stats.scoreTimelineDescription')}
            data-testid="chart-score"
          />
          <NumbersTable
            caption={translate('matchCentre.stats.scoreTimelineDescription')}
            head={[translate('matchCentre.stats.minute'), translate('matchCentre.stats.type'), teams.home, teams.away]}
            rows={points.slice(1).map((p) => [p.label, p.type ? typeLabel(translate, p.type) : '', p.home, p.away])}
          />
        </Section>
        <Section id="stats-half" title={translate('matchCentre.stats.goalsByHalf')}>
          <BarChart
            height={240}
            xAxis={[{ scaleType: 'band', data: halves.map((h) => halfLabel(translate, h.half)) }]}
            yAxis={[{ tickMinStep: 1 }]}
            series={series(halves.map((h) => h.home), halves.map((h) => h.away))}
            margin={{ left: 0, right: 16, top: 16, bottom: 0 }}
            aria-label={translate('matchCentre.stats.goalsByHalfDescription')}
          />
          <NumbersTable
            caption={translate('matchCentre.stats.goalsByHalfDescription')}
            head={[translate('matchCentre.stats.half'), teams.home, teams.away]}
            rows={halves.map((h) => [halfLabel(translate, h.half), h.home, h.away])}
          />
        </Section>
      </Box>
      <Section id="stats-types" title={translate('matchCentre.stats.byType')}>
        {hasIncidents && (
          <BarChart
            height={Math.max(200, types.length * 44)}
            layout="horizontal"
            yAxis={[{ scaleType: 'band', data: types.map((t) => typeLabel(translate, t)), width: 140 }]}
            xAxis={[{ tickMinStep: 1 }]}
            series={series(types.map((t) => stats.home[t] ?? 0), types.map((t) => stats.away[t] ?? 0))}
            margin={{ left: 0, right: 16, top: 16, bottom: 0 }}
            aria-label={translate('matchCentre.stats.byTypeDescription')}
          />
        )}
        <NumbersTable
          caption={translate('matchCentre.stats.byTypeDescription')}
          head={[translate('matchCentre.stats.type'), teams.home, teams.away]}
          rows={types.map((t) => [typeLabel(translate, t), stats.home[t] ?? 0, stats.away[t] ?? 0])}
          testId="stats-types-table"
        />
      </Section>
      <Section id="stats-players" title={translate('matchCentre.stats.players')}>
        <NumbersTable
          caption={translate('matchCentre.stats.playersDescription')}
          head={[
            translate('matchCentre.stats.player'),
            translate('matchCentre.stats.team'),
            translate('matchCentre.stats.goals'),
            translate('matchCentre.stats.assists'),
            translate('matchCentre.stats.yellowCards'),
            translate('matchCentre.stats.redCards'),
            translate('matchCentre.stats.minutesPlayed'),
          ]}
          rows={playerRows}
        />
      </Section>
    </Box>
  );
}
