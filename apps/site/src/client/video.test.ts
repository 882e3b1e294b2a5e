// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { attachHls, hydrateVideos, type HlsClass } from './video';
import { readConfig } from './config';
import { renderPage, settle, words } from './test/page';

/** A stand-in of hls.js: what the module calls, and the errors a test raises. */
function fakeHls(supported = true) {
  const instances: FakeHls[] = [];
  class FakeHls {
    static isSupported = () => supported;
    static Events = { ERROR: 'hlsError', MANIFEST_PARSED: 'hlsManifestParsed' };
    static ErrorTypes = { MEDIA_ERROR: 'mediaError', NETWORK_ERROR: 'networkError' };
    handlers = new Map<string, (event: string, data: unknown) => void>();
    source = '';
    media: HTMLVideoElement | null = null;
    startLoad = vi.fn();
    recoverMediaError = vi.fn();
    destroy = vi.fn();
    constructor(readonly config: Record<string, unknown>) {
      instances.push(this);
    }
    on(event: string, handler: (event: string, data: unknown) => void) {
      this.handlers.set(event, handler);
    }
    loadSource(url: string) {
      this.source = url;
    }
    attachMedia(video: HTMLVideoElement) {
      this.media = video;
    }
    fail(type: string) {
      this.handlers.get(FakeHls.Events.ERROR)!(FakeHls.Events.ERROR, { fatal: true, type });
    }
  }
  return { Hls: FakeHls as unknown as HlsClass, instances };
}

const video = (native: string) => {
  const v = document.createElement('video');
  v.canPlayType = () => native as CanPlayTypeResult;
  v.play = vi.fn(async () => undefined);
  return v;
};

describe('HLS video', () => {
  it('gives the playlist to a browser that plays HLS itself and never loads hls.js there', async () => {
    const v = video('maybe');
    const loadHls = vi.fn();
    await attachHls(v, 'https://cdn.example/vod/1/index.m3u8', { play: true, loadHls });
    expect(v.src).toBe('https://cdn.example/vod/1/index.m3u8');
    expect(v.play).toHaveBeenCalled();
    expect(loadHls).not.toHaveBeenCalled();
    // An MP4 recording plays natively anywhere.
    const mp4 = video('');
    await attachHls(mp4, 'https://cdn.example/rec/1.mp4?sig=a', { loadHls });
    expect(mp4.src).toBe('https://cdn.example/rec/1.mp4?sig=a');
    expect(loadHls).not.toHaveBeenCalled();
  });

  it('uses hls.js elsewhere, without a worker (the site’s CSP), loading segments only once played when lazy; recovers once, then gives up', async () => {
    const { Hls, instances } = fakeHls();
    const v = video('');
    const onError = vi.fn();
    await attachHls(v, 'https://cdn.example/live/2/index.m3u8', { lazy: true, onError, loadHls: async () => Hls });
    const hls = instances[0];
    expect(hls.config).toMatchObject({ autoStartLoad: false, enableWorker: false });
    expect(hls.source).toBe('https://cdn.example/live/2/index.m3u8');
    expect(hls.media).toBe(v);
    v.dispatchEvent(new Event('play'));
    expect(hls.startLoad).toHaveBeenCalledOnce();
    hls.fail('mediaError');
    expect(hls.recoverMediaError).toHaveBeenCalledOnce();
    expect(onError).not.toHaveBeenCalled();
    hls.fail('networkError');
    expect(hls.destroy).toHaveBeenCalled();
    expect(onError).toHaveBeenCalledOnce();
  });

  it('says so beside a page’s video that cannot play here, in the page’s language', async () => {
    renderPage({ locale: 'en', components: [] });
    document.querySelector('main')!.innerHTML = '<figure class="u-video"><video controls preload="none" data-hls-src="/ott/hls/vod/3/index.m3u8" aria-label="Goals"></video></figure>';
    const v = document.querySelector('video')!;
    v.canPlayType = () => '';
    const { Hls } = fakeHls(false);
    hydrateVideos(readConfig(), document, { loadHls: async () => Hls });
    await settle();
    expect(v.dataset.hydrated).toBe('true');
    expect(words(document.querySelector('.u-video [role="alert"]'))).toBe('The video could not be played. Try again later.');
  });
});
