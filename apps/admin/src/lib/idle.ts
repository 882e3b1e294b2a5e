/**
 * Runs `task` once the browser has nothing more urgent to do; returns a function that cancels it.
 * Safari has no requestIdleCallback: a short timer stands in.
 */
export function whenIdle(task: () => void, fallbackDelayMs = 200): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => task());
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, fallbackDelayMs);
  return () => clearTimeout(timer);
}
