import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import { totalQueryCount } from '../db/database';
import { registry } from '../telemetry/metrics';

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

/** What a live channel tells about its sockets (realtime/cable.ts `stats()`). */
export interface SocketStats {
  connections: number;
  subscriptions: number;
  dropped: { slow: number; silent: number };
  /** Fans' subscribes refused by their connection's bounds; `rate`: connections closed for it. */
  refused: { subscriptions: number; identifier: number; rate: number };
  /** The public snapshots' cache: database reads (a crowd's fans share one per change). */
  snapshots: { reads: number };
}
// One per server in this process (tests run several); the figures are their sums.
const socketSources = new Set<() => SocketStats>();
const sumOf = (pick: (s: SocketStats) => number) => [...socketSources].reduce((n, source) => n + pick(source()), 0);

new client.Gauge({
  name: 'umpire_cable_connections',
  help: 'Open /cable connections',
  registers: [registry],
  collect() {
    this.set(sumOf((s) => s.connections));
  },
});
new client.Gauge({
  name: 'umpire_cable_subscriptions',
  help: 'Channel subscriptions on /cable',
  registers: [registry],
  collect() {
    this.set(sumOf((s) => s.subscriptions));
  },
});
new client.Counter({
  name: 'umpire_cable_dropped_sockets_total',
  help: 'Sockets /cable dropped: slow (more unsent than the send bound) or silent (no answer to a ping)',
  labelNames: ['reason'] as const,
  registers: [registry],
  collect() {
    this.reset();
    this.inc({ reason: 'slow' }, sumOf((s) => s.dropped.slow));
    this.inc({ reason: 'silent' }, sumOf((s) => s.dropped.silent));
  },
});

new client.Counter({
  name: 'umpire_cable_public_refused_total',
  help: "Fans' /cable subscribes refused: subscriptions (held per connection), identifier (too large), rate (the connection closed)",
  labelNames: ['reason'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const reason of ['subscriptions', 'identifier', 'rate'] as const) this.inc({ reason }, sumOf((s) => s.refused[reason]));
  },
});
new client.Counter({
  name: 'umpire_cable_snapshot_reads_total',
  help: 'Public /cable snapshots read from the database (the others came from memory)',
  registers: [registry],
  collect() {
    this.reset();
    this.inc(sumOf((s) => s.snapshots.reads));
  },
});

/**
 * Prometheus metrics at /metrics: process defaults, request durations by route, SQL statements,
 * and the live channel's sockets (`sockets`: so an operator sees a crowd dropped for being slow).
 */
export function registerMetrics(app: FastifyInstance, sockets?: () => SocketStats) {
  if (sockets) {
    socketSources.add(sockets);
    app.addHook('onClose', async () => {
      socketSources.delete(sockets);
    });
  }
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
