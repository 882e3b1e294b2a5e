import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../../src/config';

export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string | null>;
  /** Everything it printed, to explain a failure. */
  output(): string;
}

/** The tracing preload (src/tracing.ts), for `spawnServer(env, { tracing: true })`. */
export const TRACING_PRELOAD = join(REPO_ROOT, 'apps/server/src/tracing.ts');

/**
 * The real `main.ts` in its own process, for what an in-process server cannot show: kills and
 * signals, its log lines (`logLevel`, warn unless given), and tracing, whose global state must not
 * reach the other files of a test worker (`tracing`: started by its preload, as in production).
 */
export async function spawnServer(env: NodeJS.ProcessEnv, options: { logLevel?: string; tracing?: boolean } = {}): Promise<ChildServer> {
  const preload = options.tracing ? ['--import', TRACING_PRELOAD] : [];
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload, join(REPO_ROOT, 'apps/server/src/main.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: options.logLevel ?? 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = () => {
      const m = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    };
    child.stdout.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it started:\n${output}`));
    });
  });
  return { url, process: child, exited, output: () => output };
}
