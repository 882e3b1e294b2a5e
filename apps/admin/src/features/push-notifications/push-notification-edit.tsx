import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { Edit, Labeled, ReferenceArrayField, SingleFieldList, ChipField, useEditContext, useTranslate, type RaRecord } from 'react-admin';
import { RecordHistory } from '../../framework/history/record-history';
import { DeliveryCounts } from './delivery-counts';
import { isEditable, isMatchAlert, pollWhileLive } from './delivery';
import { AlertKind, AlertMatch, OriginChip } from './alert-fields';
import { PushNotificationForm } from './push-notification-form';
import { StatusChip } from './push-notification-list';
import { DateTimeField } from '../../framework/dates/date-time-field';

/** What a match alert is: who made it, its kind, its match and the tag its corrections share. */
function AlertFacts({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return (
    <>
      <Alert severity="info">{translate('pushPage.alertReadOnly')}</Alert>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(4, minmax(0, 1fr))' } }} data-testid="alert-facts">
        <Labeled source="origin">
          <OriginChip record={record} />
        </Labeled>
        <Labeled source="alert_kind">
          <span>
            <AlertKind record={record} />
          </span>
        </Labeled>
        <Labeled source="match">
          <span>
            <AlertMatch record={record} />
          </span>
        </Labeled>
        <Labeled label="pushPage.alertTag">
          <Box component="code" sx={{ fontFamily: 'monospace' }}>
            {String(record.alert_tag ?? '')}
          </Box>
        </Labeled>
      </Box>
    </>
  );
}

/**
 * Once sending has begun the notification is read only: what went out, and the counts as they
 * come. A match alert is read only from the start (the match centre wrote it).
 */
function Sent({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const alert = isMatchAlert(record);
  return (
    <Card sx={{ m: 2, maxWidth: 960 }}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} alignItems="center">
            <Typography variant="h6" component="h2">
              {String(record.title_pl)}
            </Typography>
            <StatusChip record={record} />
          </Stack>
          <Typography variant="body2">{String(record.body_pl)}</Typography>
          {record.title_en && (
            <Typography variant="body2" lang="en" color="text.secondary">
              {String(record.title_en)} — {String(record.body_en ?? '')}
            </Typography>
          )}
          {alert && <AlertFacts record={record} />}
          <Labeled source="send_at">
            <DateTimeField source="send_at" />
          </Labeled>
          {/* A match alert goes to the followers of its match, clubs and competition, not to staff's targets. */}
          {!alert && (
            <Labeled source="targets_ids">
              <ReferenceArrayField source="targets_ids" reference="push_notification_targets">
                <SingleFieldList linkType={false}>
                  <ChipField source="name" size="small" />
                </SingleFieldList>
              </ReferenceArrayField>
            </Labeled>
          )}
          <Typography variant="subtitle2" component="h3">
            {translate('pushPage.delivery')}
          </Typography>
          <DeliveryCounts record={record} reasons />
        </Stack>
      </CardContent>
    </Card>
  );
}

function Body() {
  const { record } = useEditContext<RaRecord>();
  if (!record) return null;
  return isEditable(record) ? <PushNotificationForm /> : <Sent record={record} />;
}

/** A notification: its editor while a draft or scheduled, its delivery once sending began (live). */
export default function PushNotificationEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={{ refetchInterval: (query: { state: { data?: RaRecord } }) => pollWhileLive(query.state.data ? [query.state.data] : []) }}
      component="div"
    >
      <Body />
      <RecordHistory />
    </Edit>
  );
}
