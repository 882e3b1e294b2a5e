import { existsSync, promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sameJson } from '@umpire/schema';
import type {
  IngestEndpoints,
  LiveControl,
  LiveHealth,
  LiveMarker,
  LiveOutputState,
  LiveStreamConfig,
  StreamProtocol,
} from '../live-control';
import { Feed, type RawFormat } from './feed';
import { LiveOutput, type Pick } from './output';
import { renditionDir, writeAtomic, type Rendition } from './playlists';
import { freeLocalPort, spawnFfmpeg, waitExit, type FfmpegOptions } from './processes';
import { recordedSegments, segmentsToMp4 } from './recording';
import { openRtmpGate, type RtmpGate } from './rtmp-gate';
import { openSrtRelay, type SrtRelay } from './srt-relay';

export type { Rendition } from './playlists';

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
 * A server restart (deploy, crash) does not end a stream. The ports each stream was given are kept
 * in <workDir>/<id>/ingest.json and asked for again, so encoders reconnect to the same addresses
 * (keys and passphrase are the database's); a port taken meanwhile gives a new one (warned, and in
 * meta.ingest). `close` suspends outputs without ENDLIST; at start the server calls `resume` for its
 * live and paused streams, and the instance whose data directory holds a stream's output runs it
 * again: numbering after the last recorded segment, timestamps after its end, a DISCONTINUITY, the
 * no-signal slate until the contribution is back. The recording, and so its MP4, keeps both parts.
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
  /** Told when a stream's ingest could not get its ports of before a restart back (taken meanwhile). */
  warn?: (message: string) => void;
}

/** The engine, with figures the benchmark reads beyond the routes' contract. */
export interface LiveEngine extends LiveControl {
  /** The output encoder's speed over the last seconds (1.0 = real time), from ffmpeg's progress. */
  encoderSpeed(streamId: number): number | null;
  /** Frames the output could not encode in time, or had to skip. */
  outputDropped(streamId: number): number;
}

export class LiveEngineError extends Error {
  constructor(
    readonly code: 'unknown_stream' | 'ended' | 'passphrase_required' | 'no_recording',
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
  /** The ports of before a restart that could not be had again (taken meanwhile), until this process ends. */
  previousPorts: IngestPorts | null;
}

/** The public ports of a stream's listeners, kept in `<workDir>/<id>/ingest.json` for a restart. */
interface IngestPorts {
  primary: { rtmp: number; srt: number };
  backup: { rtmp: number; srt: number };
}
const PORTS_FILE = 'ingest.json';

async function readPorts(dir: string): Promise<IngestPorts | null> {
  try {
    const p = JSON.parse(await fs.readFile(path.join(dir, PORTS_FILE), 'utf8')) as IngestPorts;
    const ok = (n: unknown) => Number.isInteger(n) && Number(n) > 0 && Number(n) < 65536;
    return ROLES.every((r) => ok(p[r]?.rtmp) && ok(p[r]?.srt)) ? p : null;
  } catch {
    return null;
  }
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

  /** Binds a public listener on the port it had before a restart if free, else the next of the range (or a random one). */
  async function bindPublic<T>(open: (port: number) => Promise<T>, before?: number): Promise<T> {
    if (before) {
      try {
        return await open(before);
      } catch {
        // taken meanwhile: a new address, which the stream's meta.ingest shows
      }
    }
    const range = options.portRange;
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

  function endpoints(s: StreamRuntime): IngestEndpoints {
    const address = (role: Role, ports: IngestPorts) => {
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
    const addresses = (ports: IngestPorts) => ({ primary: address('primary', ports), backup: address('backup', ports) });
    return { ...addresses(portsOf(s)), previous: s.previousPorts ? addresses(s.previousPorts) : null };
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
      return { paused: await slateFrame(ff, raw, text.paused), 'no-signal': await slateFrame(ff, raw, text.noSignal) };
    })();
    return slates;
  }

  async function startOutput(s: StreamRuntime, resumed = false): Promise<void> {
    if (s.output) return;
    const frames = await slateFrames();
    if (s.output) return;
    const previous = resumed ? await LiveOutput.previousRecording(s.dir, ladder) : undefined;
    await LiveOutput.prepare(s.dir, ladder, audioKbps);
    const allFeeds = () => ROLES.flatMap((r) => PROTOCOLS.map((p) => s.ingest[r].feeds[p]));
    s.output = new LiveOutput(
      ff,
      { dir: s.dir, raw, ladder, segmentSeconds, liveWindowSegments: options.liveWindowSegments ?? 6, preset: options.preset ?? DEFAULT_PRESET, audioKbps, previous },
      frames,
      (now) => pick(s, now),
      allFeeds,
    );
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

  async function ensureIngestNow(config: LiveStreamConfig): Promise<IngestEndpoints> {
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
    // The ports this stream had before a restart, so that the crews' encoders find it again.
    const dir = path.join(options.workDir, String(config.streamId));
    const before = await readPorts(dir);
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
      previousPorts: null,
    };
    streams.set(config.streamId, s);
    const ports = portsOf(s);
    if (before && !sameJson(before, ports)) {
      s.previousPorts = before;
      options.warn?.(`stream ${config.streamId}: ingest ports ${JSON.stringify(before)} were taken, the encoders must use ${JSON.stringify(ports)}`);
    }
    await fs.mkdir(dir, { recursive: true });
    await writeAtomic(path.join(dir, PORTS_FILE), JSON.stringify(ports));
    return endpoints(s);
  }

  const portsOf = (s: StreamRuntime): IngestPorts => ({
    primary: { rtmp: s.ingest.primary.rtmp.port, srt: s.ingest.primary.srt.port },
    backup: { rtmp: s.ingest.backup.rtmp.port, srt: s.ingest.backup.srt.port },
  });

  // Two requests opening the same stream's ingest at once share one opening.
  const opening = new Map<number, Promise<IngestEndpoints>>();

  const engine: LiveEngine = {
    async ensureIngest(config) {
      const pending = opening.get(config.streamId);
      if (pending) await pending.catch(() => {});
      const p = ensureIngestNow(config);
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

    async resume(config, { paused, useBackup, markers }) {
      const dir = path.join(options.workDir, String(config.streamId));
      // Only the instance whose data directory holds the stream's output runs it again; a stopped
      // stream's recording is closed (ENDLIST) and is never reopened.
      if (streams.has(config.streamId) || !existsSync(path.join(dir, 'master.m3u8'))) return null;
      const recorded = await fs.readFile(path.join(dir, renditionDir(0), 'recording.m3u8'), 'utf8').catch(() => '');
      if (/^#EXT-X-ENDLIST/m.test(recorded)) return null;
      const ingest = await engine.ensureIngest(config);
      const s = get(config.streamId);
      s.markers = [...markers].sort((a, b) => a.startAt.localeCompare(b.startAt));
      s.useBackup = useBackup;
      s.paused = paused;
      await startOutput(s, true);
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

    async recordingToMp4(streamId, onProgress) {
      const s = streams.get(streamId);
      const dir = s?.dir ?? path.join(options.workDir, String(streamId));
      const rec = s?.output?.recording();
      const folder = rec?.dir ?? path.join(dir, renditionDir(0));
      const segments = rec?.segments ?? (await recordedSegments(folder));
      if (segments.length === 0) throw new LiveEngineError('no_recording', `stream ${streamId} has no recording`);
      return segmentsToMp4(ff, folder, segments, path.join(dir, 'recording.mp4'), onProgress);
    },

    encoderSpeed(streamId) {
      return streams.get(streamId)?.output?.speed ?? null;
    },

    outputDropped(streamId) {
      return streams.get(streamId)?.output?.outputDropped ?? 0;
    },

    // The server stops (a deploy, a restart): live and paused streams are suspended, not ended, so
    // that the next start resumes them (see `resume`).
    async close() {
      clearInterval(healthTimer);
      listeners.clear();
      for (const s of streams.values()) {
        if (s.state !== 'ended') {
          s.state = 'ended';
          await s.output?.suspend();
          await closeIngest(s);
        }
      }
      streams.clear();
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
