import { CompiledQuery, type Compilable } from 'kysely';

const STAND_IN = '\u0000prepared:';

/** Where each parameter of a compiled statement comes from: a named value, an item of a named list, or fixed. */
type Place<N> = { name: N; item?: number } | { fixed: unknown };

interface Compiled<N> {
  sql: string;
  places: Place<N>[];
}

/** Builds and compiles a statement with a stand-in per value (a list of `lengths[name]` stand-ins for a list). */
function compile<N extends string>(names: readonly N[], lengths: ReadonlyMap<N, number>, build: (values: Record<N, unknown>) => Compilable): Compiled<N> {
  const standIns = {} as Record<N, unknown>;
  const byStandIn = new Map<unknown, Place<N>>();
  for (const name of names) {
    const length = lengths.get(name);
    if (length === undefined) {
      standIns[name] = `${STAND_IN}${name}`;
      byStandIn.set(standIns[name], { name });
    } else {
      const items = Array.from({ length }, (_, item) => `${STAND_IN}${name}:${item}`);
      standIns[name] = items;
      items.forEach((s, item) => byStandIn.set(s, { name, item }));
    }
  }
  const query = build(standIns).compile();
  // A value written into the SQL itself (not bound) would be a stand-in's text there, not its value.
  if (query.sql.includes(STAND_IN)) throw new Error('prepared: a value is part of the SQL text, not a parameter');
  return { sql: query.sql, places: query.parameters.map((p) => byStandIn.get(p) ?? { fixed: p }) };
}

function bind<N extends string>({ sql, places }: Compiled<N>, values: Record<N, unknown>): CompiledQuery {
  return CompiledQuery.raw(
    sql,
    places.map((p) => ('fixed' in p ? p.fixed : p.item === undefined ? values[p.name] : (values[p.name] as unknown[])[p.item])),
  );
}

/**
 * A statement built and compiled by Kysely once, then run with new values: a hot path (a fan's
 * quiz attempt) repeats one shape endlessly, and building and compiling it each time costs more
 * than the values. `build` receives a stand-in per named value; the compiled SQL keeps the order
 * in which they appear among its parameters, and each run puts its values in their places. A
 * statement whose shape depends on the values (an `in` list, an optional filter) is no candidate.
 */
export function prepared<N extends string>(names: readonly N[], build: (values: Record<N, unknown>) => Compilable): (values: Record<N, unknown>) => CompiledQuery {
  let compiled: Compiled<N> | null = null;
  return (values) => bind((compiled ??= compile(names, new Map<N, number>(), build)), values);
}

/**
 * prepared() for a statement with `in` lists (the ids of a page, of its includes): the values of
 * `lists` are arrays, and the statement is compiled once per combination of their lengths (up to
 * `max` of them, then compiled afresh). `build` receives an array of stand-ins for each list.
 */
export function preparedLists<N extends string>(
  names: readonly N[],
  lists: readonly N[],
  build: (values: Record<N, unknown>) => Compilable,
  max = 200,
): (values: Record<N, unknown>) => CompiledQuery {
  const byShape = new Map<string, Compiled<N>>();
  return (values) => {
    const lengths = new Map(lists.map((name) => [name, (values[name] as unknown[]).length]));
    const shape = [...lengths.values()].join(',');
    let compiled = byShape.get(shape);
    if (!compiled) {
      compiled = compile(names, lengths, build);
      if (byShape.size >= max) byShape.delete(byShape.keys().next().value!);
      byShape.set(shape, compiled);
    }
    return bind(compiled, values);
  };
}
