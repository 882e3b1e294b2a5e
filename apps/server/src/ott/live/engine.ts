import { existsSync, promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sameJson } from '@umpire/schema';
import type {
  IngestPorts,
  LiveControl,
  LiveHealth,
  LiveMarker,
  LiveOutputState,
  LiveStreamConfig,
  OpenIngest,
  StreamProtocol,
} from '../live-control';
import { Feed, type RawFormat } from './feed';
import { LiveOutput, type Pick } from './output';
import type { HlsSink, Rendition, SegmentEntry } from './playlists';
import { freeLocalPort, spawnFfmpeg, waitExit, type FfmpegOptions } from './processes';
import { openRtmpGate, type RtmpGate } from './rtmp-gate';
import { openSrtRelay, type SrtRelay } from './srt-relay';

export type { HlsSink, Rendition, SegmentEntry } from './playlists';

/*
 * How a live stream flows (one per stream, all with Debian's ffmpeg, arguments as arrays):
 *
 *   camera crew ──RTMP──▶ rtmp-gate (checks the key) ──▶ ffmpeg listener ─┐ raw frames + PCM
 *               ──SRT───▶ srt-relay (stats) ──▶ ffmpeg listener (passphrase) ─┤ (feed.ts), for the
 *                          × primary and backup                               │ primary and backup
 *                                                                             ▼
 *   output.ts: a steady clock picks, frame by frame, the chosen feed, the other one when it fails,
 *   or a slate (paused, no signal) ──▶ one ffmpeg encoding the HLS ladder (x264 zerolatency, a key
 *   frame every segment) ──▶ <workDir>/<id>/master.m3u8, r<i>/index.m3u8 (live window + markers),
 *   r<i>/recording.m3u8 and vod.m3u8 (every segment: the recording, a VOD after the stop).
 *
 * Decoding every contribution to raw frames costs a decode per feed, but it is what lets start,
 * pause, fail-over and a crashed encoder's restart happen without the viewers' stream breaking.
 *
 * The engine runs what this instance owns and knows nothing of other instances: the caller (the
 * OTT capability's live-streams.ts) decides which streams it opens, asks for the ports a stream had
 * before (a restart, or another instance's death) and hands over the recording made so far, which
 * each output publishes segment by segment to a sink (the storage driver), so that any instance
 * serves the viewers and the next owner continues: numbering after the last recorded segment,
 * timestamps after its end, a DISCONTINUITY, the no-signal slate until the contribution is back.
 */

export interface LiveEngineOptions {
  /** Where each stream's HLS output and recording go (`<workDir>/<streamId>/`), e.g. `data/live`. */
  workDir: string;
  /** Address the ingest listeners bind to (`127.0.0.1` in tests). */
  host?: string;
  /** Host name put in the ingest URLs handed to camera crews. */
  publicHost?: string;
  /** Ports of the ingest listeners; none = a random free port for each. */
  portRange?: { from: number; to: number };
  /** The HLS ladder, largest first (default 720p and 360p). */
  ladder?: Rendition[];
  fps?: number;
  segmentSeconds?: number;
  /** Segments in the live playlists (the recording keeps all). */
  liveWindowSegments?: number;
  /**
   * x264 preset of the output. `superfast` by default: on this 2-core machine (shared, load ~13)
   * `npm run bench -- ott-live` held 1 stream of 720p + 360p in real time with veryfast, 2 to 4
   * (runs differ with the others' load) with superfast, 4+ with ultrafast. Tests use `ultrafast`.
   */
  preset?: string;
  audioKbps?: number;
  ffmpegPath?: string;
  /** Niceness of the ffmpeg processes. */
  nice?: number;
  slateText?: { paused: string; noSignal: string };
  /** Told when a stream's ingest could not get the ports it was asked for back (taken meanwhile). */
  warn?: (message: string) => void;
  /**
   * Where a stream's output is published as it is written (segments first, then the playlists
   * naming them); without one it stays in `workDir` alone (the engine's own tests). With one, the
   * local copy of a segment goes once it is published.
   */
  sink?: (config: LiveStreamConfig) => HlsSink;
}

/** The engine, with figures the benchmark reads beyond the routes' contract. */
export interface LiveEngine extends LiveControl {
  /** The output encoder's speed over the last seconds (1.0 = real time), from ffmpeg's progress. */
  encoderSpeed(streamId: number): number | null;
  /** Frames the output could not encode in time, or had to skip. */
  outputDropped(streamId: number): number;
  /** The local directory of a stream's output (without a sink, the whole recording is there). */
  hlsDirectory(streamId: number): string | null;
}

export class LiveEngineError extends Error {
  constructor(
    readonly code: 'unknown_stream' | 'ended' | 'passphrase_required',
    message: string,
  ) {
    super(message);
  }
}

export const DEFAULT_PRESET = 'superfast';

export const DEFAULT_LADDER: Rendition[] = [
  { name: '720p', width: 1280, height: 720, videoKbps: 2500 },
  { name: '360p', width: 640, height: 360, videoKbps: 800 },
];

type Role = 'primary' | 'backup';
const ROLES: Role[] = ['primary', 'backup'];
const PROTOCOLS: StreamProtocol[] = ['rtmp', 'srt'];

interface Ingest {
  rtmp: RtmpGate;
  srt: SrtRelay;
  feeds: Record<StreamProtocol, Feed>;
  internal: Record<StreamProtocol, number>;
  lastFrames: number;
}

interface StreamRuntime {
  config: LiveStreamConfig;
  dir: string;
  ingest: Record<Role, Ingest>;
  state: LiveOutputState;
  useBackup: boolean;
  paused: boolean;
  output: LiveOutput | null;
  markers: LiveMarker[];
  health: LiveHealth | null;
  active: { role: Role; protocol: StreamProtocol } | null;
}

const pbkeylen = (c: LiveStreamConfig): 16 | 32 | null => (c.encryption === 'AES-128' ? 16 : c.encryption === 'AES-256' ? 32 : null);

export function createLiveEngine(options: LiveEngineOptions): LiveEngine {
  const host = options.host ?? '0.0.0.0';
  const given = options.publicHost ?? 'localhost';
  const publicHost = given.includes(':') && !given.startsWith('[') ? `[${given}]` : given;
  const ladder = options.ladder ?? DEFAULT_LADDER;
  const fps = options.fps ?? 25;
  const segmentSeconds = options.segmentSeconds ?? 2;
  const audioKbps = options.audioKbps ?? 96;
  const ff: FfmpegOptions = { ffmpegPath: options.ffmpegPath ?? 'ffmpeg', nice: options.nice ?? 0 };
  const raw: RawFormat = { width: Math.max(...ladder.map((r) => r.width)), height: Math.max(...ladder.map((r) => r.height)), fps };
  const streams = new Map<number, StreamRuntime>();
  const listeners = new Set<(id: number, h: LiveHealth) => void>();
  let slates: Promise<Record<'paused' | 'no-signal', Buffer>> | null = null;
  let nextPort = options.portRange?.from ?? 0;

  /**
   * Binds a public listener on the port it had before a restart if free and in this instance's
   * range, else the next of the range (or a random one). A port outside the range was another
   * instance's: bindable here (in a container, always) but published to that instance alone, so
   * the crews' encoders would never reach it (compose publishes each instance its own range).
   */
  async function bindPublic<T>(open: (port: number) => Promise<T>, before?: number): Promise<T> {
    const range = options.portRange;
    if (before && (!range || (before >= range.from && before <= range.to))) {
      try {
        return await open(before);
      } catch {
        // taken meanwhile: a new address, which the stream's meta.ingest shows
      }
    }
    if (!range) return open(0);
    for (let tries = 0; tries <= range.to - range.from; tries++) {
      const port = nextPort;
      nextPort = nextPort >= range.to ? range.from : nextPort + 1;
      try {
        return await open(port);
      } catch {
        // taken: the next one
      }
    }
    throw new Error(`no free ingest port in ${range.from}-${range.to}`);
  }

  function listenOf(config: LiveStreamConfig, protocol: StreamProtocol, port: number) {
    return { protocol, port, passphrase: protocol === 'srt' ? config.passphrase : null, pbkeylen: protocol === 'srt' ? pbkeylen(config) : null };
  }

  async function openIngest(config: LiveStreamConfig, role: Role, before?: IngestPorts[Role]): Promise<Ingest> {
    const internal = { rtmp: await freeLocalPort(), srt: await freeLocalPort() };
    const key = role === 'primary' ? config.primaryKey : config.backupKey;
    const rtmp = await bindPublic((p) => openRtmpGate(host, p, () => internal.rtmp, key), before?.rtmp);
    const srt = await bindPublic((p) => openSrtRelay(host, p, () => internal.srt), before?.srt);
    const feeds = {
      rtmp: new Feed(ff, raw, listenOf(config, 'rtmp', internal.rtmp)),
      srt: new Feed(ff, raw, listenOf(config, 'srt', internal.srt)),
    };
    return { rtmp, srt, feeds, internal, lastFrames: 0 };
  }

  function endpoints(s: StreamRuntime): OpenIngest {
    const ports = portsOf(s);
    const address = (role: Role) => {
      const key = role === 'primary' ? s.config.primaryKey : s.config.backupKey;
      const q = new URLSearchParams({ mode: 'caller' });
      const len = pbkeylen(s.config);
      if (len && s.config.passphrase) {
        q.set('passphrase', s.config.passphrase);
        q.set('pbkeylen', String(len));
      }
      return {
        rtmp: `rtmp://${publicHost}:${ports[role].rtmp}/live/${encodeURIComponent(key)}`,
        srt: `srt://${publicHost}:${ports[role].srt}?${q.toString()}`,
      };
    };
    return { primary: address('primary'), backup: address('backup'), ports };
  }

  function get(streamId: number): StreamRuntime {
    const s = streams.get(streamId);
    if (!s) throw new LiveEngineError('unknown_stream', `stream ${streamId} has no open ingest`);
    return s;
  }

  /** The feed on air: the chosen ingest, else the other one (fail-over); the stream's protocol first. */
  function activeFeed(s: StreamRuntime, now: number): { role: Role; protocol: StreamProtocol; feed: Feed } | null {
    const roles: Role[] = s.useBackup ? ['backup', 'primary'] : ['primary', 'backup'];
    const protocols: StreamProtocol[] = s.config.protocol === 'srt' ? ['srt', 'rtmp'] : ['rtmp', 'srt'];
    for (const role of roles) {
      for (const protocol of protocols) {
        const feed = s.ingest[role].feeds[protocol];
        if (feed.connected(now)) return { role, protocol, feed };
      }
    }
    return null;
  }

  function pick(s: StreamRuntime, now: number): Pick {
    const a = activeFeed(s, now);
    s.active = a ? { role: a.role, protocol: a.protocol } : null;
    if (s.paused) return { slate: 'paused' };
    return a ? { feed: a.feed } : { slate: 'no-signal' };
  }

  async function slateFrames() {
    slates ??= (async () => {
      const text = options.slateText ?? { paused: 'The stream will be back shortly', noSignal: 'Waiting for the signal' };
      const [paused, noSignal] = await Promise.all([slateFrame(ff, raw, text.paused), slateFrame(ff, raw, text.noSignal)]);
      return { paused, 'no-signal': noSignal };
    })();
    return slates;
  }
  // Made at the start, not when a stream is first started or taken over: a deploy's next owner is
  // often an instance that has just started, and viewers would wait for these ffmpeg runs too.
  slateFrames().catch(() => (slates = null));

  async function startOutput(s: StreamRuntime, previous?: SegmentEntry[][]): Promise<void> {
    if (s.output) return;
    const frames = await slateFrames();
    if (s.output) return;
    const sink = options.sink?.(s.config) ?? null;
    // Published elsewhere, the local directory is a scratch space: what an earlier run left is not the truth.
    if (sink) await fs.rm(s.dir, { recursive: true, force: true });
    await LiveOutput.prepare(s.dir, ladder, audioKbps);
    const allFeeds = () => ROLES.flatMap((r) => PROTOCOLS.map((p) => s.ingest[r].feeds[p]));
    s.output = new LiveOutput(
      ff,
      { dir: s.dir, raw, ladder, segmentSeconds, liveWindowSegments: options.liveWindowSegments ?? 6, preset: options.preset ?? DEFAULT_PRESET, audioKbps, previous, sink, warn: (m) => options.warn?.(`stream ${s.config.streamId}: ${m}`) },
      frames,
      (now) => pick(s, now),
      allFeeds,
    );
    if (sink) await LiveOutput.publishMasters(ladder, audioKbps, sink);
    if (s.markers.length) await s.output.setMarkers(s.markers);
  }

  async function closeIngest(s: StreamRuntime): Promise<void> {
    for (const role of ROLES) {
      const ing = s.ingest[role];
      for (const p of PROTOCOLS) ing.feeds[p].close();
      await ing.rtmp.close();
      await ing.srt.close();
    }
  }

  function computeHealth(s: StreamRuntime, now: number): LiveHealth {
    const a = activeFeed(s, now);
    let bitrateKbps = 0;
    let rttMs: number | null = null;
    let loss: number | null = null;
    let fpsNow = 0;
    let dropped = s.output?.outputDropped ?? 0;
    for (const role of ROLES) {
      const ing = s.ingest[role];
      const rtmpBytes = ing.rtmp.takeBytes();
      const srt = ing.srt.takeStats();
      const frames = ing.feeds.rtmp.inputFrames + ing.feeds.srt.inputFrames;
      const fpsRole = Math.max(0, frames - ing.lastFrames);
      ing.lastFrames = frames;
      dropped += ing.feeds.rtmp.dropped + ing.feeds.srt.dropped;
      if (a?.role !== role) continue;
      fpsNow = fpsRole;
      if (a.protocol === 'rtmp') bitrateKbps = Math.round((rtmpBytes * 8) / 1000);
      else {
        bitrateKbps = Math.round((srt.bytes * 8) / 1000);
        rttMs = srt.rttMs;
        loss = srt.packets > 0 ? Math.round((srt.retransmitted / srt.packets) * 10000) / 100 : 0;
      }
    }
    const connected = (role: Role) => PROTOCOLS.some((p) => s.ingest[role].feeds[p].connected(now));
    return {
      input: a?.role ?? null,
      connected: { primary: connected('primary'), backup: connected('backup') },
      bitrateKbps,
      fps: fpsNow,
      droppedFrames: dropped,
      rttMs,
      packetLossPercent: loss,
      at: new Date(now).toISOString(),
    };
  }

  const healthTimer = setInterval(() => {
    const now = Date.now();
    for (const [id, s] of streams) {
      s.health = computeHealth(s, now);
      for (const l of listeners) {
        try {
          l(id, s.health);
        } catch {
          // a listener's failure is its own
        }
      }
    }
  }, 1000);
  healthTimer.unref();

  async function ensureIngestNow(config: LiveStreamConfig, before?: IngestPorts | null): Promise<OpenIngest> {
    if (config.encryption !== 'none' && !config.passphrase) {
      throw new LiveEngineError('passphrase_required', 'an encrypted SRT ingest needs a passphrase');
    }
    const existing = streams.get(config.streamId);
    // An ended stream keeps its recording; its listeners are closed for good.
    if (existing?.state === 'ended') throw new LiveEngineError('ended', `stream ${config.streamId} has ended`);
    if (existing) {
      if (!sameJson(existing.config, config)) {
        existing.config = config;
        for (const role of ROLES) {
          const ing = existing.ingest[role];
          ing.rtmp.setKey(role === 'primary' ? config.primaryKey : config.backupKey);
          ing.feeds.srt.reconfigure(listenOf(config, 'srt', ing.internal.srt));
        }
      }
      return endpoints(existing);
    }
    // The ports this stream had before (a restart, another owner), so that the crews' encoders find it again.
    const dir = path.join(options.workDir, String(config.streamId));
    const s: StreamRuntime = {
      config,
      dir,
      ingest: { primary: await openIngest(config, 'primary', before?.primary), backup: await openIngest(config, 'backup', before?.backup) },
      state: 'idle',
      useBackup: false,
      paused: false,
      output: null,
      markers: [],
      health: null,
      active: null,
    };
    streams.set(config.streamId, s);
    const ports = portsOf(s);
    if (before && !sameJson(before, ports))
      options.warn?.(`stream ${config.streamId}: ingest ports ${JSON.stringify(before)} were taken or are not this instance's, the encoders must use ${JSON.stringify(ports)}`);
    await fs.mkdir(dir, { recursive: true });
    return endpoints(s);
  }

  const portsOf = (s: StreamRuntime): IngestPorts => ({
    primary: { rtmp: s.ingest.primary.rtmp.port, srt: s.ingest.primary.srt.port },
    backup: { rtmp: s.ingest.backup.rtmp.port, srt: s.ingest.backup.srt.port },
  });

  // Two requests opening the same stream's ingest at once share one opening.
  const opening = new Map<number, Promise<OpenIngest>>();

  const engine: LiveEngine = {
    renditions: ladder.length,

    async ensureIngest(config, before) {
      const pending = opening.get(config.streamId);
      if (pending) await pending.catch(() => {});
      const p = ensureIngestNow(config, before);
      opening.set(config.streamId, p);
      try {
        return await p;
      } finally {
        if (opening.get(config.streamId) === p) opening.delete(config.streamId);
      }
    },

    async start(streamId, useBackup) {
      const s = get(streamId);
      if (s.state === 'ended') throw new LiveEngineError('ended', `stream ${streamId} has ended`);
      s.useBackup = useBackup;
      s.paused = false;
      await startOutput(s);
      s.state = 'live';
    },

    async pause(streamId, useBackup) {
      const s = get(streamId);
      if (s.state === 'ended') throw new LiveEngineError('ended', `stream ${streamId} has ended`);
      s.useBackup = useBackup;
      s.paused = true;
      await startOutput(s);
      s.state = 'paused';
    },

    async resume(config, { paused, useBackup, markers, ports, recording }) {
      const ingest = await engine.ensureIngest(config, ports);
      const s = get(config.streamId);
      s.markers = [...markers].sort((a, b) => a.startAt.localeCompare(b.startAt));
      s.useBackup = useBackup;
      s.paused = paused;
      await startOutput(s, recording);
      s.state = paused ? 'paused' : 'live';
      return ingest;
    },

    async stop(streamId) {
      const s = get(streamId);
      if (s.state === 'ended') return;
      s.state = 'ended';
      await s.output?.end();
      await closeIngest(s);
    },

    async suspend(streamId) {
      const s = streams.get(streamId);
      if (!s) return;
      streams.delete(streamId);
      if (s.state === 'ended') return;
      s.state = 'ended';
      await s.output?.suspend();
      await closeIngest(s);
    },

    state(streamId) {
      return streams.get(streamId)?.state ?? 'idle';
    },

    health(streamId) {
      return streams.get(streamId)?.health ?? null;
    },

    onHealth(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    hlsDirectory(streamId) {
      const s = streams.get(streamId);
      if (s?.output) return s.dir;
      const dir = path.join(options.workDir, String(streamId));
      return existsSync(path.join(dir, 'master.m3u8')) ? dir : null;
    },

    async setMarkers(streamId, markers) {
      const s = get(streamId);
      s.markers = [...markers].sort((a, b) => a.startAt.localeCompare(b.startAt));
      await s.output?.setMarkers(s.markers);
    },

    encoderSpeed(streamId) {
      return streams.get(streamId)?.output?.speed ?? null;
    },

    outputDropped(streamId) {
      return streams.get(streamId)?.output?.outputDropped ?? 0;
    },

    // The server stops (a deploy, a restart): live and paused streams are suspended, not ended, so
    // that their next owner resumes them (see `resume`).
    async close() {
      clearInterval(healthTimer);
      listeners.clear();
      for (const id of [...streams.keys()]) await engine.suspend(id);
    },
  };
  return engine;
}

/** A still picture (colour and text) in the raw format, shown while paused or without signal. */
async function slateFrame(ff: FfmpegOptions, raw: RawFormat, text: string): Promise<Buffer> {
  const size = (raw.width * raw.height * 3) / 2;
  const tmp = await fs.mkdtemp(path.join(tmpdir(), 'umpire-slate-'));
  try {
    // drawtext reads the text from a file, so that no quoting of the operator's text is needed.
    const textFile = path.join(tmp, 'text.txt');
    await fs.writeFile(textFile, text);
    const escaped = textFile.replace(/[\\:']/g, (c) => `\\${c}`);
    const draw = `drawtext=textfile='${escaped}':fontcolor=white:fontsize=${Math.max(10, Math.round(raw.height / 14))}:x=(w-text_w)/2:y=(h-text_h)/2`;
    for (const vf of [draw, 'null']) {
      const child = spawnFfmpeg(
        ff,
        ['-f', 'lavfi', '-i', `color=c=0x12263f:s=${raw.width}x${raw.height}`, '-vf', vf, '-frames:v', '1', '-pix_fmt', 'yuv420p', '-f', 'rawvideo', 'pipe:1'],
        ['ignore', 'pipe', 'ignore'],
      );
      const parts: Buffer[] = [];
      child.stdout?.on('data', (b: Buffer) => parts.push(b));
      const code = await waitExit(child, 20_000);
      const frame = Buffer.concat(parts);
      if (code === 0 && frame.length === size) return frame;
    }
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
  // No ffmpeg filter worked: a plain dark frame (Y 16, chroma neutral) still keeps the output going.
  const frame = Buffer.alloc(size, 128);
  frame.fill(16, 0, raw.width * raw.height);
  return frame;
}
