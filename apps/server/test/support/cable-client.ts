import * as ActionCable from '@rails/actioncable';
import WebSocket from 'ws';

// The official client, as the admin app and websites use it; Node lacks the browser globals it touches.
(ActionCable.adapters as { WebSocket: unknown }).WebSocket = WebSocket;
(globalThis as any).addEventListener ??= () => {};
(globalThis as any).removeEventListener ??= () => {};

/** Subscribes with the official client and collects what arrives. */
export function subscribe(url: string, channel: string, params: Record<string, unknown>) {
  const consumer = ActionCable.createConsumer(url);
  const received: any[] = [];
  const waiters: { test: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  let settle: (v: 'connected' | 'rejected') => void;
  const status = new Promise<'connected' | 'rejected'>((r) => (settle = r));
  consumer.subscriptions.create(
    { channel, ...params },
    {
      connected: () => settle('connected'),
      rejected: () => settle('rejected'),
      received: (m: any) => {
        received.push(m);
        for (const w of [...waiters]) if (w.test(m)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(m);
        }
      },
    },
  );
  const next = (test: (m: any) => boolean, timeoutMs = 5000) =>
    new Promise<any>((resolve, reject) => {
      const found = received.find(test);
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(received).slice(0, 800)}`)), timeoutMs);
      waiters.push({ test, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  return { consumer, status, received, next };
}
