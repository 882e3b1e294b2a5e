// The real server on the demo data alone (migrations and the demo seed on first start, nothing
// more), on 127.0.0.1 and a free port, with the environment it was given (DATA_DIR or
// DATABASE_URL, LOG_LEVEL=warn, SITE_CLIENT…). For the benchmarks of what a fresh `npm start`
// serves (bench/site.mjs). Prints one JSON line ({ url, dialect, startMs, nodeEnv }) when ready; stops on
// SIGTERM or when stdin closes.
//
// For bench/site.mjs, two things that change nothing the server does:
//   BENCH_READS_FILE  the delivery reads the website makes in process (the app's inject) are noted
//     between two SIGUSR2: the first writes {"recording":true} to that file, the second
//     {"reads":[{url,status,cache}…]} (a page's reads, which the benchmark then measures one by one).
//     Noting is a push onto an array, and only between the two signals.
//   BENCH_PROFILE_DIR  a CPU profile of what the process does from ready on (the requests, not the
//     migrations and the seed, which `--cpu-prof` would mix in), written there when it stops.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../apps/server/src/server';
import { onStop } from './on-stop';

const t0 = performance.now();
const server = await startServer({ port: 0, host: '127.0.0.1' }, process.env);

const readsFile = process.env.BENCH_READS_FILE;
if (readsFile) {
  type Read = { url: string; status: number; cache: string | null };
  let noted: Read[] | null = null;
  const app = server.app;
  const inject = app.inject.bind(app) as (opts: unknown) => Promise<{ statusCode: number; headers: Record<string, unknown> }>;
  // The site reads through `app.inject({ method, url, headers })` (apps/site/src/server/source.ts).
  (app as { inject: unknown }).inject = (...args: unknown[]) => {
    const [opts] = args;
    if (args.length !== 1 || !noted || typeof opts !== 'object' || opts === null) return (inject as (...a: unknown[]) => unknown)(...args);
    const list = noted;
    return inject(opts).then((res) => {
      const cache = res.headers['x-cache'];
      list.push({ url: String((opts as { url?: unknown }).url), status: res.statusCode, cache: typeof cache === 'string' ? cache : null });
      return res;
    });
  };
  process.on('SIGUSR2', () => {
    if (noted) {
      writeFileSync(readsFile, JSON.stringify({ reads: noted }));
      noted = null;
    } else {
      noted = [];
      writeFileSync(readsFile, JSON.stringify({ recording: true }));
    }
  });
}

let stopProfile = async () => undefined as void;
const profileDir = process.env.BENCH_PROFILE_DIR;
if (profileDir) {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  stopProfile = async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(profileDir, `CPU.${process.pid}.cpuprofile`), JSON.stringify(profile));
  };
}

onStop(async () => {
  await stopProfile();
  await server.close();
});
process.stdout.write(`${JSON.stringify({ url: server.url, dialect: server.database.dialect, startMs: Math.round(performance.now() - t0), nodeEnv: process.env.NODE_ENV ?? null })}\n`);
