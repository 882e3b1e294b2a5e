import client from 'prom-client';

/**
 * The Prometheus registry /metrics answers from (ops/metrics.ts registers the route, the process's
 * defaults and the request and /cable figures), and the figures of work no request does: jobs,
 * push sends, image renders. Here, below every layer, so that the job worker, the push sender and
 * the image service count their own work. deploy/grafana/umpire.json charts them.
 */
export const registry = new client.Registry();

export const jobRuns = new client.Counter({
  name: 'umpire_job_runs_total',
  help: 'Job runs by kind and outcome (done; failed: retried later or given up; released: given back by a stopping instance)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});

export const jobDuration = new client.Histogram({
  name: 'umpire_job_duration_seconds',
  help: 'Job run duration by kind',
  labelNames: ['kind'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
  registers: [registry],
});

export const pushMessages = new client.Counter({
  name: 'umpire_push_messages_total',
  help: 'Web Push messages sent, by outcome (delivered, expired: the subscription is gone, failed)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const imageRenders = new client.Histogram({
  name: 'umpire_image_render_duration_seconds',
  help: 'Image variants rendered (not those served from the cache), by outcome (ok, failed)',
  labelNames: ['outcome'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const imageRendersRefused = new client.Counter({
  name: 'umpire_image_renders_refused_total',
  help: 'Image renders refused because as many were running and waiting as IMAGE_RENDERS and IMAGE_RENDER_QUEUE allow (503)',
  registers: [registry],
});
