import type { ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { StreamProtocol } from '../live-control';
import { onProgress, spawnFfmpeg, tailStderr, type FfmpegOptions } from './processes';

/** Raw pictures and sound that every feed is turned into, so that the output can switch freely. */
export interface RawFormat {
  width: number;
  height: number;
  fps: number;
}

export const SAMPLE_RATE = 48_000;
export const AUDIO_BYTES_PER_SECOND = SAMPLE_RATE * 2 * 2; // s16le stereo

export interface FeedListen {
  protocol: StreamProtocol;
  /** The internal port ffmpeg listens on (127.0.0.1, behind the public gate or relay). */
  port: number;
  /** SRT: passphrase and key length (RTMP keys are checked by the gate in front, see rtmp-gate.ts). */
  passphrase: string | null;
  pbkeylen: 16 | 32 | null;
}

/**
 * One ingest listener (primary or backup, RTMP or SRT): an ffmpeg that waits for a contribution,
 * decodes it and hands raw frames (stdout) and PCM (fd 3) to the engine, which keeps the latest
 * frame and a little sound. When the contribution ends ffmpeg exits and is started again.
 */
export class Feed {
  latest: Buffer | null = null;
  lastFrameAt = 0;
  /** Pictures received from the contribution (ffmpeg's duplicates for a constant rate left out). */
  inputFrames = 0;
  dropped = 0;
  private audio: Buffer[] = [];
  private audioBytes = 0;
  private child: ChildProcess | null = null;
  private withAudio = true;
  private closed = false;
  private restartTimer: NodeJS.Timeout | null = null;
  private progressFrames = { frame: 0, dup: 0, drop: 0 };
  lastError = '';

  constructor(
    private readonly ff: FfmpegOptions,
    private readonly raw: RawFormat,
    private listen: FeedListen,
  ) {
    this.spawn();
  }

  get frameBytes(): number {
    return (this.raw.width * this.raw.height * 3) / 2;
  }

  /** Receiving pictures now (a frame in the last second). */
  connected(now = Date.now()): boolean {
    return this.lastFrameAt > 0 && now - this.lastFrameAt < 1000;
  }

  /** Takes `bytes` of sound, padded with silence when the feed has less. */
  takeAudio(bytes: number): Buffer {
    const out = Buffer.alloc(bytes);
    let filled = 0;
    while (filled < bytes && this.audio.length) {
      const head = this.audio[0];
      const n = Math.min(head.length, bytes - filled);
      head.copy(out, filled, 0, n);
      filled += n;
      if (n === head.length) this.audio.shift();
      else this.audio[0] = head.subarray(n);
      this.audioBytes -= n;
    }
    return out;
  }

  /** Drops sound older than `seconds`, so that a switch or a late read never plays stale sound. */
  trimAudio(seconds: number): void {
    let excess = this.audioBytes - Math.floor(AUDIO_BYTES_PER_SECOND * seconds);
    excess -= excess % 4;
    if (excess > 0) this.takeAudio(excess);
  }

  /** Restarts the listener with new credentials (keys or passphrase changed). */
  reconfigure(listen: FeedListen): void {
    this.listen = listen;
    this.withAudio = true;
    this.child?.kill('SIGTERM');
  }

  close(): void {
    this.closed = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.child?.kill('SIGKILL');
  }

  private inputArgs(): string[] {
    const l = this.listen;
    if (l.protocol === 'rtmp') {
      return ['-protocol_whitelist', 'rtmp,tcp', '-listen', '1', '-i', `rtmp://127.0.0.1:${l.port}/live/ingest`];
    }
    const q = new URLSearchParams({ mode: 'listener' });
    if (l.passphrase && l.pbkeylen) {
      q.set('passphrase', l.passphrase);
      q.set('pbkeylen', String(l.pbkeylen));
      q.set('enforced_encryption', '1');
    }
    // Contributions are MPEG-TS over SRT.
    return ['-protocol_whitelist', 'srt,udp', '-f', 'mpegts', '-i', `srt://127.0.0.1:${l.port}?${q.toString()}`];
  }

  private spawn(): void {
    if (this.closed) return;
    const { width, height, fps } = this.raw;
    const scale = `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1`;
    const args = [
      '-analyzeduration', '1000000', '-stats_period', '1', '-progress', 'pipe:4',
      ...this.inputArgs(),
      '-map', '0:v:0', '-vf', scale, '-r', String(fps), '-fps_mode', 'cfr', '-pix_fmt', 'yuv420p', '-f', 'rawvideo', 'pipe:1',
    ];
    if (this.withAudio) args.push('-map', '0:a:0', '-ac', '2', '-ar', String(SAMPLE_RATE), '-f', 's16le', 'pipe:3');
    const child = spawnFfmpeg(this.ff, args, ['ignore', 'pipe', 'pipe', 'pipe', 'pipe']);
    this.child = child;
    this.progressFrames = { frame: 0, dup: 0, drop: 0 };
    const stderr = tailStderr(child);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const size = this.frameBytes;
    child.stdout?.on('data', (chunk: Buffer) => {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes < size) return;
      const all = Buffer.concat(pending);
      const whole = Math.floor(all.length / size);
      this.latest = Buffer.from(all.subarray((whole - 1) * size, whole * size));
      this.lastFrameAt = Date.now();
      const rest = all.subarray(whole * size);
      pending = rest.length ? [Buffer.from(rest)] : [];
      pendingBytes = rest.length;
    });
    (child.stdio[3] as Readable | null)?.on('data', (chunk: Buffer) => {
      this.audio.push(chunk);
      this.audioBytes += chunk.length;
      this.trimAudio(1);
    });
    onProgress(child.stdio[4] as Readable | null, (b) => {
      // Frames ffmpeg had to drop (late or excess input) count as dropped frames of the feed.
      const now = { frame: Number(b.frame) || 0, dup: Number(b.dup_frames) || 0, drop: Number(b.drop_frames) || 0 };
      const prev = this.progressFrames;
      this.dropped += Math.max(0, now.drop - prev.drop);
      this.inputFrames += Math.max(0, now.frame - now.dup + now.drop - (prev.frame - prev.dup + prev.drop));
      this.progressFrames = now;
    });
    child.on('exit', () => {
      const err = stderr();
      if (err) this.lastError = err;
      // A contribution without sound: listen again for pictures only.
      if (/matches no streams/.test(err) && this.withAudio) this.withAudio = false;
      this.child = null;
      if (!this.closed) this.restartTimer = setTimeout(() => this.spawn(), 300);
    });
  }
}
