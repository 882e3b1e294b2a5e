// The floor of a push send (bench/push.mjs): what a message costs a Node process doing nothing but
// what the standards ask. For each subscription, the server's own encryption (RFC 8291: a fresh key
// pair, one ECDH, five HMACs, one AES-128-GCM: encrypt.ts, itself written down to that) and one
// HTTP/2 stream to the push service with a VAPID header made once; `concurrency` streams in flight
// on one session. No database, no jobs, no bookkeeping: the server's send cannot cost less here.
//
//   node --import tsx bench/support/push-floor.ts   with FLOOR_URL (the push service's origin),
//   FLOOR_COUNT, FLOOR_CONCURRENCY, FLOOR_KEYS (JSON: the p256dh and auth of each key pair, used
//   round-robin like the benchmark's subscriptions, whose endpoints are /push/b<i>)
// Prints one JSON line: { sent, statuses, cpuMs, ms }.
import http2 from 'node:http2';
import webpush from 'web-push';
import { encryptForSubscription, paddedPayload } from '../../apps/server/src/push/encrypt';
import { generateVapidKeys } from '../../apps/server/src/push/vapid';

const origin = process.env.FLOOR_URL!;
const count = Number(process.env.FLOOR_COUNT);
const concurrency = Number(process.env.FLOOR_CONCURRENCY ?? 256);
const keys = JSON.parse(process.env.FLOOR_KEYS!) as { p256dh: string; auth: string }[];

async function main() {
  const vapid = generateVapidKeys();
  const { Authorization } = webpush.getVapidHeaders(origin, 'mailto:bench@example.com', vapid.publicKey, vapid.privateKey, 'aes128gcm', Math.floor(Date.now() / 1000) + 3600);
  // A payload of the size the server sends (the notification's id, titles and bodies).
  const payload = paddedPayload(JSON.stringify({ notification_id: 'floor', locale: 'pl', title: 'Benchmark', body: 'Wiadomość testowa', image: null, link: null }));
  // The loopback certificate is made for the test: not one a CA signed.
  const session = http2.connect(origin, { rejectUnauthorized: false });
  await new Promise<void>((resolve, reject) => session.once('connect', () => resolve()).once('error', reject));
  const statuses: Record<number, number> = {};
  let next = 0;
  let done = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise<void>((resolve) => {
    const send = () => {
      if (next >= count) return;
      const i = next++;
      const k = keys[i % keys.length];
      const body = encryptForSubscription(payload, k.p256dh, k.auth);
      const stream = session.request({
        ':method': 'POST',
        ':path': `/push/b${i}`,
        authorization: Authorization,
        ttl: '86400',
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
        'content-length': String(body.length),
      });
      let status = 0;
      stream.on('response', (h) => (status = Number(h[':status'] ?? 0)));
      stream.on('error', () => {});
      stream.on('close', () => {
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (++done === count) resolve();
        else send();
      });
      stream.resume();
      stream.end(body);
    };
    for (let c = 0; c < Math.min(concurrency, count); c++) send();
  });
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  session.close();
  process.stdout.write(`${JSON.stringify({ sent: done, statuses, cpuMs: (cpu.user + cpu.system) / 1000, ms })}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
