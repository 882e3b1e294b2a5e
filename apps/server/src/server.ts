import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/database';
import { migrate } from './jsonapi/migrate';
import { setInstallationLanguage } from './jsonapi/shadow';
import { ChangeBus } from './realtime/change-bus';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';
import type { Clock } from './jobs/clock';
import type { LiveControl } from './ott/live-control';
import { seedDemo } from './seed/seed';
import { createLiveEngine } from './ott/live/engine';
import { LiveHlsStore } from './ott/live-store';
import { join } from 'node:path';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  bus: ChangeBus;
  storage: Storage;
  config: Config;
  url: string;
  /**
   * A planned stop (a deploy's SIGTERM): the instance drains (health says so, live streams and jobs
   * go to the other instances at once) and goes on serving for `waitMs`, the balancer's time to
   * take it out; then it closes as `close` does.
   */
  shutDown(waitMs: number): Promise<void>;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds an empty one, and listens. Used by main, tests and benchmarks. */
export async function startServer(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = process.env, extra: { clock?: Clock; liveControl?: LiveControl } = {}): Promise<RunningServer> {
  const config = loadConfig(env, overrides);
  const database = openDatabase(config);
  setInstallationLanguage(config.defaultLanguage);
  await migrate(database);
  const storage = createStorage(config.storage);
  // An instance that loses the race to seed an empty database to another gets null: fine.
  if (config.seedOnEmpty) await seedDemo(database, { storage });
  const bus = new ChangeBus(database);
  await bus.start();
  // The live engine of this instance (camera crews push to its listeners); one given is the caller's to close.
  // The engine is made before the app: its warnings reach the app's log once there is one.
  const logTo: { app?: FastifyInstance } = {};
  const ownLive =
    !extra.liveControl && config.live.enabled
      ? createLiveEngine({
          workDir: join(config.dataDir, 'live'),
          host: config.live.host,
          publicHost: config.live.publicHost,
          portRange: config.live.portRange,
          preset: config.live.preset,
          ladder: config.live.ladder,
          warn: (message) => logTo.app?.log.warn(message),
          // Published to storage as it is written: every instance serves it, the next owner continues it.
          sink: (stream) => new LiveHlsStore(storage).sink(stream.clientId, stream.streamId),
        })
      : null;
  const app = await buildApp({ config, database, bus, storage, clock: extra.clock, liveControl: extra.liveControl ?? ownLive ?? undefined });
  logTo.app = app;
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  let closing: Promise<void> | null = null;
  // Stops taking requests, lets those in flight finish (cable clients are told to reconnect), then
  // closes the database cleanly.
  const close = () =>
    (closing ??= (async () => {
      // Keep-alive connections that finish a request while closing would hold the server open.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
      try {
        await app.close();
      } finally {
        clearInterval(sweep);
      }
      await ownLive?.close();
      await bus.close();
      await database.close();
    })());
  return {
    app,
    database,
    bus,
    storage,
    config,
    url: `http://127.0.0.1:${port}`,
    shutDown: async (waitMs) => {
      await Promise.all([app.drain.start(), new Promise((r) => setTimeout(r, waitMs))]);
      await close();
    },
    close,
  };
}
