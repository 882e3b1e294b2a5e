import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PauseIcon from '@mui/icons-material/Pause';
import StopIcon from '@mui/icons-material/Stop';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import { LinkBase, useCreatePath, useTranslate } from 'react-admin';
import { LoadError, RecordBreadcrumbs, SectionCard } from '../../framework/ui/page-layout';
import { eventPageApi, failureText, type EventPageApi } from './event-api';
import { AddMarkerDialog, HealthPanel, IngestPanel, MarkersTimeline, RecordingJobs } from './event-panels';
import { HlsPreview } from './hls-preview';
import { addHealthSample, enabledActions, type HealthSample, type LiveHealth, type StreamAction } from './live-state';
import { useOwnerChange } from './owner-change';
import { POLL_MS, pollJobs } from './polling';

const STATUS_MS = 2 * POLL_MS;
const STATUS_COLOURS: Record<string, 'default' | 'error' | 'success' | 'warning'> = { pending: 'default', live: 'error', ended: 'success' };
const STREAM_COLOURS: Record<string, 'default' | 'error' | 'success' | 'warning'> = { idle: 'default', live: 'error', paused: 'warning', ended: 'success' };

/**
 * An OTT event's page (issue 11, point 7): the output's preview, the ingest addresses to hand to
 * the camera crew, start / pause / stop, live health, markers on a timeline, and the recording's
 * MP4. The event's status is polled every two seconds; a failed encoding's 422 shows here, not
 * in a pop-up (spec §8).
 */
export default function OttEventPage() {
  const { id = '' } = useParams();
  return <EventPage key={id} id={id} />;
}

function EventPage({ id }: { id: string }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const queryClient = useQueryClient();
  const api = useMemo<EventPageApi>(() => eventPageApi(), []);

  const event = useQuery({ queryKey: ['ott-event-page', 'event', id], queryFn: () => api.event(id), retry: false });
  const streamId = event.data?.streamId ?? null;
  const stream = useQuery({ queryKey: ['ott-event-page', 'stream', streamId], queryFn: () => api.stream(streamId!), enabled: !!streamId, retry: false });
  // Every two seconds, and slower once the stream has ended (only a recording's job can still move).
  const status = useQuery({
    queryKey: ['ott-event-page', 'status', id],
    queryFn: () => api.status(id),
    refetchInterval: (query) => (query.state.data?.streamStatus === 'ended' ? 5 * STATUS_MS : STATUS_MS),
    retry: false,
  });
  // Another server took the stream over: the addresses shown to the crews are read again.
  useOwnerChange(status.data?.ownerGeneration ?? null, () => void queryClient.invalidateQueries({ queryKey: ['ott-event-page', 'stream'] }));
  const streamStatus = status.data?.streamStatus ?? stream.data?.status ?? null;
  const eventStatus = status.data?.status || event.data?.status || 'pending';
  const encodingState = status.data?.encoding?.state ?? null;
  const recordings = useQuery({
    queryKey: ['ott-event-page', 'recordings', id],
    queryFn: () => api.recordings(id),
    enabled: !!streamId,
    refetchInterval: (query) => pollJobs(query.state.data?.map((j) => ({ id: j.id, state: j.state }))),
    retry: false,
  });
  // A newly finished MP4 asks for the playback again, which gives its (signed) download address.
  const newestMp4 = recordings.data?.find((j) => j.state === 'FINISHED')?.id ?? null;
  const playback = useQuery({
    queryKey: ['ott-event-page', 'playback', id, streamStatus, eventStatus, encodingState, newestMp4],
    queryFn: () => api.playback(id),
    enabled: event.isSuccess,
    // The same address while it is asked again: the player goes on instead of starting over.
    placeholderData: keepPreviousData,
    retry: false,
  });
  const markers = useQuery({ queryKey: ['ott-event-page', 'markers', streamId], queryFn: () => api.markers(streamId!), enabled: !!streamId, retry: false });

  // Health graphs: the samples of the last minutes, gathered from each status poll.
  // (Adjusted while rendering, when a poll brings a new report: React's way for state that follows a prop.)
  const [history, setHistory] = useState<readonly HealthSample[]>([]);
  const health = status.data?.health ?? null;
  const [seenHealth, setSeenHealth] = useState<LiveHealth | null>(null);
  if (health !== seenHealth) {
    setSeenHealth(health);
    setHistory((h) => addHealthSample(h, health));
  }
  // The timeline ends at the last poll's time.
  const now = Math.max(status.dataUpdatedAt, event.dataUpdatedAt);

  const [useBackup, setUseBackup] = useState<boolean | null>(null);
  const backup = useBackup ?? status.data?.useBackup ?? stream.data?.useBackup ?? false;
  const [busy, setBusy] = useState<StreamAction | 'marker' | 'download' | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [confirmStop, setConfirmStop] = useState(false);
  const [markerOpen, setMarkerOpen] = useState(false);
  const [markerError, setMarkerError] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const refresh = (...parts: string[]) => Promise.all(parts.map((part) => queryClient.invalidateQueries({ queryKey: ['ott-event-page', part] })));

  // The panel shows the failure in its dialog, in the interface language.
  const rotateKeys = async () => {
    if (!streamId) return;
    try {
      queryClient.setQueryData(['ott-event-page', 'stream', streamId], await api.rotateKeys(streamId));
    } catch (error) {
      throw new Error(failureText(error, translate), { cause: error });
    }
  };

  const act = async (action: StreamAction) => {
    if (!streamId) return;
    setBusy(action);
    setActionError(null);
    try {
      await api.act(streamId, action, backup);
    } catch (error) {
      setActionError(failureText(error, translate));
    } finally {
      setBusy(null);
      setConfirmStop(false);
      await refresh('status', 'stream', 'event', 'playback');
    }
  };

  const addMarker = async (draft: { kind: string; title: string; durationSeconds: number }) => {
    if (!streamId) return;
    setBusy('marker');
    setMarkerError(null);
    try {
      await api.addMarker(streamId, { ...draft, startAt: new Date().toISOString() });
      setMarkerOpen(false);
      await refresh('markers');
    } catch (error) {
      setMarkerError(failureText(error, translate));
    } finally {
      setBusy(null);
    }
  };

  const download = async () => {
    if (!streamId) return;
    setBusy('download');
    setDownloadError(null);
    try {
      await api.download(streamId);
      await refresh('recordings');
    } catch (error) {
      setDownloadError(failureText(error, translate));
    } finally {
      setBusy(null);
    }
  };

  if (event.isError) {
    return (
      <Box sx={{ p: 2 }}>
        <LoadError onRetry={() => void event.refetch()} />
      </Box>
    );
  }
  if (!event.data) {
    return (
      <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label={translate('ra.page.loading')} />
      </Box>
    );
  }

  const enabled = enabledActions(streamId ? streamStatus : null, busy !== null);
  const isLive = stream.data?.kind !== 'vod';
  const title = event.data.title;
  const actionButton = (action: StreamAction, icon: React.ReactNode, color: 'primary' | 'warning' | 'error') => (
    <Button
      variant={action === 'start' ? 'contained' : 'outlined'}
      color={color}
      startIcon={busy === action ? <CircularProgress size={16} aria-hidden /> : icon}
      disabled={!enabled[action]}
      onClick={() => (action === 'stop' ? setConfirmStop(true) : void act(action))}
      data-testid={`stream-${action}`}
    >
      {translate(`ottConsole.event.${action}`)}
    </Button>
  );

  return (
    <Box sx={{ p: { xs: 1, md: 2 } }} data-testid="ott-event-page">
      <RecordBreadcrumbs resource="ott_events" name={title} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', my: 1.5 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 200 }}>
          {title}
        </Typography>
        <Box role="status" aria-live="polite" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Chip
            data-testid="event-status"
            color={STATUS_COLOURS[eventStatus] ?? 'default'}
            variant={eventStatus === 'live' ? 'filled' : 'outlined'}
            label={`${translate('resources.ott_events.fields.status')}: ${translate(`resources.ott_events.choices.status.${eventStatus}`)}`}
          />
          {streamId && streamStatus && (
            <Chip
              data-testid="stream-status"
              color={STREAM_COLOURS[streamStatus] ?? 'default'}
              variant="outlined"
              label={`${translate('resources.ott_streams.name', { smart_count: 1 })}: ${translate(`resources.ott_streams.choices.status.${streamStatus}`)}`}
            />
          )}
        </Box>
        <Button component={LinkBase} to={createPath({ resource: 'ott_events', id, type: 'edit' })} startIcon={<EditIcon />}>
          {translate('ra.action.edit')}
        </Button>
      </Box>
      {status.data?.problem && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="status-problem">
          {status.data.problem}
        </Alert>
      )}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <SectionCard title={translate('ottConsole.event.preview')}>
            <HlsPreview url={playback.data?.url ?? null} label={translate('ottConsole.event.previewOf', { name: title })} />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {translate(playback.data?.kind === 'vod' ? 'ottConsole.event.previewVod' : 'ottConsole.event.previewLive')}
            </Typography>
          </SectionCard>

          {streamId ? (
            <SectionCard title={translate('ottConsole.event.controls')}>
              <Stack spacing={1.5}>
                <FormControlLabel
                  control={<Switch checked={backup} onChange={(e) => setUseBackup(e.target.checked)} disabled={busy !== null || streamStatus === 'ended'} />}
                  label={translate('ottConsole.event.useBackup')}
                />
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  {actionButton('start', <PlayArrowIcon />, 'primary')}
                  {actionButton('pause', <PauseIcon />, 'warning')}
                  {actionButton('stop', <StopIcon />, 'error')}
                </Box>
                {actionError && (
                  <Alert severity="error" onClose={() => setActionError(null)} data-testid="action-error">
                    {actionError}
                  </Alert>
                )}
              </Stack>
            </SectionCard>
          ) : (
            <Alert severity="info">{translate('ottConsole.event.noStream')}</Alert>
          )}

          {streamId && isLive && (
            <SectionCard title={translate('ottConsole.event.health')}>
              <HealthPanel health={health} history={history} isSrt={stream.data?.protocol === 'srt'} />
            </SectionCard>
          )}
        </Stack>

        <Stack spacing={2} sx={{ minWidth: 0 }}>
          {streamId && isLive && (
            <SectionCard title={translate('ottConsole.event.ingest')}>
              {stream.isError ? <LoadError onRetry={() => void stream.refetch()} /> : stream.data ? <IngestPanel stream={stream.data} onRotate={rotateKeys} /> : <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
            </SectionCard>
          )}

          {streamId && (
            <SectionCard
              title={translate('resources.markers.name', { smart_count: 2 })}
              actions={
                <Button size="small" startIcon={<BookmarkAddIcon />} onClick={() => setMarkerOpen(true)} disabled={busy !== null || !markers.isSuccess}>
                  {translate('ottConsole.event.addMarker')}
                </Button>
              }
            >
              {markers.isError ? <LoadError onRetry={() => void markers.refetch()} /> : <MarkersTimeline markers={markers.data ?? []} startsAt={event.data.startsAt} now={now} />}
            </SectionCard>
          )}

          {streamId && isLive && (
            <SectionCard
              title={translate('ottConsole.event.recording')}
              actions={
                <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download()} disabled={busy !== null || streamStatus === 'idle'}>
                  {translate('ottConsole.event.makeMp4')}
                </Button>
              }
            >
              <Stack spacing={1}>
                {downloadError && (
                  <Alert severity="error" onClose={() => setDownloadError(null)}>
                    {downloadError}
                  </Alert>
                )}
                <RecordingJobs jobs={recordings.data ?? []} download={playback.data?.downloadUrl && playback.data.downloadJobId ? { jobId: playback.data.downloadJobId, url: playback.data.downloadUrl } : null} />
              </Stack>
            </SectionCard>
          )}
        </Stack>
      </Box>

      <Dialog open={confirmStop} onClose={() => busy === null && setConfirmStop(false)} aria-labelledby="ott-stop-title">
        <DialogTitle id="ott-stop-title">{translate('ottConsole.event.stopTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('ottConsole.event.stopConfirm', { name: title })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmStop(false)} disabled={busy !== null}>
            {translate('ra.action.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={() => void act('stop')} disabled={busy !== null} data-testid="confirm-stop">
            {translate('ottConsole.event.stopNow')}
          </Button>
        </DialogActions>
      </Dialog>
      {/* Mounted while open, so each opening starts from an empty form. */}
      {markerOpen && <AddMarkerDialog open existing={markers.data?.length ?? 0} onClose={() => setMarkerOpen(false)} onConfirm={(m) => void addMarker(m)} busy={busy === 'marker'} error={markerError} />}
    </Box>
  );
}
