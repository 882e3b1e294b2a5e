import { Card, CardContent, Stack, Typography } from '@mui/material';
import { DateField, Edit, Labeled, ReferenceArrayField, SingleFieldList, ChipField, useEditContext, useTranslate, type RaRecord } from 'react-admin';
import { RecordHistory } from '../../framework/history/record-history';
import { DeliveryCounts } from './delivery-counts';
import { isEditable, pollWhileLive } from './delivery';
import { PushNotificationForm } from './push-notification-form';
import { StatusChip } from './push-notification-list';

/** Once sending has begun the notification is read only: what went out, and the counts as they come. */
function Sent({ record }: { record: RaRecord }) {
  const translate = useTranslate();
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
          <Labeled source="send_at">
            <DateField source="send_at" showTime />
          </Labeled>
          <Labeled source="targets_ids">
            <ReferenceArrayField source="targets_ids" reference="push_notification_targets">
              <SingleFieldList linkType={false}>
                <ChipField source="name" size="small" />
              </SingleFieldList>
            </ReferenceArrayField>
          </Labeled>
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
