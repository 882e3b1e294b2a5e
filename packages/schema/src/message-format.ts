/**
 * A small subset of ICU message syntax, enough for error texts in Polish and English:
 * `{name}`, `{n, plural, one {# item} few {# items} many {# items} other {# items}}` (also `=0`),
 * and `{name, select, a {…} other {…}}`. Branches may hold placeholders; `#` in a plural branch is
 * the number. Polish needs plural categories beyond one/other, so a template string alone is not
 * enough; a whole ICU library is more than these texts need.
 */
export type MessageValue = string | number | readonly (string | number)[];
export type MessageValues = Readonly<Record<string, MessageValue>>;

interface Argument {
  name: string;
  kind: 'simple' | 'plural' | 'select';
  options: Map<string, string>;
}

function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  throw new SyntaxError(`Unclosed "{" at ${open} in: ${text}`);
}

function parseArgument(inner: string): Argument {
  const first = inner.indexOf(',');
  if (first < 0) return { name: inner.trim(), kind: 'simple', options: new Map() };
  const name = inner.slice(0, first).trim();
  const second = inner.indexOf(',', first + 1);
  const kind = inner.slice(first + 1, second < 0 ? undefined : second).trim();
  if ((kind !== 'plural' && kind !== 'select') || second < 0) throw new SyntaxError(`Unknown argument "${inner}"`);
  const options = new Map<string, string>();
  const rest = inner.slice(second + 1);
  let i = 0;
  while (i < rest.length) {
    while (i < rest.length && /\s/.test(rest[i])) i++;
    if (i >= rest.length) break;
    const start = i;
    while (i < rest.length && !/[\s{]/.test(rest[i])) i++;
    const selector = rest.slice(start, i);
    while (i < rest.length && /\s/.test(rest[i])) i++;
    if (rest[i] !== '{' || !selector) throw new SyntaxError(`Expected "selector {text}" in "${inner}"`);
    const end = closingBrace(rest, i);
    options.set(selector, rest.slice(i + 1, end));
    i = end + 1;
  }
  if (!options.has('other')) throw new SyntaxError(`"${name}" needs an "other" branch`);
  return { name, kind, options };
}

/** Walks the top level of a template: literal runs and arguments. */
function* pieces(template: string): Generator<{ text: string } | { argument: Argument }> {
  let i = 0;
  while (i < template.length) {
    const found = template.indexOf('{', i);
    const open = found < 0 ? template.length : found;
    if (template.slice(i, open).includes('}')) throw new SyntaxError(`Unopened "}" in: ${template}`);
    if (found < 0) {
      yield { text: template.slice(i) };
      return;
    }
    if (open > i) yield { text: template.slice(i, open) };
    const end = closingBrace(template, open);
    yield { argument: parseArgument(template.slice(open + 1, end)) };
    i = end + 1;
  }
}

const show = (value: MessageValue | undefined): string =>
  value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value);

export function formatMessage(template: string, values: MessageValues, locale: string, hash?: string): string {
  let out = '';
  for (const piece of pieces(template)) {
    if ('text' in piece) {
      out += hash === undefined ? piece.text : piece.text.replaceAll('#', hash);
      continue;
    }
    const { name, kind, options } = piece.argument;
    const value = values[name];
    if (kind === 'simple') {
      out += show(value);
      continue;
    }
    // parseArgument made sure there is an "other" branch.
    const other = options.get('other') ?? '';
    if (kind === 'plural') {
      const n = Number(value);
      const branch = options.get(`=${n}`) ?? options.get(new Intl.PluralRules(locale).select(n)) ?? other;
      out += formatMessage(branch, values, locale, String(n));
    } else {
      out += formatMessage(options.get(show(value)) ?? other, values, locale);
    }
  }
  return out;
}

/** Every name a template reads, branches included; throws on a syntax error. */
export function placeholdersOf(template: string, out = new Set<string>()): Set<string> {
  for (const piece of pieces(template)) {
    if ('text' in piece) continue;
    out.add(piece.argument.name);
    for (const branch of piece.argument.options.values()) placeholdersOf(branch, out);
  }
  return out;
}

/** The plural categories a template's plural arguments cover, per argument name. */
export function pluralCategoriesOf(template: string, out = new Map<string, Set<string>>()): Map<string, Set<string>> {
  for (const piece of pieces(template)) {
    if ('text' in piece) continue;
    const { name, kind, options } = piece.argument;
    if (kind === 'plural') out.set(name, new Set([...(out.get(name) ?? []), ...options.keys()]));
    for (const branch of options.values()) pluralCategoriesOf(branch, out);
  }
  return out;
}
