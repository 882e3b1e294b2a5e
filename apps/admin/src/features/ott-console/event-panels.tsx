import { useId, useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  IconButton,
  InputLabel,
  Link,
  MenuItem,
  Select,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import KeyIcon from '@mui/icons-material/Key';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useTranslate } from 'react-admin';
import { MARKER_KINDS } from '@umpire/schema';
import { EmptyState } from '../../framework/ui/page-layout';
import type { IngestAddress, Job, Marker, StreamInfo } from './event-api';
import { markerPlacement, maskSecret, maskSecretsIn, sparklinePoints, timelineRange, type HealthSample, type LiveHealth } from './live-state';
import { JobProgress } from './transcoding-job-list';
import { useCopy } from '../../lib/clipboard';
import { formatTime } from '../../lib/locale';

/** A value with a copy button; the copied text may differ from what is shown (a masked secret). */
function CopyField({ label, shown, value }: { label: string; shown: string; value: string }) {
  const translate = useTranslate();
  const { copied, copy } = useCopy(value, 2500);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {label}
        </Typography>
        <Typography component="code" sx={{ fontFamily: 'monospace', fontSize: '0.85rem', wordBreak: 'break-all' }} data-testid="ingest-value">
          {shown}
        </Typography>
      </Box>
      <Tooltip disableInteractive title={translate('ottConsole.event.copy', { name: label })}>
        <IconButton onClick={copy} aria-label={translate('ottConsole.event.copy', { name: label })} size="small">
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Box role="status" aria-live="polite" sx={{ minWidth: 72 }}>
        {copied && (
          <Typography variant="caption" color={copied === 'ok' ? 'success.dark' : 'error'}>
            {translate(copied === 'ok' ? 'ottConsole.event.copied' : 'ottConsole.event.copyFailed')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

type IngestRoles = { primary: IngestAddress; backup: IngestAddress };

/**
 * After a restart that found some of the stream's ports taken: the addresses that changed, as the
 * encoders still have them (masked like the others), so the crews can be given the new ones.
 */
function MovedIngestNotice({ ingest, previous, show }: { ingest: IngestRoles; previous: IngestRoles; show: (text: string) => string }) {
  const translate = useTranslate();
  const moved = (['primary', 'backup'] as const).flatMap((role) =>
    (['rtmp', 'srt'] as const)
      .filter((protocol) => previous[role][protocol] !== ingest[role][protocol])
      .map((protocol) => ({ role, protocol, address: previous[role][protocol] })),
  );
  if (!moved.length) return null;
  return (
    <Alert severity="warning" data-testid="ingest-moved">
      <AlertTitle>{translate('ottConsole.event.ingestMovedTitle')}</AlertTitle>
      {translate('ottConsole.event.ingestMoved')}
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {moved.map(({ role, protocol, address }) => (
          <li key={`${role}-${protocol}`}>
            {translate(`ottConsole.event.${protocol}Url`, { role: translate(`ottConsole.event.${role}`) })}:{' '}
            <Typography component="code" sx={{ fontFamily: 'monospace', fontSize: '0.85rem', wordBreak: 'break-all', textDecoration: 'line-through' }}>
              {show(address)}
            </Typography>
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/** The primary and backup ingest addresses with their keys and passphrase, masked until revealed. */
export function IngestPanel({ stream, onRotate }: { stream: StreamInfo; onRotate?: () => Promise<void> }) {
  const translate = useTranslate();
  const [revealed, setRevealed] = useState(false);
  if (!stream.ingest) {
    return <Alert severity="info">{translate(stream.liveEngine ? 'ottConsole.event.noIngest' : 'ottConsole.event.noEngine')}</Alert>;
  }
  const secrets = [stream.primaryKey, stream.backupKey, stream.passphrase];
  const show = (text: string) => (revealed ? text : maskSecretsIn(text, secrets));
  const block = (role: 'primary' | 'backup', address: IngestAddress, key: string | null) => (
    <Box key={role} sx={{ flex: 1, minWidth: 280 }} data-testid={`ingest-${role}`}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {translate(`ottConsole.event.${role}`)}
      </Typography>
      <Stack spacing={1}>
        <CopyField label={translate('ottConsole.event.rtmpUrl', { role: translate(`ottConsole.event.${role}`) })} shown={show(address.rtmp)} value={address.rtmp} />
        {key && <CopyField label={translate('ottConsole.event.streamKey', { role: translate(`ottConsole.event.${role}`) })} shown={revealed ? key : maskSecret(key)} value={key} />}
        <CopyField label={translate('ottConsole.event.srtUrl', { role: translate(`ottConsole.event.${role}`) })} shown={show(address.srt)} value={address.srt} />
      </Stack>
    </Box>
  );
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip size="small" label={`${translate(`resources.ott_streams.choices.protocol.${stream.protocol}`)} · ${translate(`resources.ott_streams.choices.encryption.${stream.encryption}`)}`} />
        <Box sx={{ flex: 1 }} />
        <Button size="small" onClick={() => setRevealed((r) => !r)} startIcon={revealed ? <VisibilityOffIcon /> : <VisibilityIcon />} aria-pressed={revealed}>
          {translate(revealed ? 'ottConsole.event.hideSecrets' : 'ottConsole.event.showSecrets')}
        </Button>
        {onRotate && <RotateKeysButton onAir={stream.status === 'live' || stream.status === 'paused'} onRotate={onRotate} />}
      </Box>
      {stream.ingest.previous && <MovedIngestNotice ingest={stream.ingest} previous={stream.ingest.previous} show={show} />}
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        {block('primary', stream.ingest.primary, stream.primaryKey)}
        {block('backup', stream.ingest.backup, stream.backupKey)}
      </Box>
      {stream.passphrase && (
        <CopyField label={translate('ottConsole.event.passphrase')} shown={revealed ? stream.passphrase : maskSecret(stream.passphrase)} value={stream.passphrase} />
      )}
    </Stack>
  );
}

/**
 * New keys for a stream whose key or passphrase leaked. The old ones stop working at once, so it
 * asks first; on air it is not offered (the encoder sending the stream would be cut off).
 */
function RotateKeysButton({ onAir, onRotate }: { onAir: boolean; onRotate: () => Promise<void> }) {
  const translate = useTranslate();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onRotate();
      setOpen(false);
      setDone(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const button = (
    <span>
      <Button size="small" color="warning" startIcon={<KeyIcon />} disabled={onAir} onClick={() => (setDone(false), setOpen(true))}>
        {translate('ottConsole.event.rotateKeys')}
      </Button>
    </span>
  );
  return (
    <>
      {onAir ? <Tooltip title={translate('ottConsole.event.rotateKeysOnAir')}>{button}</Tooltip> : button}
      {done && (
        <Typography variant="caption" role="status" color="success.main">
          {translate('ottConsole.event.rotateKeysDone')}
        </Typography>
      )}
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{translate('ottConsole.event.rotateKeysTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('ottConsole.event.rotateKeysText')}</DialogContentText>
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button color="warning" variant="contained" onClick={() => void confirm()} disabled={busy}>
            {translate('ottConsole.event.rotateKeysConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** A small graph of one measure over the last minutes, with its latest value. */
function Sparkline({ label, values, unit }: { label: string; values: (number | null)[]; unit: string }) {
  const width = 160;
  const height = 36;
  const points = sparklinePoints(values, width, height);
  const latest = [...values].reverse().find((v) => v != null);
  const text = latest == null ? '—' : `${Math.round(latest * 10) / 10} ${unit}`.trim();
  return (
    <Box sx={{ minWidth: 170 }} data-testid="health-graph">
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {text}
      </Typography>
      <svg width={width} height={height} role="img" aria-label={`${label}: ${text}`} style={{ display: 'block' }}>
        <rect x={0} y={0} width={width} height={height} fill="none" stroke="#bdbdbd" strokeWidth={1} />
        {points && <polyline points={points} fill="none" stroke="#1565c0" strokeWidth={1.5} />}
      </svg>
    </Box>
  );
}

/** Which input feeds the output, which are connected, and the graphs of the last minutes. */
export function HealthPanel({ health, history, isSrt }: { health: LiveHealth | null; history: readonly HealthSample[]; isSrt: boolean }) {
  const translate = useTranslate();
  if (!health && history.length === 0) return <EmptyState>{translate('ottConsole.event.noHealth')}</EmptyState>;
  const flag = (role: 'primary' | 'backup') => {
    const on = !!health?.connected[role];
    return (
      <Chip
        size="small"
        variant={on ? 'filled' : 'outlined'}
        color={on ? 'success' : 'default'}
        label={`${translate(`ottConsole.event.${role}`)}: ${translate(on ? 'ottConsole.event.connected' : 'ottConsole.event.disconnected')}`}
        data-testid={`connected-${role}`}
      />
    );
  };
  return (
    <Stack spacing={1.5}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2">
          {translate('ottConsole.event.input')}: <strong>{health?.input ? translate(`ottConsole.event.${health.input}`) : '—'}</strong>
        </Typography>
        {flag('primary')}
        {flag('backup')}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Sparkline label={translate('ottConsole.event.bitrate')} values={history.map((s) => s.bitrateKbps)} unit="kb/s" />
        <Sparkline label={translate('ottConsole.event.fps')} values={history.map((s) => s.fps)} unit="fps" />
        <Sparkline label={translate('ottConsole.event.droppedFrames')} values={history.map((s) => s.droppedFrames)} unit="" />
        {isSrt && <Sparkline label={translate('ottConsole.event.rtt')} values={history.map((s) => s.rttMs)} unit="ms" />}
        {isSrt && <Sparkline label={translate('ottConsole.event.packetLoss')} values={history.map((s) => s.packetLossPercent)} unit="%" />}
      </Box>
    </Stack>
  );
}

const MARKER_COLOURS: Record<string, string> = { ad_break: '#b26a00', chapter: '#1565c0', highlight: '#2e7d32' };

/** The stream's markers on a timeline from the event's start to now, and in a list. */
export function MarkersTimeline({ markers, startsAt, now }: { markers: Marker[]; startsAt: string | null; now: number }) {
  const translate = useTranslate();
  if (markers.length === 0) return <EmptyState>{translate('ottConsole.event.noMarkers')}</EmptyState>;
  const range = timelineRange(
    markers.map((m) => ({ id: m.id, startAt: m.startAt, durationSeconds: m.durationSeconds })),
    startsAt,
    now,
  );
  const time = (iso: string) => formatTime(iso, { seconds: true });
  const describe = (m: Marker) => `${translate(`resources.markers.choices.kind.${m.kind}`)}${m.title ? `: ${m.title}` : ''} (${time(m.startAt)})`;
  return (
    <Stack spacing={1}>
      <Box sx={{ position: 'relative', height: 24, bgcolor: 'grey.200', borderRadius: 1 }} role="img" aria-label={translate('ottConsole.event.timeline')}>
        {markers.map((m) => {
          const { left, width } = markerPlacement({ id: m.id, startAt: m.startAt, durationSeconds: m.durationSeconds }, range);
          return <Box key={m.id} title={describe(m)} sx={{ position: 'absolute', top: 2, bottom: 2, left: `${left}%`, width: `max(${width}%, 4px)`, bgcolor: MARKER_COLOURS[m.kind] ?? 'grey.700', borderRadius: 0.5 }} />;
        })}
      </Box>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="marker-list">
        {markers.map((m) => (
          <li key={m.id}>
            <Typography variant="body2">{describe(m)}</Typography>
          </li>
        ))}
      </Box>
    </Stack>
  );
}

/** "Add a marker at the current moment": kind, title and length, with the warning that it replaces the stream's markers (spec §4). */
export function AddMarkerDialog({
  open,
  existing,
  onClose,
  onConfirm,
  busy,
  error,
}: {
  open: boolean;
  existing: number;
  onClose: () => void;
  onConfirm: (marker: { kind: string; title: string; durationSeconds: number }) => void;
  busy: boolean;
  error: string | null;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const kindLabel = useId();
  const [kind, setKind] = useState<string>('chapter');
  const [title, setTitle] = useState('');
  const [duration, setDuration] = useState('0');
  const seconds = Number(duration);
  const valid = Number.isFinite(seconds) && seconds >= 0 && seconds <= 86_400;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate('ottConsole.event.addMarker')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {existing > 0 && (
            <Alert severity="warning" data-testid="marker-replace-warning">
              {translate('ottConsole.event.markerReplaces', { smart_count: existing })}
            </Alert>
          )}
          <DialogContentText>{translate('ottConsole.event.markerNow')}</DialogContentText>
          <FormControl fullWidth>
            <InputLabel id={kindLabel}>{translate('resources.markers.fields.kind')}</InputLabel>
            <Select labelId={kindLabel} label={translate('resources.markers.fields.kind')} value={kind} onChange={(e) => setKind(String(e.target.value))}>
              {MARKER_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {translate(`resources.markers.choices.kind.${k}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <TextField label={translate('resources.markers.fields.title')} value={title} onChange={(e) => setTitle(e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} fullWidth />
          <TextField
            label={translate('resources.markers.fields.duration_seconds')}
            type="number"
            value={duration}
            onChange={(e) => setDuration(e.target.value)}
            error={!valid}
            slotProps={{ htmlInput: { min: 0, max: 86_400 } }}
            fullWidth
          />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" disabled={busy || !valid} onClick={() => onConfirm({ kind, title: title.trim(), durationSeconds: seconds })}>
          {translate(existing > 0 ? 'ottConsole.event.replaceMarkers' : 'ottConsole.event.addMarkerConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The live-to-VOD jobs of the event: progress while they run, and the newest finished MP4's link
 * (the server's download address, signed for paid events; older MP4s are superseded by it).
 */
export function RecordingJobs({ jobs, download }: { jobs: Job[]; download: { jobId: string; url: string } | null }) {
  const translate = useTranslate();
  if (jobs.length === 0) return <EmptyState>{translate('ottConsole.event.noRecording')}</EmptyState>;
  return (
    <Stack spacing={1} data-testid="recording-jobs">
      {jobs.map((job) => (
        <Box key={job.id} sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Chip size="small" label={translate(`resources.transcoding_jobs.choices.state.${job.state}`)} />
          <Box sx={{ flex: 1, minWidth: 160 }}>
            <JobProgress record={{ id: job.id, state: job.state, progress: job.progress }} />
          </Box>
          {job.state === 'FINISHED' && download?.jobId === job.id && (
            <Link href={download.url} download data-testid="recording-link">
              {translate('ottConsole.event.downloadMp4')}
            </Link>
          )}
          {job.error && (
            <Typography variant="caption" color="error">
              {job.error.split('\n').filter(Boolean).pop()}
            </Typography>
          )}
        </Box>
      ))}
    </Stack>
  );
}
