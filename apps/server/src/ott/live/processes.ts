import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** How the engine runs Debian's ffmpeg: arguments as arrays, never a shell; `nice` when asked. */
export interface FfmpegOptions {
  ffmpegPath: string;
  /** Niceness of every ffmpeg process (tests and benchmarks use 10 on the shared machine). */
  nice: number;
}

/**
 * util-linux's setpriv, where there is one: ffmpeg then dies with the server. A listener waiting
 * for a contribution would otherwise outlive a crashed server for good (a restart opens new ones).
 */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p)) ?? null;

export function spawnFfmpeg(opts: FfmpegOptions, args: string[], stdio: StdioOptions): ChildProcess {
  const base = ['-hide_banner', '-nostdin', '-loglevel', 'warning', ...args];
  const command = [...(opts.nice ? ['nice', '-n', String(opts.nice)] : []), opts.ffmpegPath, ...base];
  const child = SETPRIV ? spawn(SETPRIV, ['--pdeathsig', 'KILL', ...command], { stdio }) : spawn(command[0], command.slice(1), { stdio });
  // A pipe closed by a dying ffmpeg must not become an uncaught EPIPE in the server.
  for (const s of child.stdio) s?.on('error', () => {});
  return child;
}

/** Keeps the last lines of a child's stderr, for the reason of a failure. */
export function tailStderr(child: ChildProcess, keep = 20): () => string {
  const lines: string[] = [];
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) if (line.trim()) lines.push(line.trim());
    if (lines.length > keep) lines.splice(0, lines.length - keep);
  });
  return () => lines.join('\n');
}

/** Parses ffmpeg's `-progress` key=value blocks, calling back once per block. */
export function onProgress(stream: NodeJS.ReadableStream | null | undefined, cb: (block: Record<string, string>) => void): void {
  if (!stream) return;
  let buf = '';
  let block: Record<string, string> = {};
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buf += chunk;
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl).trim();
      buf = buf.slice(nl + 1);
      const eq = line.indexOf('=');
      if (eq < 0) continue;
      block[line.slice(0, eq)] = line.slice(eq + 1);
      if (line.startsWith('progress=')) {
        cb(block);
        block = {};
      }
    }
  });
}

/** Ends a child: SIGTERM, then SIGKILL when it lingers. Resolves when it has exited. */
export function endProcess(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Waits for a child to exit by itself, killing it after `timeoutMs`. */
export function waitExit(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/**
 * A free TCP/UDP port on 127.0.0.1 for an internal ffmpeg listener (ffmpeg cannot report the port
 * it got for port 0). The public listeners are Node sockets bound to port 0 directly, without this race.
 */
export function freeLocalPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}
