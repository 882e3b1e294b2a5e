/**
 * Stops a benchmark's server cleanly on SIGTERM or SIGINT, or when the parent goes away (our
 * stdin closes): runs `close` once, then exits (1 if closing failed).
 */
export function onStop(close: () => Promise<void>): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await close();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  const handler = () => void stop();
  process.once('SIGTERM', handler);
  process.once('SIGINT', handler);
  process.stdin.on('end', handler);
  process.stdin.resume();
}
