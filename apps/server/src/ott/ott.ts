import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { FanAccess } from '../fan-api/fans';
import type { Database } from '../db/database';
import type { Clock } from '../jobs/clock';
import { JobWorker } from '../jobs/worker';
import type { Storage } from '../storage/storage';
import type { ChangeBus } from '../realtime/change-bus';
import { hostname } from 'node:os';
import type { LiveControl } from './live-control';
import { LiveHlsStore } from './live-store';
import { CONTROL_HEADER, CONTROL_PATH, configOf, LiveStreams, type ControlCall } from './live-streams';
import { registerEntitlementRoutes } from './entitlements';
import { registerFanPlaybackRoutes } from './fan-playback';
import { registerPlaybackRoutes } from './playback-routes';
import { registerOttRoutes } from './routes';
import { OTT_JOB_PREFIX, registerTranscodingHandlers } from './transcoding';
import './paid-sources';

/** The signal (change-bus.ts) of a stream let go by a stopping instance. */
const LIVE_RELEASED = 'ott.live.released';

export interface OttCapabilityDeps {
  config: Config;
  database: Database;
  bus: ChangeBus;
  storage: Storage;
  clock: Clock;
  liveControl?: LiveControl;
  /** The fan API's identities: fans watch paid events with their entitlements. */
  fans: FanAccess;
}

/**
 * The OTT capability (issue 11): its calls, HLS playback, and a job worker of its own that takes
 * only OTT jobs, one at a time (a transcoding uses the machine's cores), with a short lease kept
 * alive by the running job, so a job of a dead instance is taken again within a minute.
 */
export function registerOtt(app: FastifyInstance, deps: OttCapabilityDeps): JobWorker | null {
  const { config, database, bus, clock, liveControl } = deps;
  const liveStore = new LiveHlsStore(deps.storage);
  // The streams this instance's engine runs, and the way to those other instances run.
  const live = liveControl
    ? new LiveStreams({
        database,
        engine: liveControl,
        store: liveStore,
        secret: config.jwtSecret,
        previousSecrets: config.jwtPreviousSecrets,
        leaseMs: config.live.leaseMs,
        log: app.log,
        released: (streamId) => bus.publishSignal(LIVE_RELEASED, { streamId }),
      })
    : undefined;
  registerOttRoutes(app, { ...deps, live });
  registerPlaybackRoutes(app, { ...deps, liveStore });
  registerEntitlementRoutes(app, deps);
  registerFanPlaybackRoutes(app, { ...deps, liveStore });
  const worker = config.jobs.worker && config.jobs.ottWorker
    ? new JobWorker(database, clock, {
        pollMs: config.jobs.pollMs,
        kinds: { only: OTT_JOB_PREFIX },
        batch: 1,
        // Renewed every second by the running job; never longer than the jobs' own lease (JOB_LEASE_MS).
        leaseMs: Math.min(60_000, config.jobs.leaseMs),
        sweeps: false,
        onError: (err, job) =>
          job ? app.log.warn({ err, job: job.id, kind: job.kind }, 'ott job failed') : app.log.warn({ err }, 'polling the ott jobs failed; the next poll tries again'),
      })
    : null;
  if (worker) registerTranscodingHandlers({ ...deps, worker, liveStore });

  if (live) {
    // Another instance's control call for a stream this one owns (live-streams.ts).
    app.post<{ Params: { id: string }; Body: ControlCall }>(`${CONTROL_PATH}/:id`, async (request, reply) => {
      if (!live.authorised(request.headers[CONTROL_HEADER])) return reply.code(403).send({ code: 'forbidden' });
      const id = Number(request.params.id);
      const body = request.body;
      if (!Number.isSafeInteger(id) || !body || typeof body !== 'object' || !body.config || typeof body.op !== 'string') return reply.code(400).send({ code: 'bad_call' });
      const answer = await live.handle(id, body);
      return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
    });

    // Markers reach the live playlists, through the stream's owner, before the write answers.
    const unsubscribe = bus.onCommitted(async (events) => {
      const streamIds = new Set(events.filter((e) => e.type === 'markers').map((e) => Number((e.after ?? e.before)?.stream_id)).filter(Number.isSafeInteger));
      for (const streamId of streamIds) {
        try {
          const row = await database.db
            .selectFrom('ott_streams')
            .select(['id', 'client_id', 'protocol', 'encryption', 'primary_key', 'backup_key', 'passphrase'])
            .where('id', '=', streamId)
            .executeTakeFirst();
          if (row) await live.markersChanged(configOf(row));
        } catch (err) {
          app.log.warn({ err, streamId }, 'ott: markers not sent to the live engine');
        }
      }
    });
    // A stream another instance let go (its planned stop) is claimed now, not at the next heartbeat.
    const stopHearing = bus.onSignal(LIVE_RELEASED, () => live.claimReleased());
    // Once this instance listens, it can own streams: those on air that nobody runs are taken at once.
    app.addHook('onListen', async () => {
      live.listen(config.live.controlUrl ?? ownAddress(app, config.host));
    });
    // Draining (a deploy): the streams go to another instance at once, not when the server closes.
    app.drain.onStart('handing over live streams', () => live.close());
    app.addHook('preClose', async () => {
      unsubscribe();
      stopHearing();
      await live.close();
    });
  }
  app.addHook('onReady', async () => worker?.start());
  // A transcoding is not waited for: it goes back to the queue and another instance starts it again.
  app.drain.onStart('releasing OTT jobs', async () => worker?.stop());
  app.addHook('preClose', async () => worker?.stop());
  return worker;
}

/** How the other instances reach this one when OTT_CONTROL_URL does not say. */
function ownAddress(app: FastifyInstance, host: string): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const wildcard = !host || host === '0.0.0.0' || host === '::';
  const name = wildcard ? hostname() : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
