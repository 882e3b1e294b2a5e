import { Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { startOfWeek } from 'date-fns';
import { formatNumber, LEAGUE_WEEK_STARTS_ON } from '../../lib/locale';
import { AUDIT_RESOURCE } from '../../framework/history/audit';

/** Changes since the start of the week, which starts on Monday in Polish and Sunday in English. */
export function WeekSummary() {
  const translate = useTranslate();
  const since = startOfWeek(new Date(), { weekStartsOn: LEAGUE_WEEK_STARTS_ON }).toISOString();
  const { total, isPending } = useGetList(AUDIT_RESOURCE, { pagination: { page: 1, perPage: 1 }, filter: { occurred_at_gte: since } });
  return (
    <Card>
      <CardContent>
        <Typography variant="body2" color="text.secondary" component="h2">
          {translate('dashboard.thisWeek')}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 600 }} data-testid="changes-this-week">
          {isPending ? <Skeleton width={64} /> : formatNumber(total ?? 0)}
        </Typography>
      </CardContent>
    </Card>
  );
}
