import { useEffect, useState } from 'react';
import { Box, Skeleton } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useDataProvider, useTranslate } from 'react-admin';
import { addDays, format, startOfDay } from 'date-fns';
import { activeLocale, formatDate } from '../../lib/locale';
import { AUDIT_RESOURCE, type AuditEvent } from '../../framework/history/audit';

const DAYS = 14;
const PAGE_SIZE = 100;
const MAX_PAGES = 10;

/** Counts changes per calendar day (viewer's time zone) for the last 14 days. */
export function countPerDay(events: Pick<AuditEvent, 'occurred_at'>[], from: Date, days = DAYS): number[] {
  const counts = new Array<number>(days).fill(0);
  for (const event of events) {
    const index = Math.floor((startOfDay(new Date(event.occurred_at)).getTime() - from.getTime()) / 86_400_000 + 0.5);
    if (index >= 0 && index < days) counts[index] += 1;
  }
  return counts;
}

/** Changes per day over the last two weeks (loaded lazily with @mui/x-charts). */
export default function ActivityChart() {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [counts, setCounts] = useState<number[] | null>(null);
  const from = startOfDay(addDays(new Date(), -(DAYS - 1)));
  const fromIso = from.toISOString();

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const events: AuditEvent[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const { data, total } = await dataProvider.getList<AuditEvent>(AUDIT_RESOURCE, {
          pagination: { page, perPage: PAGE_SIZE },
          sort: { field: 'id', order: 'DESC' },
          filter: { occurred_at_gte: fromIso },
        });
        events.push(...data);
        if (events.length >= (total ?? 0) || data.length < PAGE_SIZE) break;
      }
      if (!cancelled) setCounts(countPerDay(events, new Date(fromIso)));
    })().catch(() => !cancelled && setCounts([]));
    return () => {
      cancelled = true;
    };
  }, [dataProvider, fromIso]);

  if (!counts) return <Skeleton variant="rectangular" height={220} />;
  const days = Array.from({ length: DAYS }, (_, i) => addDays(from, i));
  const labels = days.map((d) => format(d, 'EEEEEE d', { locale: activeLocale().dateLocale }));

  return (
    <Box>
      <BarChart
        height={220}
        xAxis={[{ scaleType: 'band', data: labels }]}
        series={[{ data: counts, label: translate('dashboard.changes'), color: '#14613a' }]}
        hideLegend
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        aria-label={translate('dashboard.activityDescription')}
      />
      {/* The same figures as a table for screen readers. */}
      <Box component="table" sx={visuallyHidden}>
        <caption>{translate('dashboard.activityDescription')}</caption>
        <tbody>
          {days.map((d, i) => (
            <tr key={d.toISOString()}>
              <th scope="row">{formatDate(d)}</th>
              <td>{counts[i] ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
