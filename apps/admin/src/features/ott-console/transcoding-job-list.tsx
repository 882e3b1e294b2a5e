import { Box, Chip, LinearProgress, Typography } from '@mui/material';
import { Datagrid, FunctionField, List, ReferenceField, SelectInput, TextField, useTranslate, type RaRecord } from 'react-admin';
import { TRANSCODING_STATUSES } from '@umpire/schema';
import { safeExporter } from '../../framework/generic/csv';
import { isActiveJob, pollJobs, progressOf } from './polling';
import { DateTimeField } from '../../framework/dates/date-time-field';

const STATE_COLOURS: Record<string, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  CREATED: 'default',
  QUEUED: 'info',
  RUNNING: 'warning',
  FINISHED: 'success',
  ERROR: 'error',
  CANCELED: 'default',
  TRANSFER_ERROR: 'error',
};

/** A job's progress as a bar with its percentage; ended jobs show where they stopped. */
export function JobProgress({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const value = progressOf(record);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 160 }}>
      {/* Named as the job's progress (the theme names a bare progress bar "Loading"). */}
      <LinearProgress sx={{ flex: 1 }} aria-label={translate('resources.transcoding_jobs.fields.progress')} variant={isActiveJob(record) && value === 0 ? 'indeterminate' : 'determinate'} value={value} color={STATE_COLOURS[String(record.state)] === 'error' ? 'error' : 'primary'} />
      <Typography variant="caption">{`${Math.round(value)}%`}</Typography>
    </Box>
  );
}

/** Transcoding jobs with progress bars, refetched every second while any of them moves. */
export default function TranscodingJobList() {
  const translate = useTranslate();
  return (
    <List
      exporter={safeExporter}
      filters={[<SelectInput key="state" source="state" alwaysOn choices={TRANSCODING_STATUSES.map((s) => ({ id: s, name: translate(`resources.transcoding_jobs.choices.state.${s}`) }))} />]}
      sort={{ field: 'created_at', order: 'DESC' }}
      queryOptions={{ refetchInterval: (query: { state: { data?: { data?: RaRecord[] } } }) => pollJobs(query.state.data?.data) }}
      title={translate('resources.transcoding_jobs.name', { smart_count: 2 })}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <ReferenceField source="event_id" reference="ott_events" link="show">
          <TextField source="title" />
        </ReferenceField>
        <FunctionField
          source="state"
          render={(record: RaRecord) => <Chip size="small" color={STATE_COLOURS[String(record.state)] ?? 'default'} label={translate(`resources.transcoding_jobs.choices.state.${String(record.state)}`)} />}
        />
        <FunctionField source="progress" render={(record: RaRecord) => <JobProgress record={record} />} />
        <TextField source="error" emptyText="" />
        <DateTimeField source="created_at" />
      </Datagrid>
    </List>
  );
}
