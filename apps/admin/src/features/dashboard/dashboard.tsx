import { lazy, Suspense } from 'react';
import { Box, Card, CardContent, CardHeader, Skeleton, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { format } from 'date-fns';
import { activeLocale } from '../../lib/locale';
import type { Identity } from '../../providers/auth-provider';
import { CountCards } from './count-cards';
import { LatestChanges } from './latest-changes';
import { QuickLinks } from './quick-links';
import { WeekSummary } from './week-summary';

// Charts are heavy: they load after the rest of the dashboard.
const ActivityChart = lazy(() => import('./activity-chart'));

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

      <CountCards />

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
        <LatestChanges />
        <Box sx={{ display: 'grid', gap: 2 }}>
          <QuickLinks />
          <WeekSummary />
          <Card>
            <CardHeader title={translate('dashboard.activity')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
            <CardContent>
              <Suspense fallback={<Skeleton variant="rectangular" height={220} />}>
                <ActivityChart />
              </Suspense>
            </CardContent>
          </Card>
        </Box>
      </Box>
    </Box>
  );
}
