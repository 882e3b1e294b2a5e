// The server under test, in its own process so that it does not share an event loop with the
// load generator. Started by bench/server-api.mjs as `node --import tsx bench/support/serve.ts`.
//
//   api mode (default): starts the real server (migrations, demo seed) on 127.0.0.1 and a free
//     port, with the environment it was given (DATA_DIR or DATABASE_URL, LOG_LEVEL=warn), then
//     adds the bulk data set (BENCH_ROWS rows, default 100,000) to the demo client.
//   bare mode (argv[2] === 'bare'): a minimal Fastify with one route, GET /bare, answering a fixed
//     body read from the file named by BARE_BODY_FILE.
//   With BENCH_FLOOR_PATH and BENCH_FLOOR_FILE, api mode also writes to that file the statements
//   the server runs for that path computed afresh (its second read: the first warms what it keeps).
//   floor mode (argv[2] === 'floor'): a minimal Fastify whose GET /floor replays those statements,
//     one after another as the engine runs them, through the bare driver (better-sqlite3 on the
//     file in DATA_DIR, or pg on DATABASE_URL: prepared, rows as arrays, the server's value parsers)
//     and answers their rows as one JSON.stringify: what fetching and writing out the same rows
//     costs with nothing of the engine (its figure is a floor for the engine's). Its GET
//     /floor-document runs them too, then writes out the server's own document for that path (read
//     from BENCH_FLOOR_DOCUMENT, parsed once) as the server does: what any engine answering that
//     document from those statements costs without building it.
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

/** The statements the server runs for `path` computed afresh, once what it keeps is warm. */
async function statementsOf(app: import('fastify').FastifyInstance, path: string) {
  const { statementLog } = await import('../../apps/server/src/db/database');
  const signIn = await app.inject({
    method: 'POST',
    url: '/auth/v1/sign_in',
    headers: { 'content-type': 'application/vnd.api+json' },
    payload: { data: { type: 'sign_in', attributes: { username: 'admin', password: 'umpire-demo' } } },
  });
  const token = signIn.json<{ data: { attributes: { token: string } } }>().data.attributes.token;
  const read = () => app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.api+json', 'cache-control': 'no-cache' } });
  await read();
  const log: import('kysely').CompiledQuery[] = [];
  // Awaited inside: inject's answer is lazy, and would be dispatched outside the log's context.
  const res = await statementLog.run(log, async () => await read());
  if (res.statusCode !== 200) throw new Error(`floor: GET ${path} answered ${res.statusCode}`);
  return log.map((q) => ({ sql: q.sql, parameters: q.parameters }));
}

async function floor() {
  const { default: Fastify } = await import('fastify');
  const statements = JSON.parse(readFileSync(process.env.BENCH_FLOOR_FILE!, 'utf8')) as { sql: string; parameters: unknown[] }[];
  let rowsOf: () => Promise<unknown[][]>;
  if (process.env.DATABASE_URL) {
    // The server's module sets pg's value parsers (dates as text, counts as numbers): the same values.
    await import('../../apps/server/src/db/database');
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c TimeZone=UTC' });
    onStop(() => pool.end());
    const queries = statements.map((s, i) => ({ name: `floor${i}`, text: s.sql, values: s.parameters, rowMode: 'array' as const }));
    rowsOf = async () => {
      const out: unknown[][] = [];
      for (const q of queries) out.push((await pool.query(q)).rows);
      return out;
    };
  } else {
    const { default: SQLite } = await import('better-sqlite3');
    const db = new SQLite(join(process.env.DATA_DIR!, 'umpire.sqlite'), { readonly: true });
    onStop(() => db.close());
    const prepared = statements.map((s) => ({ statement: db.prepare(s.sql).raw(true), parameters: s.parameters }));
    rowsOf = async () => prepared.map(({ statement, parameters }) => statement.all(...parameters));
  }
  const app = Fastify({ logger: false });
  app.get('/floor', async (_request, reply) => {
    reply.type('application/vnd.api+json');
    return Buffer.from(JSON.stringify(await rowsOf()));
  });
  // (h): the same statements, then the server's own document for them (parsed once at start, never
  // built here) written out as the server writes its documents: JSON, UTF-8 bytes, entity tag.
  const { encodedDocument } = await import('../../apps/server/src/db/computed-cache');
  const document: unknown = JSON.parse(readFileSync(process.env.BENCH_FLOOR_DOCUMENT!, 'utf8'));
  app.get('/floor-document', async (_request, reply) => {
    await rowsOf();
    const { body, etag } = encodedDocument(document);
    reply.type('application/vnd.api+json').header('etag', etag);
    return body;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  onStop(() => app.close());
  ready({ url: `http://127.0.0.1:${port}`, statements: statements.length, bytes: (await app.inject({ url: '/floor' })).rawPayload.length });
}

async function api() {
  const { startServer } = await import('../../apps/server/src/server');
  const { findClientId, seedBulk } = await import('../../apps/server/src/seed/bulk');
  const t0 = performance.now();
  const server = await startServer({ port: 0, host: '127.0.0.1' }, process.env);
  const startMs = performance.now() - t0;
  const clientId = await findClientId(server.database);
  const bulk = await seedBulk(server.database, clientId, { rows: Number(process.env.BENCH_ROWS ?? 100_000), players: Number(process.env.BENCH_PLAYERS ?? 0) });
  const { BENCH_FLOOR_PATH, BENCH_FLOOR_FILE } = process.env;
  const floorStatements = BENCH_FLOOR_PATH && BENCH_FLOOR_FILE ? await statementsOf(server.app, BENCH_FLOOR_PATH) : null;
  if (floorStatements) writeFileSync(BENCH_FLOOR_FILE!, JSON.stringify(floorStatements));
  const stopProfile = await profileFromHere(process.env.BENCH_PROFILE_DIR);
  onStop(async () => {
    await stopProfile();
    await server.close();
  });
  ready({ url: server.url, dialect: server.database.dialect, startMs, bulk, floorStatements: floorStatements?.length ?? null });
}

(process.argv[2] === 'bare' ? bare() : process.argv[2] === 'floor' ? floor() : api()).catch((err) => {
  console.error(err);
  process.exit(1);
});
