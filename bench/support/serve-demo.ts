// The real server on the demo data alone (migrations and the demo seed on first start, nothing
// more), on 127.0.0.1 and a free port, with the environment it was given (DATA_DIR or
// DATABASE_URL, LOG_LEVEL=warn, SITE_CLIENT…). For the benchmarks of what a fresh `npm start`
// serves (bench/site.mjs). Prints one JSON line ({ url, dialect, startMs, nodeEnv }) when ready; stops on
// SIGTERM or when stdin closes.
import { startServer } from '../../apps/server/src/server';
import { onStop } from './on-stop';

const t0 = performance.now();
const server = await startServer({ port: 0, host: '127.0.0.1' }, process.env);
onStop(() => server.close());
process.stdout.write(`${JSON.stringify({ url: server.url, dialect: server.database.dialect, startMs: Math.round(performance.now() - t0), nodeEnv: process.env.NODE_ENV ?? null })}\n`);
