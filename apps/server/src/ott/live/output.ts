import type { ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { LiveMarker } from '../live-control';
import { SAMPLE_RATE, type Feed, type RawFormat } from './feed';
import {
  masterPlaylist,
  parseMediaPlaylist,
  recordingPlaylist,
  renditionDir,
  withDateRanges,
  writeAtomic,
  type HlsSink,
  type Rendition,
  type SegmentEntry,
} from './playlists';
import { onProgress, spawnFfmpeg, tailStderr, waitExit, type FfmpegOptions } from './processes';

export interface OutputOptions {
  dir: string;
  raw: RawFormat;
  ladder: Rendition[];
  segmentSeconds: number;
  liveWindowSegments: number;
  preset: string;
  audioKbps: number;
  /** Segments recorded before (another owner, a restart), per rendition: the output goes on after them. */
  previous?: SegmentEntry[][];
  /** Where segments and playlists are published as they are written (segments first). */
  sink?: HlsSink | null;
  /** Told once when publishing starts failing (storage down), and once when it works again. */
  warn?: (message: string) => void;
}

/** What feeds the encoder at each frame: a feed, or a slate. */
export type Pick = { feed: Feed } | { slate: 'paused' | 'no-signal' };

const masterPlaylists = (ladder: Rendition[], audioKbps: number) => ({
  'master.m3u8': masterPlaylist(ladder, PUBLIC_FILE, audioKbps),
  'vod.m3u8': masterPlaylist(ladder, RECORDING_FILE, audioKbps),
});

const LIVE_FILE = 'live.m3u8'; // written by ffmpeg
const PUBLIC_FILE = 'index.m3u8'; // ffmpeg's playlist with the markers
const RECORDING_FILE = 'recording.m3u8';

/**
 * The HLS output of one stream. One long-running ffmpeg encodes the whole ladder from raw frames
 * that this class writes at a steady frame rate from whichever source `pick` names (the primary or
 * backup feed, or a slate), so that pause, resume and fail-over never restart the encoder: the output
 * stays one continuous stream with no discontinuity. Every segment is kept (the recording); the live
 * playlists show a short window, the recording playlists everything.
 */
export class LiveOutput {
  outputDropped = 0;
  speed: number | null = null;
  /** Times the encoder died and was started again. */
  restarts = 0;
  private encoder!: ChildProcess;
  private video!: Writable;
  private audio!: Writable;
  private t0 = Date.now();
  private sent = 0;
  private tickTimer: NodeJS.Timeout;
  private pollTimer: NodeJS.Timeout;
  private recorded: Map<string, SegmentEntry>[];
  /** Segments already in the sink (those recorded before this output, and ours once put). */
  private published: Set<string>[];
  private lastRaw: string[];
  private markers: LiveMarker[] = [];
  private polling: Promise<void> = Promise.resolve();
  /** Publishing failed at the last look: viewers see the stream stall until storage answers. */
  private publishFailing = false;
  private stderr: () => string = () => '';
  private lastFailure: string | null = null;
  private ended = false;
  /** Stopped for a server restart: the playlists stay open (no ENDLIST), to be continued. */
  private suspended = false;

  constructor(
    private readonly ff: FfmpegOptions,
    private readonly opts: OutputOptions,
    private readonly slates: Record<'paused' | 'no-signal', Buffer>,
    private readonly pick: (now: number) => Pick,
    private readonly feeds: () => Feed[],
  ) {
    this.recorded = opts.ladder.map((_, i) => new Map((opts.previous?.[i] ?? []).map((s) => [s.uri, s])));
    this.published = this.recorded.map((m) => new Set(m.keys()));
    this.lastRaw = opts.ladder.map(() => '');
    this.encoder = this.spawnEncoder();
    this.tickTimer = setInterval(() => this.tick(), Math.max(5, Math.floor(1000 / opts.raw.fps / 2)));
    this.pollTimer = setInterval(() => void this.poll(false), 250);
  }

  /** The output's directories and master playlists on disk, before the encoder starts. */
  static async prepare(dir: string, ladder: Rendition[], audioKbps: number): Promise<void> {
    await fs.mkdir(dir, { recursive: true });
    for (let i = 0; i < ladder.length; i++) await fs.mkdir(path.join(dir, renditionDir(i)), { recursive: true });
    for (const [file, text] of Object.entries(masterPlaylists(ladder, audioKbps))) await writeAtomic(path.join(dir, file), text);
  }

  /**
   * The master playlists to the sink, while the encoder starts (its first segment is seconds away):
   * a stream taken over has them in storage already, and its viewers need not wait for the puts.
   */
  static async publishMasters(ladder: Rendition[], audioKbps: number, sink: HlsSink): Promise<void> {
    await Promise.all(Object.entries(masterPlaylists(ladder, audioKbps)).map(([file, text]) => sink.putText(file, text)));
  }

  /** Why the encoder last died, if it did. */
  failure(): string | null {
    return this.lastFailure;
  }

  /**
   * Starts the encoder. After a crash it starts again numbering segments after the last one, with a
   * discontinuity, so that players and the recording go on (a few seconds lost, not the stream).
   */
  private spawnEncoder(): ChildProcess {
    // After the last recorded segment (an encoder restart, or the server's): its number, and its
    // time, so that the recording's timestamps keep increasing and its MP4 is one timeline.
    const segments = [...this.recorded[0].values()];
    const numbers = segments.map((s) => Number(/(\d+)\.ts$/.exec(s.uri)?.[1] ?? -1));
    const startNumber = Math.max(-1, ...numbers) + 1;
    const offset = segments.reduce((sum, s) => sum + s.duration, 0);
    const encoder = spawnFfmpeg(this.ff, this.encoderArgs(startNumber, offset), ['pipe', 'pipe', 'pipe', 'pipe']);
    this.encoder = encoder;
    this.stderr = tailStderr(encoder);
    this.video = encoder.stdin as Writable;
    this.audio = encoder.stdio[3] as Writable;
    // Speed over the last seconds (ffmpeg's own figure averages since the start).
    const samples: { at: number; out: number }[] = [];
    onProgress(encoder.stdout, (b) => {
      const out = Number(b.out_time_us);
      if (!Number.isFinite(out) || out <= 0) return;
      samples.push({ at: Date.now(), out });
      while (samples.length > 2 && samples[0].at < Date.now() - 5000) samples.shift();
      const first = samples[0];
      const last = samples[samples.length - 1];
      if (last.at - first.at >= 1000) this.speed = (last.out - first.out) / 1000 / (last.at - first.at);
    });
    encoder.on('exit', (code) => {
      if (this.ended) return;
      this.lastFailure = this.stderr() || `ffmpeg exited with ${code}`;
      this.restarts += 1;
      setTimeout(() => {
        if (!this.ended) this.spawnEncoder();
      }, 1000);
    });
    return encoder;
  }

  async setMarkers(markers: LiveMarker[]): Promise<void> {
    this.markers = markers;
    await this.poll(true);
  }

  /** Ends the output: ffmpeg writes the last segment and ENDLIST; the recording playlists are closed. */
  async end(): Promise<void> {
    return this.finish(false);
  }

  /**
   * Stops the encoder for a server restart: its last segment is written and recorded, but the
   * playlists stay open (no ENDLIST), so players wait and the next server's output continues them.
   */
  async suspend(): Promise<void> {
    return this.finish(true);
  }

  private async finish(suspend: boolean): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.suspended = suspend;
    clearInterval(this.tickTimer);
    this.video.end();
    this.audio.end();
    await waitExit(this.encoder, 20_000);
    clearInterval(this.pollTimer);
    await this.poll(true);
  }

  /** The recorded segments of the top rendition, in order. */
  recording(): { dir: string; segments: SegmentEntry[] } {
    return { dir: path.join(this.opts.dir, renditionDir(0)), segments: [...this.recorded[0].values()] };
  }

  private encoderArgs(startNumber: number, offsetSeconds: number): string[] {
    const { raw, ladder, segmentSeconds: seg, dir } = this.opts;
    const gop = Math.round(raw.fps * seg);
    const split = `[0:v]split=${ladder.length}${ladder.map((_, i) => `[s${i}]`).join('')}`;
    const scales = ladder.map((r, i) => `[s${i}]scale=${r.width}:${r.height}[v${i}]`);
    const args = [
      '-stats_period', '1', '-progress', 'pipe:1',
      '-protocol_whitelist', 'pipe', '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-video_size', `${raw.width}x${raw.height}`,
      '-framerate', String(raw.fps), '-i', 'pipe:0',
      '-protocol_whitelist', 'pipe', '-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', '2', '-i', 'pipe:3',
      '-filter_complex', [split, ...scales].join(';'),
    ];
    ladder.forEach((_, i) => args.push('-map', `[v${i}]`, '-map', '1:a'));
    // Low latency: no B-frames or look-ahead, one key frame at each segment boundary.
    args.push(
      '-c:v', 'libx264', '-preset', this.opts.preset, '-tune', 'zerolatency', '-profile:v', 'main', '-level:v', '4.0',
      '-pix_fmt', 'yuv420p', '-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0',
      '-force_key_frames', `expr:gte(t,n_forced*${seg})`,
    );
    ladder.forEach((r, i) => {
      args.push(`-b:v:${i}`, `${r.videoKbps}k`, `-maxrate:v:${i}`, `${r.videoKbps}k`, `-bufsize:v:${i}`, `${r.videoKbps * 2}k`);
    });
    args.push(
      '-c:a', 'aac', '-b:a', `${this.opts.audioKbps}k`, '-ac', '2',
      '-output_ts_offset', offsetSeconds.toFixed(3),
      '-f', 'hls', '-hls_time', String(seg), '-hls_list_size', String(this.opts.liveWindowSegments),
      '-hls_flags', `independent_segments+program_date_time+temp_file${startNumber > 0 ? '+discont_start' : ''}`,
      '-start_number', String(startNumber), '-hls_segment_type', 'mpegts',
      '-hls_segment_filename', path.join(dir, 'r%v', 'seg_%06d.ts'),
      '-var_stream_map', ladder.map((_, i) => `v:${i},a:${i}`).join(' '),
      path.join(dir, 'r%v', LIVE_FILE),
    );
    return args;
  }

  /** Writes every frame that is due by the wall clock (catching up after a stalled event loop). */
  private tick(): void {
    const fps = this.opts.raw.fps;
    const due = Math.floor(((Date.now() - this.t0) * fps) / 1000);
    if (due - this.sent > fps * 2) {
      this.outputDropped += due - this.sent - 1;
      this.sent = due - 1;
    }
    while (this.sent < due) this.writeFrame();
  }

  private writeFrame(): void {
    const fps = this.opts.raw.fps;
    const n = this.sent++;
    const audioBytes = (Math.floor(((n + 1) * SAMPLE_RATE) / fps) - Math.floor((n * SAMPLE_RATE) / fps)) * 4;
    const now = Date.now();
    const pick = this.pick(now);
    let frame: Buffer;
    let sound: Buffer;
    if ('feed' in pick && pick.feed.latest) {
      frame = pick.feed.latest;
      sound = pick.feed.takeAudio(audioBytes);
    } else {
      frame = this.slates['slate' in pick ? pick.slate : 'no-signal'];
      sound = Buffer.alloc(audioBytes);
    }
    // Sound of the feeds not on air is kept short, so that a switch plays current sound.
    for (const f of this.feeds()) if (!('feed' in pick) || f !== pick.feed) f.trimAudio(0.1);
    if ('feed' in pick) pick.feed.trimAudio(0.5);
    // An encoder slower than real time: drop rather than queue without end (the stream stays live).
    if (this.video.writableLength > frame.length * fps || this.video.destroyed) {
      this.outputDropped += 1;
      return;
    }
    this.video.write(frame);
    this.audio.write(sound);
  }

  /** Publishes ffmpeg's playlists with the markers, and keeps the recording playlists. */
  private poll(force: boolean): Promise<void> {
    this.polling = this.polling
      .then(() => this.pollOnce(force))
      .then(
        () => {
          if (this.publishFailing) this.opts.warn?.('live output published again');
          this.publishFailing = false;
        },
        (err: unknown) => {
          // Tried again at the next look (the segments wait on disk); said once, not every 250 ms.
          if (!this.publishFailing) this.opts.warn?.(`live output not published, tried again: ${err instanceof Error ? err.message : String(err)}`);
          this.publishFailing = true;
        },
      );
    return this.polling;
  }

  private async pollOnce(force: boolean): Promise<void> {
    const sink = this.opts.sink;
    for (let i = 0; i < this.opts.ladder.length; i++) {
      const dir = path.join(this.opts.dir, renditionDir(i));
      let raw: string;
      try {
        raw = await fs.readFile(path.join(dir, LIVE_FILE), 'utf8');
      } catch {
        continue;
      }
      if (raw === this.lastRaw[i] && !force) continue;
      const { segments, ended } = parseMediaPlaylist(raw);
      for (const s of segments) if (!this.recorded[i].has(s.uri)) this.recorded[i].set(s.uri, s);
      // Segments reach the sink before a playlist names them, so a player never asks for a missing
      // one; the local copy then goes (the sink keeps the recording). A failed put is tried again
      // at the next look, the playlists waiting for it.
      if (sink) {
        for (const uri of this.recorded[i].keys()) {
          if (this.published[i].has(uri)) continue;
          const local = path.join(dir, uri);
          await sink.putFile(`${renditionDir(i)}/${uri}`, local);
          this.published[i].add(uri);
          await fs.rm(local, { force: true });
        }
      }
      // Suspended for a restart: ffmpeg's ENDLIST is kept from the viewers (the stream goes on).
      const text = this.suspended ? raw.replace(/^#EXT-X-ENDLIST[ \t]*\r?\n?/m, '') : raw;
      const final = !this.suspended && (ended || this.ended);
      // An encoder that died just before the stop wrote no ENDLIST: the output has ended all the same.
      const closing = final && !ended ? '#EXT-X-ENDLIST\n' : '';
      const published = {
        [PUBLIC_FILE]: withDateRanges(text, this.markers) + closing,
        [RECORDING_FILE]: recordingPlaylist([...this.recorded[i].values()], this.markers, final),
      };
      for (const [file, playlist] of Object.entries(published)) {
        await writeAtomic(path.join(dir, file), playlist);
        await sink?.putText(`${renditionDir(i)}/${file}`, playlist);
      }
      this.lastRaw[i] = raw;
    }
  }
}
