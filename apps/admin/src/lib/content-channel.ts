import { getRuntime } from './configuration';
import { readStoredToken } from './token';

/** A change announced on /cable's ContentChannel: what happened to which record of a type. */
export interface ContentChange {
  action: 'created' | 'updated' | 'deleted';
  type: string;
  id: string;
  actor?: string;
}

/** `/cable` on the API's host (same origin when the API address is relative); https becomes wss. */
export function contentCableUrl(apiBase: string, token: string | null, origin = window.location.origin): string {
  const host = /^[a-z][a-z\d+.-]*:\/\//i.test(apiBase) ? new URL(apiBase).origin : origin;
  return `${host.replace(/^http(s?):/i, (_, s: string) => `ws${s}:`)}/cable${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/**
 * Calls `onChange` for every change of the given types announced on the ContentChannel (one
 * connection, one subscription per type; @rails/actioncable loaded lazily and reconnecting on its
 * own). Returns a stop function, for a React effect's clean-up.
 */
export function watchContent(types: readonly string[], onChange: (change: ContentChange) => void): () => void {
  let stop = () => {};
  let stopped = false;
  void import('@rails/actioncable').then((ActionCable) => {
    if (stopped) return;
    const consumer = ActionCable.createConsumer(contentCableUrl(getRuntime().urls.umpire, readStoredToken()));
    for (const type of types) consumer.subscriptions.create({ channel: 'API::V3::ContentChannel', type }, { received: (m: ContentChange) => onChange(m) });
    stop = () => consumer.disconnect();
  });
  return () => {
    stopped = true;
    stop();
  };
}

/** `fn` at most once per `ms`, at the end of a burst (a stream of fans' answers is one refresh). */
export function trailing(fn: () => void, ms: number): { (): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const call = () => {
    timer ??= setTimeout(() => {
      timer = null;
      fn();
    }, ms);
  };
  call.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return call;
}
