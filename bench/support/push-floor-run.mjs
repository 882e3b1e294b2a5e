// Runs the push floor (bench/support/push-floor.ts) in its own process and prints its figures:
// shared by the benchmarks that compare a send with it (bench/push.mjs (e), bench/alerts.mjs).
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt } from './child.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `count` messages to the push service at `pushUrl` from a bare Node process doing only the
 * encryption and one HTTP/2 stream each, to the bulk subscriptions' endpoints: the sender cannot
 * cost less a message, nor send faster, on this machine. Answers { sent, perS, cpuMsPerMessage, accepted, pushCpuMsPerMessage }.
 */
export async function measurePushFloor({ pushUrl, bulk, count, concurrency, keyPairs, label = '(e) the floor' }) {
  const keys = Array.from({ length: keyPairs }, (_, i) => bulk.keys(i));
  const pushCpu0 = process.cpuUsage();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/support/push-floor.ts')], {
    cwd: ROOT,
    env: { ...process.env, FLOOR_URL: pushUrl, FLOOR_COUNT: String(count), FLOOR_CONCURRENCY: String(concurrency), FLOOR_KEYS: JSON.stringify(keys) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const code = await new Promise((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`push floor exited with ${code}`);
  const f = JSON.parse(out.trim().split('\n').pop());
  const pushCpu = process.cpuUsage(pushCpu0);
  const accepted = f.statuses['201'] ?? 0;
  const perS = (f.sent / f.ms) * 1000;
  const pushCpuMsPerMessage = (pushCpu.user + pushCpu.system) / 1000 / Math.max(1, f.sent);
  console.log(`  ${label}: ${fmt(f.sent)} messages from a bare Node process doing only the encryption (RFC 8291) and one HTTP/2`);
  console.log(`      stream each, ${concurrency} in flight, to the same push service: ${fmt(f.cpuMs / f.sent, 3)} ms of CPU a message, ${fmt(perS)}/s`);
  console.log(`      (${fmt(accepted)} accepted; the push service ${fmt(pushCpuMsPerMessage, 3)} ms a message): the sender cannot cost less here`);
  return { sent: f.sent, perS, cpuMsPerMessage: f.cpuMs / f.sent, accepted, pushCpuMsPerMessage };
}
