import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Camera crews' encoders for live tests: a test pattern and a tone pushed over RTMP with the real
 * ffmpeg (320x180, niced on the shared machine). `stopAll` kills those still running.
 */
export function contributions() {
  const running: ChildProcess[] = [];
  return {
    /** Pushes to `url` for `seconds`. */
    contribute(url: string, seconds: number): ChildProcess {
      const child = spawn('nice', ['-n', '10', 'ffmpeg', '-hide_banner', '-nostdin', '-loglevel', 'error', '-re',
        '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(seconds),
        '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', url], { stdio: 'ignore' });
      running.push(child);
      return child;
    },
    /** Ends one contribution and waits until its ffmpeg has gone. */
    async stop(child: ChildProcess): Promise<void> {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    stopAll(): void {
      for (const c of running) c.kill('SIGKILL');
    },
  };
}
