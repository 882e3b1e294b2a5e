// The server with a whole played season, for the match-day benchmarks (bench/match-day.mjs):
// migrations, the demo data with all 34 rounds played, then the real server on a free port.
// Prints one JSON line ({ url, dialect, seedMs }) when ready; stops on SIGTERM or when stdin closes.
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/jsonapi/migrate';
import { setInstallationLanguage } from '../../apps/server/src/jsonapi/shadow';
import { createStorage } from '../../apps/server/src/storage/create-storage';
import { seedDemo } from '../../apps/server/src/seed/seed';
import { startServer } from '../../apps/server/src/server';
import { onStop } from './on-stop';

const config = loadConfig(process.env);
const database = openDatabase(config);
setInstallationLanguage(config.defaultLanguage);
await migrate(database);
const t0 = performance.now();
await seedDemo(database, { playedRounds: 34, storage: createStorage(config.storage) });
const seedMs = performance.now() - t0;
await database.close();
const server = await startServer({ port: 0, host: '127.0.0.1' }, process.env);
onStop(() => server.close());
process.stdout.write(`${JSON.stringify({ url: server.url, dialect: server.database.dialect, seedMs: Math.round(seedMs) })}\n`);
