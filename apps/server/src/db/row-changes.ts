/**
 * Row-level dependencies of cached reads (issue 25, point 5): which rows and columns a write
 * statement changed, and what a read statement's result depends on, both read from the SQL the
 * driver sees (so every write path counts, as for the table versions of data-versions.ts). When a
 * statement is not of a shape read here, the answer is the widest: every row, every column.
 */

/** What writes did to one client's table. */
export interface RowChange {
  /** Ids of the rows written; null: not known (any row). */
  ids: Set<number> | null;
  /** Columns an update set; null: not known, or rows were inserted or deleted. */
  columns: Set<string> | null;
  /** Rows appeared or disappeared (insert, delete, unknown): lists of the table may change. */
  membership: boolean;
}

/** What a read statement's result depends on in one table it reads. */
export interface TableRead {
  /** The statement asks for these ids alone (`id = ?` / `id in (...)` with the client): no other row can enter it. */
  asked?: Set<number>;
  /** Ids of this table's rows in the result (the statement's rows are this table's). */
  got?: Set<number>;
  /** Words after the statement's FROM (its joins, filters, order): columns that decide which rows it holds. */
  conditions: Set<string>;
  /** Every word of the statement; null when it selects `*` (any column shows). */
  words: Set<string> | null;
}

const EVERYTHING: RowChange = { ids: null, columns: null, membership: true };
export const anyChange = (): RowChange => ({ ids: null, columns: null, membership: true });

const intersects = <T>(a: ReadonlySet<T>, b: ReadonlySet<T>) => {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const x of small) if (large.has(x)) return true;
  return false;
};

/** Whether a change may alter what a read statement returned from this table. When unsure: yes. */
export function affects(read: TableRead, change: RowChange): boolean {
  const shown = (columns: Set<string> | null) => !columns || !read.words || intersects(columns, read.words);
  if (read.asked) {
    if (change.ids && !intersects(change.ids, read.asked)) return false;
    return change.membership || shown(change.columns);
  }
  if (change.membership || !change.columns) return true;
  // An update of known rows: it shows if one of them is in the result, or if a column that
  // decides membership or order changed (the row may enter, leave or move).
  if (change.ids && read.got) return intersects(change.ids, read.got) || intersects(change.columns, read.conditions);
  return shown(change.columns);
}

/** Merges a change into what a transaction has changed so far. */
export function mergeChange(into: RowChange | undefined, from: RowChange): RowChange {
  if (!into) return { ids: from.ids && new Set(from.ids), columns: from.columns && new Set(from.columns), membership: from.membership };
  into.membership ||= from.membership;
  if (!into.ids || !from.ids) into.ids = null;
  else for (const id of from.ids) into.ids.add(id);
  if (!into.columns || !from.columns) into.columns = null;
  else for (const c of from.columns) into.columns.add(c);
  // Inserted or deleted rows count with all their columns.
  if (into.membership) into.columns = null;
  return into;
}

// ---- reading the SQL ---------------------------------------------------------------------------

const PLACEHOLDER = /\$(\d+)|\?/g;

/** The parameter index of every placeholder, by its position in the statement. */
function placeholderIndexes(sql: string): Map<number, number> {
  const at = new Map<number, number>();
  let next = 0;
  for (const m of sql.matchAll(PLACEHOLDER)) at.set(m.index, m[1] ? Number(m[1]) - 1 : next++);
  return at;
}

/** The position of the first top-level occurrence of a keyword, outside quotes and parentheses. */
function topLevel(sql: string, keyword: RegExp, from = 0): number {
  let depth = 0;
  for (let i = from; i < sql.length; i++) {
    const ch = sql[i];
    if (ch === '"') {
      i = sql.indexOf('"', i + 1);
      if (i < 0) return -1;
    } else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0 && /\s/.test(ch)) {
      keyword.lastIndex = i + 1;
      const m = keyword.exec(sql);
      if (m && m.index === i + 1) return i + 1;
    }
  }
  return -1;
}

const wordsOf = (text: string) => new Set([...text.toLowerCase().matchAll(/[a-z_][a-z0-9_]*/g)].map((m) => m[0]));

const ID_TERM = String.raw`(?:"\w+"\.)?"id"\s*(?:=\s*(?:\$\d+|\?)|in\s*\((?:\s*(?:\$\d+|\?)\s*,?)+\))`;
const CLIENT_TERM = String.raw`(?:"\w+"\.)?"client_id"\s*=\s*(?:\$\d+|\?)`;
/** A filter made of the row's id and its client alone: `"id" = ? and "client_id" = ?`, `"id" in (...)`. */
const BY_ID = new RegExp(String.raw`^\s*(?:(?:${ID_TERM}|${CLIENT_TERM})\s*(?:and\s+|$))+$`, 'i');

/** The ids a filter of only id and client terms names (null when it names none, or is not one). */
function idsOfFilter(sql: string, start: number, end: number, params: readonly unknown[]): Set<number> | null {
  const filter = sql.slice(start, end);
  if (!BY_ID.test(filter)) return null;
  const at = placeholderIndexes(sql);
  const ids = new Set<number>();
  let named = false;
  for (const m of filter.matchAll(new RegExp(ID_TERM, 'gi'))) {
    named = true;
    for (const p of m[0].matchAll(PLACEHOLDER)) {
      const v = Number(params[at.get(start + m.index + p.index) ?? -1]);
      if (!Number.isInteger(v)) return null;
      ids.add(v);
    }
  }
  return named ? ids : null;
}

const numericIds = (rows: readonly unknown[]): Set<number> | null => {
  const ids = new Set<number>();
  for (const row of rows) {
    const v = Number((row as { id?: unknown } | null)?.id);
    if (!Number.isInteger(v)) return null;
    ids.add(v);
  }
  return ids;
};

/**
 * What a write statement did to the table it names (its own target; tables reached by cascades or
 * named otherwise are the caller's to count as any change). `rows` is its result (`returning`).
 */
export function changeOf(sql: string, params: readonly unknown[], rows: readonly unknown[]): { table: string; change: RowChange } | null {
  if (sql.includes("'")) return null;
  const update = /^\s*update\s+"?(\w+)"?\s+set\s+/i.exec(sql);
  if (update) {
    const setStart = update[0].length;
    const where = topLevel(sql, /where\b/iy, setStart);
    const setEnd = where >= 0 ? where : (topLevel(sql, /returning\b/iy, setStart) + 1 || sql.length + 1) - 1;
    const setText = sql.slice(setStart, setEnd);
    let columns: Set<string> | null = null;
    if (!/[()]/.test(setText)) columns = new Set([...setText.matchAll(/(?:^|,)\s*"?(\w+)"?\s*=/g)].map((m) => m[1].toLowerCase()));
    if (columns?.has('id') || columns?.has('client_id')) columns = null;
    let ids: Set<number> | null = null;
    if (where >= 0) {
      const end = topLevel(sql, /returning\b/iy, where);
      ids = idsOfFilter(sql, where + 'where'.length, end < 0 ? sql.length : end, params);
    }
    return { table: update[1].toLowerCase(), change: { ids, columns, membership: !columns } };
  }
  const del = /^\s*delete\s+from\s+"?(\w+)"?\s+where\s+/i.exec(sql);
  if (del) {
    const end = topLevel(sql, /returning\b/iy, del[0].length - 1);
    const ids = idsOfFilter(sql, del[0].length, end < 0 ? sql.length : end, params);
    return { table: del[1].toLowerCase(), change: { ids, columns: null, membership: true } };
  }
  const insert = /^\s*insert\s+into\s+"?(\w+)"?/i.exec(sql);
  if (insert) {
    // The rows it returned are those it wrote (an upsert returns those it updated too).
    const ids = /\breturning\b[^]*"id"/i.test(sql) && rows.length ? numericIds(rows) : null;
    return { table: insert[1].toLowerCase(), change: { ids, columns: null, membership: true } };
  }
  return null;
}

/** Per SQL text, what its shape says (the values come with each execution). */
interface ReadShape {
  tables: { table: string; main: boolean }[];
  conditions: Set<string>;
  words: Set<string> | null;
  /** Bounds of a filter of ids alone, when the statement has one. */
  byId: [number, number] | null;
}

const shapes = new Map<string, ReadShape>();

function shapeOf(sql: string): ReadShape {
  let shape = shapes.get(sql);
  if (shape) return shape;
  const occurrences = [...sql.matchAll(/\b(?:from|join)\s+"?(\w+)"?/gi)].map((m) => m[1].toLowerCase());
  const tables = [...new Set(occurrences)].map((table) => ({ table, main: false }));
  const star = /\*/.test(sql.replace(/count\(\*\)/gi, ''));
  shape = { tables, conditions: new Set(), words: star ? null : wordsOf(sql.replace(/"/g, ' ')), byId: null };
  const select = /^\s*select\s+(?:distinct\s+)?/i.exec(sql);
  const from = select && !sql.includes("'") ? topLevel(sql, /from\b/iy, select[0].length - 1) : -1;
  if (from >= 0) {
    shape.conditions = wordsOf(sql.slice(from + 4).replace(/"/g, ' '));
    const head = /^from\s+"(\w+)"(?:\s+as\s+"(\w+)")?/i.exec(sql.slice(from));
    const items = sql.slice(select![0].length, from).split(',').map((s) => s.trim());
    const simple = items.every((item) => /^"\w+"(?:\."\w+")?(?:\s+as\s+"\w+")?$/i.test(item));
    if (head && simple) {
      const table = head[1].toLowerCase();
      const names = new Set([head[1], head[2]].filter(Boolean));
      const joined = /\bjoin\b/i.test(sql);
      // The result's `id` is this table's: `"id"` alone (no join to share the name) or qualified by it.
      const hasId = items.some((item) => {
        const m = /^(?:"(\w+)"\.)?"id"(?:\s+as\s+"id")?$/i.exec(item);
        return m && (m[1] ? names.has(m[1]) : !joined);
      });
      // Read twice (a subquery over itself), its other occurrence may decide: not the result's alone.
      if (hasId && occurrences.filter((t) => t === table).length === 1) {
        for (const t of tables) if (t.table === table) t.main = true;
        if (!joined) {
          const where = topLevel(sql, /where\b/iy, from);
          if (where >= 0) {
            const end = [/order\s+by\b/iy, /limit\b/iy, /group\s+by\b/iy].map((k) => topLevel(sql, k, where)).filter((i) => i >= 0);
            shape.byId = [where + 'where'.length, end.length ? Math.min(...end) : sql.length];
          }
        }
      }
    }
  }
  if (shapes.size > 2000) shapes.clear();
  shapes.set(sql, shape);
  return shape;
}

/** What a read statement's result depends on, per table it reads. */
export function readsOf(sql: string, params: readonly unknown[], rows: readonly unknown[]): Map<string, TableRead> {
  const shape = shapeOf(sql);
  const out = new Map<string, TableRead>();
  for (const { table, main } of shape.tables) {
    const read: TableRead = { conditions: shape.conditions, words: shape.words };
    if (main) {
      const got = numericIds(rows);
      if (got) read.got = got;
      const asked = shape.byId && idsOfFilter(sql, shape.byId[0], shape.byId[1], params);
      if (asked) read.asked = asked;
    }
    out.set(table, read);
  }
  return out;
}

export { EVERYTHING };
