import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { registerMetrics } from './metrics';

/**
 * deploy/grafana/umpire.json charts what /metrics exposes: every metric its queries name must be
 * there (a histogram by its _bucket, _sum and _count series), so that renaming or dropping a
 * metric fails here instead of leaving an empty panel.
 */
interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  gridPos?: object;
  targets?: { expr: string; datasource?: { uid: string } }[];
}
const dashboard = JSON.parse(readFileSync(join(REPO_ROOT, 'deploy/grafana/umpire.json'), 'utf8')) as {
  uid: string;
  title: string;
  schemaVersion: number;
  panels: Panel[];
  templating: { list: { name: string; type: string; query: string | { query: string } }[] };
};
const charts = dashboard.panels.filter((p) => p.type !== 'row');

/** What /metrics answers, as the names of the series it can hold. */
async function exposedNames(): Promise<Set<string>> {
  const app = Fastify();
  registerMetrics(app);
  const res = await app.inject('/metrics');
  await app.close();
  const names = new Set<string>();
  for (const [, name, type] of res.body.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(name + suffix);
  }
  return names;
}

/** The metric names a PromQL expression selects: a name before its label matchers, or one of ours, the process's or Node's. */
function metricsOf(expr: string): string[] {
  const unquoted = expr.replace(/"[^"]*"/g, '""');
  const selected = [...unquoted.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*\{/g)].map((m) => m[1]);
  const prefixed = [...unquoted.matchAll(/\b((?:umpire|process|nodejs)_[a-zA-Z0-9_]+)/g)].map((m) => m[1]);
  return [...new Set([...selected, ...prefixed])];
}

describe('the Grafana dashboard (deploy/grafana/umpire.json)', () => {
  it('queries only metrics that /metrics exposes', async () => {
    const exposed = await exposedNames();
    const queries = [
      ...charts.flatMap((p) => (p.targets ?? []).map((t) => ({ where: p.title, expr: t.expr }))),
      ...dashboard.templating.list.filter((v) => v.type === 'query').map((v) => ({ where: `variable ${v.name}`, expr: typeof v.query === 'string' ? v.query : v.query.query })),
    ];
    expect(queries.length).toBeGreaterThan(20);
    for (const { where, expr } of queries) {
      const metrics = metricsOf(expr);
      expect(metrics.length, `${where}: ${expr}`).toBeGreaterThan(0);
      for (const metric of metrics) expect(exposed.has(metric), `${where}: ${metric} is not in /metrics`).toBe(true);
    }
  });

  it('is a dashboard with a Prometheus data source variable that every panel uses', () => {
    expect(dashboard).toMatchObject({ uid: 'umpire-server', title: 'Umpire', schemaVersion: expect.any(Number) });
    expect(dashboard.templating.list).toContainEqual(expect.objectContaining({ name: 'datasource', type: 'datasource', query: 'prometheus' }));
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of charts) {
      expect(panel.gridPos, panel.title).toBeDefined();
      expect(panel.datasource, panel.title).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets!) expect(target.datasource?.uid, panel.title).toBe('${datasource}');
    }
  });
});
