import { z } from 'zod';

/**
 * Rich text as structured data: a ProseMirror/Tiptap JSON document, never HTML. One schema decides
 * which nodes, marks and attributes exist; the admin's editor is configured from the same lists
 * and the server keeps only what this schema returns (unknown attributes are dropped, unknown
 * nodes and marks refused), so nothing executable can be stored.
 */
export const RICH_TEXT_BLOCKS = ['paragraph', 'heading', 'bulletList', 'orderedList', 'listItem', 'blockquote', 'horizontalRule', 'embed'] as const;
export const RICH_TEXT_INLINES = ['text', 'hardBreak'] as const;
export const RICH_TEXT_MARKS = ['bold', 'italic', 'underline', 'strike', 'code', 'link'] as const;
/**
 * Components an article body may embed (spec §3: images, image, gallery, survey, quiz, video,
 * match_predictor_ranking; "images", several pictures, is the gallery kind). Each embed names a
 * component of the article (`component_id`), which holds its fields and links.
 */
export const EMBED_KINDS = ['image', 'gallery', 'video', 'survey', 'quiz', 'match_predictor_ranking'] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];
export const LINK_PROTOCOLS = ['http:', 'https:', 'mailto:'] as const;
export const HEADING_LEVELS = [2, 3, 4] as const;

export interface RichTextMark {
  type: (typeof RICH_TEXT_MARKS)[number];
  attrs?: { href: string };
}
export interface RichTextNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: RichTextNode[];
  text?: string;
  marks?: RichTextMark[];
}
export interface RichTextDocument {
  type: 'doc';
  content: RichTextNode[];
}

const MAX_DEPTH = 12;
const MAX_NODES = 20_000;
const MAX_TEXT = 200_000;
/** Node types that are HTML by another name: refused as unsafe, not merely unknown. */
const HTML_NODE = /^(html|script|style|iframe|object|embedHtml|rawHtml|htmlBlock|codeBlockHtml)$/i;
/** A tag in a text: `<script>`, `</p>`, `<img …>`, `<!-- -->`. */
const HTML_TAG = /<\s*\/?\s*[a-z!][^>]*>/i;
const EMBED_COMPONENT_ID = /^[1-9]\d{0,14}$/;

export function isSafeLink(href: unknown): href is string {
  // eslint-disable-next-line no-control-regex -- control characters hide a scheme from some browsers
  if (typeof href !== 'string' || href.length > 2048 || /[\s\u0000-\u001f]/.test(href)) return false;
  try {
    return (LINK_PROTOCOLS as readonly string[]).includes(new URL(href).protocol);
  } catch {
    return false;
  }
}

type Problem = { key: 'unsafeRichText' | 'invalidRichText' | 'invalidType'; path: (string | number)[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks a document and returns its clean copy, or the first problem with its path. */
export function sanitizeRichText(value: unknown): { doc: RichTextDocument } | { problem: Problem } {
  let nodes = 0;
  let textLength = 0;
  const fail = (key: Problem['key'], path: (string | number)[]) => ({ problem: { key, path } });
  if (typeof value === 'string') return fail(value.includes('<') ? 'unsafeRichText' : 'invalidType', []);
  if (!isObject(value) || value.type !== 'doc' || !Array.isArray(value.content)) return fail('invalidRichText', []);

  function node(n: unknown, path: (string | number)[], depth: number, inline: boolean): RichTextNode | Problem {
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) return { key: 'invalidRichText', path };
    if (!isObject(n) || typeof n.type !== 'string') return { key: 'invalidRichText', path };
    const type = n.type;
    if (HTML_NODE.test(type)) return { key: 'unsafeRichText', path: [...path, 'type'] };
    if (type === 'text') {
      if (!inline || typeof n.text !== 'string' || n.text === '') return { key: 'invalidRichText', path };
      if (HTML_TAG.test(n.text)) return { key: 'unsafeRichText', path: [...path, 'text'] };
      textLength += n.text.length;
      if (textLength > MAX_TEXT) return { key: 'invalidRichText', path };
      const out: RichTextNode = { type: 'text', text: n.text };
      if (n.marks !== undefined) {
        if (!Array.isArray(n.marks)) return { key: 'invalidRichText', path: [...path, 'marks'] };
        const marks: RichTextMark[] = [];
        for (const [i, m] of n.marks.entries()) {
          if (!isObject(m) || !(RICH_TEXT_MARKS as readonly unknown[]).includes(m.type)) return { key: 'invalidRichText', path: [...path, 'marks', i] };
          if (m.type === 'link') {
            const href = isObject(m.attrs) ? m.attrs.href : undefined;
            if (!isSafeLink(href)) return { key: String(href).trim().toLowerCase().startsWith('javascript') ? 'unsafeRichText' : 'invalidRichText', path: [...path, 'marks', i, 'attrs', 'href'] };
            marks.push({ type: 'link', attrs: { href } });
          } else marks.push({ type: m.type as RichTextMark['type'] });
        }
        if (marks.length) out.marks = marks;
      }
      return out;
    }
    if (type === 'hardBreak') return inline ? { type } : { key: 'invalidRichText', path };
    if (inline || !(RICH_TEXT_BLOCKS as readonly string[]).includes(type)) return { key: 'invalidRichText', path: [...path, 'type'] };
    const attrs = isObject(n.attrs) ? n.attrs : {};
    const out: RichTextNode = { type };
    if (type === 'heading') {
      if (!(HEADING_LEVELS as readonly unknown[]).includes(attrs.level)) return { key: 'invalidRichText', path: [...path, 'attrs', 'level'] };
      out.attrs = { level: attrs.level };
    }
    if (type === 'orderedList' && Number.isInteger(attrs.start) && (attrs.start as number) > 1) out.attrs = { start: attrs.start };
    if (type === 'embed') {
      if (!(EMBED_KINDS as readonly unknown[]).includes(attrs.kind)) return { key: 'invalidRichText', path: [...path, 'attrs', 'kind'] };
      if (typeof attrs.component_id !== 'string' || !EMBED_COMPONENT_ID.test(attrs.component_id)) return { key: 'invalidRichText', path: [...path, 'attrs', 'component_id'] };
      out.attrs = { kind: attrs.kind, component_id: attrs.component_id };
      return out; // an embed is a leaf: its content is the component's
    }
    if (type === 'horizontalRule') return out;
    if (n.content !== undefined) {
      if (!Array.isArray(n.content)) return { key: 'invalidRichText', path: [...path, 'content'] };
      const childInline = type === 'paragraph' || type === 'heading';
      const children: RichTextNode[] = [];
      for (const [i, c] of n.content.entries()) {
        const r = node(c, [...path, 'content', i], depth + 1, childInline);
        if ('key' in r) return r;
        if ((type === 'bulletList' || type === 'orderedList') !== (r.type === 'listItem')) return { key: 'invalidRichText', path: [...path, 'content', i] };
        children.push(r);
      }
      if (children.length) out.content = children;
    }
    return out;
  }

  const content: RichTextNode[] = [];
  for (const [i, c] of value.content.entries()) {
    const r = node(c, ['content', i], 1, false);
    if ('key' in r) return { problem: r };
    if (r.type === 'listItem') return fail('invalidRichText', ['content', i]);
    content.push(r);
  }
  return { doc: { type: 'doc', content } };
}

/** The zod schema of a rich-text attribute: the clean document, or an issue keyed for translation. */
export const richTextDocument = () =>
  z.unknown().transform((value, ctx) => {
    const result = sanitizeRichText(value);
    if ('problem' in result) {
      ctx.addIssue({ code: 'custom', message: result.problem.key, path: result.problem.path });
      return z.NEVER;
    }
    return result.doc;
  });

/** The plain text of a document (search, leads, previews). */
export function richTextPlain(doc: RichTextDocument | null | undefined): string {
  const parts: string[] = [];
  const walk = (n: RichTextNode) => {
    if (n.type === 'text') parts.push(n.text ?? '');
    else if (n.type === 'hardBreak') parts.push('\n');
    for (const c of n.content ?? []) walk(c);
    if (['paragraph', 'heading', 'listItem', 'blockquote'].includes(n.type)) parts.push('\n');
  };
  for (const n of doc?.content ?? []) walk(n);
  return parts.join('').replace(/\n{2,}/g, '\n').trim();
}

/** A document of plain paragraphs (demo data, tests). */
export function richTextFromParagraphs(paragraphs: string[]): RichTextDocument {
  return { type: 'doc', content: paragraphs.map((text) => ({ type: 'paragraph', content: text ? [{ type: 'text', text }] : undefined })).map((p) => (p.content ? p : { type: 'paragraph' })) };
}
