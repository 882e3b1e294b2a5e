import { useEffect, useRef, useState } from 'react';
import { Box, Typography } from '@mui/material';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import { useTranslate } from 'react-admin';

/**
 * The output's preview: hls.js (loaded on first use, so the main bundle does not carry it) feeds
 * the `<video>`; a browser that plays HLS itself gets the URL directly. Without a URL, or while
 * the output has nothing to play yet, a "no signal" card says so; a broken playlist is retried.
 */
export function HlsPreview({ url, label }: { url: string | null; label: string }) {
  // A new address is a new player: nothing of the previous one (its "playing") carries over.
  return <Player key={url ?? ''} url={url} label={label} />;
}

function Player({ url, label }: { url: string | null; label: string }) {
  const translate = useTranslate();
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element || !url) return;
    let cancelled = false;
    let destroy = () => {};
    let retry: ReturnType<typeof setTimeout> | undefined;
    const play = () => void element.play().catch(() => undefined);
    void import('hls.js').then(({ default: Hls }) => {
      if (cancelled) return;
      // A finished recording is an MP4 the browser plays itself; HLS needs hls.js where it has no player of its own.
      if (/\.mp4($|\?)/.test(url) || !Hls.isSupported()) {
        element.src = url;
        play();
        destroy = () => element.removeAttribute('src');
        return;
      }
      const attach = () => {
        // Low-latency-ish: start near the live edge, keep a short buffer.
        const hls = new Hls({ liveSyncDurationCount: 2, maxBufferLength: 10, manifestLoadingMaxRetry: 2 });
        hls.on(Hls.Events.MANIFEST_PARSED, play);
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          // The playlist appears a few seconds after start: try again until it does.
          hls.destroy();
          retry = setTimeout(() => !cancelled && attach(), 2000);
        });
        hls.loadSource(url);
        hls.attachMedia(element);
        destroy = () => hls.destroy();
      };
      attach();
    });
    return () => {
      cancelled = true;
      clearTimeout(retry);
      destroy();
    };
  }, [url]);

  return (
    <Box sx={{ position: 'relative', bgcolor: '#000', aspectRatio: '16 / 9', borderRadius: 1, overflow: 'hidden' }}>
      <video
        ref={video}
        aria-label={label}
        data-testid="event-preview"
        muted
        playsInline
        controls={!!url}
        onPlaying={() => setPlaying(true)}
        onEmptied={() => setPlaying(false)}
        style={{ width: '100%', height: '100%', display: url ? 'block' : 'none' }}
      />
      {(!url || !playing) && (
        <Box
          role="status"
          data-testid="no-signal"
          sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1, color: '#fff', pointerEvents: 'none', bgcolor: url ? 'rgba(0,0,0,0.6)' : '#000' }}
        >
          <VideocamOffIcon aria-hidden />
          <Typography>{url ? translate('ottConsole.event.connecting') : translate('ottConsole.event.noSignal')}</Typography>
        </Box>
      )}
    </Box>
  );
}
