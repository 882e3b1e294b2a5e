import { spawn } from 'node:child_process';

/**
 * Running Debian's ffmpeg and ffprobe safely on files people upload. A media file can be a
 * playlist in disguise (an HLS playlist or a concat list named .avi) that asks the demuxer to
 * open other files or addresses, so every input here:
 * - may only use the `file` protocol (or `pipe`): no http, tcp, udp, rtmp… whatever the file says;
 * - may only be read by the demuxers of real media containers: no hls, concat, image2 or other
 *   format that follows references;
 * - is a path the server made, passed in an argument array (no shell, nothing concatenated);
 * - runs under a time limit, killed with SIGKILL when it is exceeded.
 */
export const INPUT_PROTOCOLS = 'file,pipe';
/** Demuxers of the containers the library accepts (avi, mp4/mov, mpeg-ps/ts) and a few common ones. */
export const INPUT_FORMATS = 'mov,mp4,m4a,3gp,avi,mpeg,mpegts,mpegvideo,matroska,webm,flv,h264,aac,mp3,wav';

/** Options placed before every `-i` of a file we did not make ourselves. */
export const safeInputOptions = (): string[] => ['-protocol_whitelist', INPUT_PROTOCOLS, '-format_whitelist', INPUT_FORMATS];

export class FfmpegError extends Error {
  override name = 'FfmpegError';
  constructor(
    message: string,
    /** The last lines ffmpeg wrote on stderr: its reason. */
    readonly reason: string,
    readonly code: number | null,
  ) {
    super(message);
  }
}

export interface RunOptions {
  timeoutMs: number;
  /** Aborting kills the process (a cancelled job). */
  signal?: AbortSignal;
  /** Each line of stdout (ffmpeg's `-progress pipe:1`). */
  onStdoutLine?: (line: string) => void;
  /** Bytes of stdout kept and returned (ffprobe's JSON). */
  maxStdoutBytes?: number;
  niceness?: number;
}

const STDERR_TAIL = 4000;

/** Runs `bin args…` without a shell; resolves with stdout, rejects with ffmpeg's reason. */
export function runMediaTool(bin: 'ffmpeg' | 'ffprobe', args: string[], opts: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    let stdout = '';
    let stdoutBytes = 0;
    let pending = '';
    let stderr = '';
    let why: string | null = null;
    const kill = (reason: string) => {
      why ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill(`${bin} exceeded its time limit of ${Math.round(opts.timeoutMs / 1000)} s`), opts.timeoutMs);
    const onAbort = () => kill(`${bin} was stopped`);
    if (opts.signal?.aborted) onAbort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (opts.maxStdoutBytes !== undefined) {
        if (stdoutBytes > opts.maxStdoutBytes) return kill(`${bin} wrote more than ${opts.maxStdoutBytes} bytes`);
        stdout += chunk.toString();
      }
      if (opts.onStdoutLine) {
        const lines = (pending + chunk.toString()).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) opts.onStdoutLine(line.trim());
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new FfmpegError(`${bin} could not start: ${err.message}`, err.message, null));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (code === 0 && !why) return resolve(stdout);
      const reason = (why ? `${why}\n` : '') + stderr.trim();
      reject(new FfmpegError(`${bin} failed (exit ${code ?? 'killed'}): ${lastLine(reason)}`, reason.slice(-STDERR_TAIL), code));
    });
  });
}

const lastLine = (text: string) => text.trim().split('\n').filter(Boolean).pop() ?? '';

export interface MediaFacts {
  duration: number | null;
  width: number | null;
  height: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
  formatName: string | null;
}

/** What ffprobe tells about a local file made by the server, read with the safe input options. */
export async function probeFile(path: string, timeoutMs = 30_000): Promise<MediaFacts> {
  const out = await runMediaTool(
    'ffprobe',
    ['-v', 'error', ...safeInputOptions(), '-print_format', 'json', '-show_format', '-show_streams', '-i', `file:${path}`],
    { timeoutMs, maxStdoutBytes: 4 * 1024 * 1024 },
  );
  const parsed = JSON.parse(out) as {
    format?: { duration?: string; format_name?: string };
    streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
  };
  const video = parsed.streams?.find((s) => s.codec_type === 'video');
  const num = (v: unknown) => (v !== undefined && v !== null && Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : null);
  return {
    duration: num(parsed.format?.duration) ?? num(video?.duration),
    width: num(video?.width),
    height: num(video?.height),
    hasVideo: !!video,
    hasAudio: !!parsed.streams?.some((s) => s.codec_type === 'audio'),
    formatName: parsed.format?.format_name ?? null,
  };
}
