import type { SiteConfig } from './config';
import { h } from './dom';
import { wordsFor } from './i18n';

/**
 * Video from HLS playlists: where the browser plays HLS itself (Safari, iOS, Android), the
 * playlist goes straight into `<video src>`; elsewhere hls.js, loaded only now (its light build:
 * no subtitles, alternative audio or DRM, which our ladders do not carry), feeds the element
 * through Media Source Extensions. A file a browser plays natively (an MP4 recording) is never
 * given to hls.js. Without either, the `<source>` the server drew stays, or a message says so.
 */
export type HlsClass = typeof import('hls.js').default;

export const HLS_TYPE = 'application/vnd.apple.mpegurl';

export interface AttachOptions {
  /** Start loading only when the reader presses play (videos of a page); playback buttons load at once. */
  lazy?: boolean;
  /** Play as soon as it can (the reader asked for it: a "Watch" button). */
  play?: boolean;
  /** The video cannot play here, or failed for good. */
  onError?: () => void;
  /** For tests: hls.js itself. */
  loadHls?: () => Promise<HlsClass>;
}

const loadHlsLight = async (): Promise<HlsClass> => (await import('hls.js/light')).default;

/** Plays `url` in `video`; answers a function that stops and lets go of it. */
export async function attachHls(video: HTMLVideoElement, url: string, options: AttachOptions = {}): Promise<() => void> {
  const play = () => {
    if (options.play) void video.play().catch(() => undefined);
  };
  if (/\.mp4($|[?#])/i.test(url) || video.canPlayType(HLS_TYPE)) {
    video.src = url;
    play();
    return () => {
      video.removeAttribute('src');
      video.load();
    };
  }
  let Hls: HlsClass;
  try {
    Hls = await (options.loadHls ?? loadHlsLight)();
  } catch {
    options.onError?.();
    return () => {};
  }
  if (!Hls.isSupported()) {
    options.onError?.();
    return () => {};
  }
  // No worker: hls.js would start it from a blob: URL, which the site's Content-Security-Policy (script-src 'self') refuses.
  const hls = new Hls({ autoStartLoad: !options.lazy, capLevelToPlayerSize: true, enableWorker: false });
  let recovered = false;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    // One recovery each for a broken media buffer and for the network; then it has failed.
    if (!recovered && data.type === Hls.ErrorTypes.MEDIA_ERROR) {
      recovered = true;
      hls.recoverMediaError();
      return;
    }
    if (!recovered && data.type === Hls.ErrorTypes.NETWORK_ERROR) {
      recovered = true;
      hls.startLoad();
      return;
    }
    hls.destroy();
    options.onError?.();
  });
  if (options.lazy) video.addEventListener('play', () => hls.startLoad(), { once: true });
  hls.on(Hls.Events.MANIFEST_PARSED, play);
  hls.loadSource(url);
  hls.attachMedia(video);
  return () => hls.destroy();
}

/**
 * The page's videos (`<video data-hls-src>` of the video component): each hooked up when it comes
 * near the screen, loading only when played (they are drawn with preload="none"); one marked
 * `data-autoplay` starts muted unless the reader prefers reduced motion.
 */
export function hydrateVideos(config: SiteConfig, root: ParentNode = document, options: Pick<AttachOptions, 'loadHls'> = {}): void {
  const words = wordsFor(config.locale);
  const videos = [...root.querySelectorAll<HTMLVideoElement>('video[data-hls-src]')].filter((v) => !v.dataset.hydrated);
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  const hook = (video: HTMLVideoElement) => {
    if (video.dataset.hydrated) return;
    video.dataset.hydrated = 'true';
    const autoplay = video.dataset.autoplay === 'true' && !reduced;
    if (autoplay) video.muted = true;
    void attachHls(video, video.dataset.hlsSrc!, {
      lazy: !autoplay,
      play: autoplay,
      onError: () => {
        // A `<source>` the browser can play natively still works; otherwise say so beside the video.
        if (video.querySelector('source[src]') && video.error === null) return;
        if (video.parentElement?.querySelector('.u-video-error')) return;
        video.insertAdjacentElement('afterend', h('p', { class: 'u-notice u-notice--error u-video-error', role: 'alert' }, words.videoFailed));
      },
      ...options,
    });
  };
  if (typeof IntersectionObserver !== 'function') {
    videos.forEach(hook);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries)
        if (entry.isIntersecting) {
          observer.unobserve(entry.target);
          hook(entry.target as HTMLVideoElement);
        }
    },
    { rootMargin: '400px 0px' },
  );
  videos.forEach((v) => observer.observe(v));
}
