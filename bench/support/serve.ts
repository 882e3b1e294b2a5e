// The server under test, in its own process so that it does not share an event loop with the
// load generator. Started by bench/server-api.mjs as `node --import tsx bench/support/serve.ts`.
//
//   api mode (default): starts the real server (migrations, demo seed) on 127.0.0.1 and a free
//     port, with the environment it was given (DATA_DIR or DATABASE_URL, LOG_LEVEL=warn), then
//     adds the bulk data set (BENCH_ROWS rows, default 100,000) to the demo client.
//   bare mode (argv[2] === 'bare'): a minimal Fastify with one route, GET /bare, answering a fixed
//     body read from the file named by BARE_BODY_FILE.
//
// Prints one JSON line on stdout when ready ({ url, ... }), stops cleanly on SIGTERM or SIGINT.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { onStop } from './on-stop';

function ready(info: Record<string, unknown>) {
  process.stdout.write(`${JSON.stringify(info)}\n`);
}


async function bare() {
  const { default: Fastify } = await import('fastify');
  // Bytes, not a string: the cheapest fixed body Fastify can send (the API caches bytes too).
  const body = readFileSync(process.env.BARE_BODY_FILE);
  const app = Fastify({ logger: false });
  app.get('/bare', async (_request, reply) => {
    reply.type('application/vnd.api+json');
    return body;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  onStop(() => app.close());
  ready({ url: `http://127.0.0.1:${port}`, bytes: body.length });
}

/**
 * A CPU profile of what this process does from now on (the requests, not the start-up and the
 * seed, which `--cpu-prof` would mix in), written to `dir` when it stops.
 */
async function profileFromHere(dir: string | undefined): Promise<() => Promise<void>> {
  if (!dir) return async () => undefined;
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(dir, `CPU.${process.pid}.cpuprofile`), JSON.stringify(profile));
  };
}

async function api() {
  const { startServer } = await import('../../apps/server/src/server');
  const { findClientId, seedBulk } = await import('../../apps/server/src/seed/bulk');
  const t0 = performance.now();
  const server = await startServer({ port: 0, host: '127.0.0.1' }, process.env);
  const startMs = performance.now() - t0;
  const clientId = await findClientId(server.database);
  const bulk = await seedBulk(server.database, clientId, { rows: Number(process.env.BENCH_ROWS ?? 100_000), players: Number(process.env.BENCH_PLAYERS ?? 0) });
  const stopProfile = await profileFromHere(process.env.BENCH_PROFILE_DIR);
  onStop(async () => {
    await stopProfile();
    await server.close();
  });
  ready({ url: server.url, dialect: server.database.dialect, startMs, bulk });
}

(process.argv[2] === 'bare' ? bare() : api()).catch((err) => {
  console.error(err);
  process.exit(1);
});
