import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { registerAuthentication } from './auth/authenticate';
import { registerAuthRoutes } from './auth/routes';
import { registerClientRoutes } from './client/routes';
import { registerCompetitionRoutes } from './competition/routes';
import { registerFixtureRoutes } from './fixtures/routes';
import { registerMediaFileRoutes } from './media/files/routes';
import { registerPublicVideoContent } from './media/videos/public-content';
import { configuredOrigin, type Config } from './config';
import type { Database } from './db/database';
import type { ChangeBus } from './realtime/change-bus';
import type { Storage } from './storage/storage';
import { Cable } from './realtime/cable';
import { mountSite } from '@umpire/site';
import { registerDelivery } from './delivery/delivery';
import { registerPublicAnswers } from './jsonapi/public-answers';
import { ComputedCache } from './db/computed-cache';
import { registerErrorHandling, registerNulGuard } from './errors-handler';
import { apiError } from './jsonapi/errors';
import { API_PREFIX, JSONAPI_MEDIA_TYPE, registerResourceRoutes } from './jsonapi/routes';
import { registerCountRoutes } from './jsonapi/counts';
import './rules';
import { registerAdminApp } from './ops/admin-app';
import { Drain } from './ops/drain';
import { registerMetrics } from './ops/metrics';
import { loggerTracing, redactToken, registerRequestLogs } from './ops/request-logs';
import { registerUploadRoutes } from './media/uploads/routes';
import { registerSecurityHeaders } from './ops/security-headers';
import { registerOpenApi } from './ops/openapi';
import { registerImageRoutes } from './media/images/routes';
import { registerUsageRoutes } from './jsonapi/usages';
import { registerContentRoutes } from './content/routes';
import { registerArticleRoutes } from './articles/articles';
import { registerFanApi } from './fan-api/fans';
import { registerDeliveryKeyRoutes } from './delivery-keys/routes';
import { deliveryKeyClient } from './delivery-keys/access';
import { registerImportRoutes } from './imports/routes';
import { registerSurveyRoutes } from './surveys/routes';
import { registerCommentRoutes } from './comments/routes';
import { registerMatchPredictorRoutes } from './match-predictor/routes';
import { registerMatchScheduleRoutes } from './match-schedule/routes';
import { registerQuizRoutes } from './quizzes/routes';
import { systemClock, type Clock } from './jobs/clock';
import type { Job } from './jobs/queue';
import { JobWorker } from './jobs/worker';
import { startPublication } from './publication/publication';
import { registerPushRoutes } from './push/routes';
import { JOBS_WAKE_SIGNAL, PUSH_RUN_JOB, startPushSender } from './push/sender';
import { startMatchAlerts } from './push/match-alerts';
import type { LiveControl } from './ott/live-control';
import { registerOtt } from './ott/ott';
import { OTT_JOB_PREFIX } from './ott/transcoding';

export interface AppDeps {
  config: Config;
  database: Database;
  bus: ChangeBus;
  /** Where library files are kept (storage/). */
  storage: Storage;
  /** The time of scheduled work (jobs, publication windows, preview links); tests move it. */
  clock?: Clock;
  /** The live ingest engine (ott/live); without it streams change state in the database only. */
  liveControl?: LiveControl;
}

export async function buildApp({ config, database, bus, storage, clock = systemClock, liveControl }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Tokens travel in the address after sign-in (?token=) and to /cable: never log them.
            serializers: {
              req: (req) => ({ method: req.method, url: redactToken(req.url), host: req.host, remoteAddress: req.ip }),
            },
            ...loggerTracing(),
          },
    // One line per request at debug, slow ones at warn (ops/request-logs.ts), instead of two at info.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Ids and filter keys arrive as flat `filter[name]` keys; the engine parses them itself.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
  });

  registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(formbody);
  // Only JSON (and the gateway's form) is accepted; anything else gets 415.
  app.removeContentTypeParser('text/plain');

  // JSON:API's media type, with no parameters (JSON:API 1.0 answers 415 to any).
  app.addContentTypeParser(/^application\/vnd\.api\+json/, { parseAs: 'string' }, (request, body, done) => {
    const type = request.headers['content-type'] ?? '';
    if (type.trim() !== JSONAPI_MEDIA_TYPE && !/;\s*charset=utf-8\s*$/i.test(type)) {
      done(apiError(415, 'unsupportedMediaType.parameters', { source: { header: 'Content-Type' } }), undefined);
      return;
    }
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch {
      done(apiError(400, 'malformedJson'), undefined);
    }
  });

  // Before the capabilities: each says what it hands over when the instance drains.
  app.decorate('drain', new Drain((err, what) => app.log.warn({ err }, `draining: ${what} failed`)));
  registerErrorHandling(app);
  // Before any route: every answer under /public/v1 is cut to what its reader may see.
  registerPublicAnswers(app, { config, db: database.db });
  registerNulGuard(app);
  // The live channel is made below; its figures are read when /metrics is asked.
  registerMetrics(app, () => app.cable.stats());
  registerRequestLogs(app, config.slowRequestMs);
  registerAuthentication(app, config, database);
  app.get('/healthz', async (_request, reply) => {
    // Draining (SIGTERM): the balancer takes this instance out, while it still answers what comes.
    if (app.drain.draining) return reply.code(503).header('cache-control', 'no-store').send({ status: 'draining' });
    await database.db.selectNoFrom((eb) => eb.val(1).as('ok')).execute();
    return { status: 'ok', database: database.dialect };
  });
  registerAuthRoutes(app, config, database);
  registerClientRoutes(app, config, database, bus);
  const cache = new ComputedCache(database);
  const fans = registerFanApi(app, { config, database, clock });
  registerDeliveryKeyRoutes(app, { config, database, bus, clock });
  await registerImportRoutes(app, { config, database, bus });
  // The public side: every declared public type's reads, and those the capabilities publish below.
  const delivery = registerDelivery(app, { config, database, cache, resolveClient: (request) => fans.publicClient(request) });
  registerResourceRoutes(app, config, database, bus, cache, { storage });
  registerCountRoutes(app, database, cache);
  registerCompetitionRoutes(app, config, database, bus, cache, delivery);
  registerMatchScheduleRoutes(app, { config, database, bus });
  registerFixtureRoutes(app, { config, database, bus });
  registerUsageRoutes(app, config, database, API_PREFIX);
  registerContentRoutes(app, config, database, bus, cache, delivery);
  registerImageRoutes(app, config, database, storage);
  await registerMediaFileRoutes(app, { config, database, bus, storage });
  registerPublicVideoContent(app, { database, storage, resolveClient: (request) => fans.publicClient(request) });
  await registerUploadRoutes(app, { config, database, storage });
  registerArticleRoutes(app, { config, database, clock, fans, delivery });
  registerSurveyRoutes(app, { config, database, bus, clock, fans });
  registerCommentRoutes(app, { config, database, bus, fans });
  registerPushRoutes(app, { config, database, clock, fans });
  registerMatchPredictorRoutes(app, { config, database, bus, cache, clock, fans, delivery });
  registerQuizRoutes(app, { config, database, clock, bus, fans });
  const ottJobs = registerOtt(app, { config, database, bus, storage, clock, liveControl, fans });
  app.decorate('ottJobs', ottJobs);
  registerOpenApi(app);
  // The league's website on the delivery API of this process (its own host in production: apps/site).
  // Its links name the configured address, or the one it listens on (known once listening: PORT=0 in tests).
  const listeningPort = () => {
    const address = app.server.address();
    return typeof address === 'object' && address ? address.port : config.port;
  };
  if (config.site.client)
    mountSite(app, { basePath: config.site.basePath, client: config.site.client, cacheMs: config.site.cacheMs, origin: () => configuredOrigin(config, listeningPort()) });
  await registerAdminApp(app, config);
  const cable = new Cable(config, database, bus, deliveryKeyClient(database));
  cable.attach(app);
  app.decorate('cable', cable);
  // Durable jobs: every instance runs a worker unless JOB_WORKER=false; they share the jobs table.
  // Without a job, the poll itself failed (the database busy or away): the next poll tries again.
  const onError = (err: unknown, job?: Job) =>
    job ? app.log.warn({ err, job: job.id, kind: job.kind }, 'job failed') : app.log.warn({ err }, 'polling the jobs failed; the next poll tries again');
  const worker = config.jobs.worker
    ? new JobWorker(database, clock, { pollMs: config.jobs.pollMs, leaseMs: config.jobs.leaseMs, kinds: { except: [OTT_JOB_PREFIX, PUSH_RUN_JOB] }, onError })
    : null;
  // A send's runners, one at a time per instance: a worker claiming several would run them one
  // after another and keep them from the other instances until each had had its slice.
  const pushRunners = config.jobs.worker
    ? new JobWorker(database, clock, { pollMs: config.jobs.pollMs, leaseMs: config.jobs.leaseMs, kinds: { only: PUSH_RUN_JOB }, batch: 1, sweeps: false, onError })
    : null;
  const stopPublication = startPublication({ database, bus, worker, clock });
  startPushSender({ config, database, bus, worker, runners: pushRunners, clock });
  startMatchAlerts({ database, bus, worker, clock });
  // A match alert is sent within a second of its incident (issue 41): the commit that made it wakes
  // the worker of every instance (the bus carries it to the others), instead of their next poll.
  const stopWaking = [
    bus.subscribe((event) => {
      if (event.type === 'push_notifications' && event.action === 'create') worker?.wake();
    }),
    bus.onSignal(JOBS_WAKE_SIGNAL, () => {
      worker?.wake();
      pushRunners?.wake();
    }),
  ];
  app.decorate('jobs', worker);
  app.decorate('pushRunners', pushRunners);
  app.addHook('onReady', async () => {
    await worker?.start();
    await pushRunners?.start();
  });
  // Draining: no new job here; those claimed and not begun go back to the queue for the others now.
  app.drain.onStart('releasing jobs', async () => {
    await Promise.all([worker?.stop(), pushRunners?.stop()]);
  });
  app.addHook('preClose', async () => {
    await Promise.all([worker?.stop(), pushRunners?.stop()]);
    stopPublication();
    for (const stop of stopWaking) stop();
  });
  // Closing the app closes the WebSockets first, or open sockets would keep it waiting.
  app.addHook('preClose', async () => cable.close());
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    cable: Cable;
    /** This instance's planned stop (SIGTERM): /healthz says draining, live streams and jobs are handed over. */
    drain: Drain;
    /** This instance's job worker (null with JOB_WORKER=false). */
    jobs: JobWorker | null;
    /** This instance's worker of push runner jobs, one at a time (null with JOB_WORKER=false). */
    pushRunners: JobWorker | null;
    /** This instance's worker of OTT jobs (transcodings), null with JOB_WORKER=false. */
    ottJobs: JobWorker | null;
  }
}
