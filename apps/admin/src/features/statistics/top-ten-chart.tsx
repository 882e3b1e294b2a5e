import { visuallyHidden } from '@mui/utils';
import { Box } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslate } from 'react-admin';
import { formatNumber } from '../../lib/locale';
import { playerName, type StatisticRow, type StatisticType } from './statistics-model';


/** Ten players as horizontal bars (loaded lazily with @mui/x-charts), with the same figures as a table for screen readers. */
export default function TopTenChart({ rows, figure }: { rows: StatisticRow[]; figure: StatisticType }) {
  const translate = useTranslate();
  const label = translate(`resources.statistics.fields.${figure}`);
  const names = rows.map((r) => `${playerName(r)}${r.squad?.team?.short_name ? ` (${r.squad.team.short_name})` : ''}`);
  return (
    <Box>
      <Box aria-hidden>
        <BarChart
          height={Math.max(240, rows.length * 34 + 40)}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: names, width: 170 }]}
          xAxis={[{ tickMinStep: 1 }]}
          series={[{ data: rows.map((r) => r[figure]), label, color: '#14613a', valueFormatter: (v) => (v === null ? '' : formatNumber(v)) }]}
          hideLegend
          margin={{ left: 4, right: 16, top: 8, bottom: 8 }}
        />
      </Box>
      <Box component="table" sx={visuallyHidden}>
        <caption>{translate('statisticsPage.topTen', { figure: label })}</caption>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.id}>
              <th scope="row">{names[i]}</th>
              <td>{r[figure]}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
