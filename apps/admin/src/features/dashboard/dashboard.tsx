import { useEffect, useState } from 'react';
import { Box, Card, CardContent, CardHeader, Skeleton, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { format } from 'date-fns';
import { activeLocale } from '../../lib/locale';
import type { Identity } from '../../providers/auth-provider';
import { CountCards } from './count-cards';
import { LatestChanges } from './latest-changes';
import { QuickLinks } from './quick-links';
import { WeekSummary } from './week-summary';
import { useCounts } from './counts';
import { useShownAfter } from './use-shown-after';

// Charts are heavy: their code loads once the figures are shown, and they render after them.
const loadActivityChart = () => import('./activity-chart');
type ActivityChartModule = Awaited<ReturnType<typeof loadActivityChart>>;

function greetingKey(hour: number): string {
  if (hour < 12) return 'dashboard.greeting.morning';
  if (hour < 18) return 'dashboard.greeting.afternoon';
  return 'dashboard.greeting.evening';
}

/**
 * The morning page (issue 3): what the league holds, what changed lately and by whom, and
 * the way to the usual tasks. It grows as capabilities arrive.
 */
export function Dashboard() {
  const translate = useTranslate();
  const { data } = useGetIdentity();
  const identity = data as Identity | undefined;
  const now = new Date();
  const counts = useCounts();
  const showRest = useShownAfter(!counts.isPending);

  return (
    <Box component="section" sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title={translate('dashboard.title')} />
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, fontWeight: 600 }}>
          {identity ? translate(greetingKey(now.getHours()), { name: identity.fullName }) : <Skeleton width={240} />}
        </Typography>
        <Typography color="text.secondary">
          {identity?.clientName} · {translate('dashboard.today', { date: format(now, 'EEEE, d MMMM yyyy', { locale: activeLocale().dateLocale }) })}
        </Typography>
      </Box>

      <CountCards counts={counts} />

      {showRest && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
          <LatestChanges />
          <Box sx={{ display: 'grid', gap: 2 }}>
            <QuickLinks />
            <WeekSummary />
            <Card>
              <CardHeader title={translate('dashboard.activity')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
              <CardContent>
                <ActivityChartWhenLoaded />
              </CardContent>
            </Card>
          </Box>
        </Box>
      )}
    </Box>
  );
}

/**
 * The chart once its code has arrived. Not React.lazy: a Suspense boundary that showed its
 * fallback holds the content back for 300 ms, which would delay the chart for nothing.
 */
function ActivityChartWhenLoaded() {
  const [chart, setChart] = useState<{ module: ActivityChartModule } | { error: unknown } | null>(null);
  useEffect(() => {
    let live = true;
    loadActivityChart().then(
      (module) => live && setChart({ module }),
      (error: unknown) => live && setChart({ error }),
    );
    return () => {
      live = false;
    };
  }, []);
  // A chunk that did not arrive goes to the error boundary, as with React.lazy.
  if (chart && 'error' in chart) throw chart.error;
  return chart ? <chart.module.default /> : <Skeleton variant="rectangular" height={220} />;
}
