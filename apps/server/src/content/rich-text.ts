/**
 * Rich text is stored as the editor's structured JSON (a Tiptap/ProseMirror document) and
 * sanitised here before it is stored: only known nodes and marks stay, links keep an http(s) or
 * mailto address, and attributes are limited to those a site renders. Unknown nodes are dropped
 * with their content; nothing the editor did not make reaches a reader.
 */
type Node = { type: string; text?: string; attrs?: Record<string, unknown>; content?: Node[]; marks?: Mark[] };
type Mark = { type: string; attrs?: Record<string, unknown> };

const NODES = new Set(['doc', 'paragraph', 'heading', 'bulletList', 'orderedList', 'listItem', 'blockquote', 'codeBlock', 'hardBreak', 'horizontalRule', 'text']);
const MARKS = new Set(['bold', 'italic', 'underline', 'strike', 'code', 'link', 'subscript', 'superscript']);
const MAX_DEPTH = 40;
const NUL = String.fromCharCode(0);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const isSafeHref = (href: unknown): href is string => {
  if (typeof href !== 'string' || href.length > 2048) return false;
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(href).protocol);
  } catch {
    return false;
  }
};

function cleanMarks(marks: unknown): Mark[] | undefined {
  if (!Array.isArray(marks)) return undefined;
  const out: Mark[] = [];
  for (const m of marks) {
    if (!isObject(m) || typeof m.type !== 'string' || !MARKS.has(m.type)) continue;
    if (m.type === 'link') {
      const href = isObject(m.attrs) ? m.attrs.href : undefined;
      if (isSafeHref(href)) out.push({ type: 'link', attrs: { href, target: '_blank', rel: 'noopener noreferrer nofollow' } });
    } else out.push({ type: m.type });
  }
  return out.length ? out : undefined;
}

function cleanNode(node: unknown, depth: number): Node | null {
  if (depth > MAX_DEPTH || !isObject(node) || typeof node.type !== 'string' || !NODES.has(node.type)) return null;
  if (node.type === 'text') {
    if (typeof node.text !== 'string' || node.text === '') return null;
    const marks = cleanMarks(node.marks);
    return { type: 'text', text: node.text.replaceAll(NUL, ''), ...(marks ? { marks } : {}) };
  }
  const out: Node = { type: node.type };
  if (node.type === 'heading') {
    const level = isObject(node.attrs) ? Number(node.attrs.level) : 2;
    out.attrs = { level: Number.isInteger(level) && level >= 1 && level <= 6 ? level : 2 };
  }
  if (node.type === 'orderedList' && isObject(node.attrs) && Number.isInteger(node.attrs.start)) out.attrs = { start: node.attrs.start };
  if (Array.isArray(node.content)) {
    const content = node.content.map((c) => cleanNode(c, depth + 1)).filter((c): c is Node => c !== null);
    if (content.length) out.content = content;
  }
  return out;
}

/** The document with only what a reader may see; a plain text stays a plain text. */
export function sanitizeRichText(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll(NUL, '');
  return cleanNode(value, 0) ?? { type: 'doc', content: [] };
}
