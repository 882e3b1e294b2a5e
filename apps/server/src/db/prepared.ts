import { CompiledQuery, type Compilable } from 'kysely';

/**
 * A statement built and compiled by Kysely once, then run with new values: a hot path (a fan's
 * quiz attempt) repeats one shape endlessly, and building and compiling it each time costs more
 * than the values. `build` receives a stand-in per named value; the compiled SQL keeps the order
 * in which they appear among its parameters, and each run puts its values in their places. A
 * statement whose shape depends on the values (an `in` list, an optional filter) is no candidate.
 */
export function prepared<N extends string>(names: readonly N[], build: (values: Record<N, unknown>) => Compilable): (values: Record<N, unknown>) => CompiledQuery {
  let compiled: { sql: string; places: ({ name: N } | { fixed: unknown })[] } | null = null;
  return (values) => {
    if (!compiled) {
      const standIns = Object.fromEntries(names.map((n) => [n, `\u0000prepared:${n}`])) as Record<N, unknown>;
      const byStandIn = new Map(names.map((n) => [standIns[n], n]));
      const query = build(standIns).compile();
      compiled = { sql: query.sql, places: query.parameters.map((p) => { const name = byStandIn.get(p); return name === undefined ? { fixed: p } : { name }; }) };
    }
    const { sql, places } = compiled;
    return CompiledQuery.raw(sql, places.map((p) => ('name' in p ? values[p.name] : p.fixed)));
  };
}
