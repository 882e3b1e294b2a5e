import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import { totalQueryCount } from '../db/database';

const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

const httpDuration = new client.Histogram({
  name: 'umpire_http_request_duration_seconds',
  help: 'HTTP request duration by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

new client.Counter({
  name: 'umpire_sql_queries_total',
  help: 'SQL statements run',
  registers: [registry],
  collect() {
    this.reset();
    this.inc(totalQueryCount());
  },
});

/** Prometheus metrics at /metrics: process defaults, request durations by route, SQL statements. */
export function registerMetrics(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
