import { Box } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslate } from 'react-admin';

/** How many fans have each number of points (loaded lazily with @mui/x-charts); the table holds the figures. */
export default function PointsDistributionChart({ distribution }: { distribution: { points: number; fans: number }[] }) {
  const translate = useTranslate();
  const most = distribution.reduce((best, d) => (d.fans > best.fans ? d : best), distribution[0]);
  return (
    <Box
      role="img"
      aria-label={translate('predictor.distribution.description', { groups: distribution.length, points: most?.points ?? 0, fans: most?.fans ?? 0 })}
      data-testid="points-distribution"
    >
      <BarChart
        height={240}
        xAxis={[{ scaleType: 'band', data: distribution.map((d) => String(d.points)), label: translate('predictor.distribution.points') }]}
        yAxis={[{ label: translate('predictor.distribution.fans'), tickMinStep: 1 }]}
        series={[{ data: distribution.map((d) => d.fans), label: translate('predictor.distribution.fans') }]}
        hideLegend
      />
    </Box>
  );
}
