import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Clock } from '../jobs/clock';
import { JobWorker } from '../jobs/worker';
import type { Storage } from '../media/storage/storage';
import type { ChangeBus } from '../realtime/change-bus';
import type { LiveControl } from './live-control';
import { markersOf, resumeLiveStreams } from './live-resume';
import { registerPlaybackRoutes } from './playback-routes';
import { registerOttRoutes } from './routes';
import { OTT_JOB_PREFIX, registerTranscodingHandlers } from './transcoding';

export interface OttCapabilityDeps {
  config: Config;
  database: Database;
  bus: ChangeBus;
  storage: Storage;
  clock: Clock;
  liveControl?: LiveControl;
}

/**
 * The OTT capability (issue 11): its calls, HLS playback, and a job worker of its own that takes
 * only OTT jobs, one at a time (a transcoding uses the machine's cores), with a short lease kept
 * alive by the running job, so a job of a dead instance is taken again within a minute.
 */
export function registerOtt(app: FastifyInstance, deps: OttCapabilityDeps): JobWorker | null {
  registerOttRoutes(app, deps);
  registerPlaybackRoutes(app, deps);
  const { config, database, bus, clock, liveControl } = deps;
  const worker = config.jobs.worker && config.jobs.ottWorker
    ? new JobWorker(database, clock, {
        pollMs: config.jobs.pollMs,
        kinds: { only: OTT_JOB_PREFIX },
        batch: 1,
        // Renewed every second by the running job; never longer than the jobs' own lease (JOB_LEASE_MS).
        leaseMs: Math.min(60_000, config.jobs.leaseMs),
        sweeps: false,
        onError: (err, job) => app.log.warn({ err, job: job?.id, kind: job?.kind }, 'ott job failed'),
      })
    : null;
  if (worker) registerTranscodingHandlers({ ...deps, worker });

  // Markers reach the live playlists (EXT-X-DATERANGE) once their change has committed.
  if (liveControl) {
    const pending = new Set<number>();
    const unsubscribe = bus.subscribe((event) => {
      if (event.type !== 'markers') return;
      const streamId = Number((event.after ?? event.before)?.stream_id);
      if (!Number.isInteger(streamId) || pending.has(streamId)) return;
      pending.add(streamId);
      // A create removes the others in the same commit: one update for all of them.
      setImmediate(() => {
        pending.delete(streamId);
        void (async () => {
          await liveControl.setMarkers(streamId, await markersOf(database, streamId));
        })().catch((err: unknown) => app.log.warn({ err, streamId }, 'ott: markers not sent to the live engine'));
      });
    });
    app.addHook('preClose', async () => {
      unsubscribe();
    });
    // Streams that were live or paused when the server stopped go on (their ingest addresses too).
    app.addHook('onReady', async () => resumeLiveStreams(database, liveControl, app.log));
  }
  app.addHook('onReady', async () => worker?.start());
  app.addHook('preClose', async () => worker?.stop());
  return worker;
}
