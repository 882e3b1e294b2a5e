import { Box } from '@mui/material';
import { PieChart } from '@mui/x-charts/PieChart';
import { useTranslate } from 'react-admin';
import { RESULT_COLOURS } from '../../../framework/ui/result-colours';

/** Wins, draws and losses as a ring (loaded lazily with @mui/x-charts); the figures are written beside it. */
export default function SquadResultsChart({ won, drawn, lost }: { won: number; drawn: number; lost: number }) {
  const translate = useTranslate();
  const data = [
    { id: 'won', value: won, label: translate('squadEditor.stats.won'), color: RESULT_COLOURS.W },
    { id: 'drawn', value: drawn, label: translate('squadEditor.stats.drawn'), color: RESULT_COLOURS.D },
    { id: 'lost', value: lost, label: translate('squadEditor.stats.lost'), color: RESULT_COLOURS.L },
  ];
  return (
    <Box role="img" aria-label={translate('squadEditor.stats.resultsDescription', { won, drawn, lost })}>
      <PieChart
        height={200}
        series={[{ data, innerRadius: 45, outerRadius: 80, paddingAngle: 2, cornerRadius: 3 }]}
        slotProps={{ legend: { direction: 'vertical', position: { vertical: 'middle', horizontal: 'end' } } }}
      />
    </Box>
  );
}
