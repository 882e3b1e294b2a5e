import type { ReactNode } from 'react';
import { isSafeLink, type RichTextNode } from '@umpire/schema/rich-text';

/**
 * A rich-text body (the editor's JSON document, spec's structured rich text) as React elements.
 * Only the nodes and marks of the schema are written; anything else is left out. Links only with
 * an http, https or mailto address (checked again here, whatever the stored data). Headings start
 * at `baseLevel` so they stay in order under the component's own heading.
 */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function textNode(node: RichTextNode, key: number): ReactNode {
  let out: ReactNode = node.text ?? '';
  for (const [i, mark] of (Array.isArray(node.marks) ? node.marks : []).entries()) {
    if (!isObject(mark)) continue;
    const k = `${key}-${i}`;
    if (mark.type === 'bold') out = <strong key={k}>{out}</strong>;
    else if (mark.type === 'italic') out = <em key={k}>{out}</em>;
    else if (mark.type === 'underline') out = <u key={k}>{out}</u>;
    else if (mark.type === 'strike') out = <s key={k}>{out}</s>;
    else if (mark.type === 'code') out = <code key={k}>{out}</code>;
    else if (mark.type === 'link' && isSafeLink(mark.attrs?.href))
      out = (
        <a key={k} href={mark.attrs.href} rel="noopener noreferrer nofollow">
          {out}
        </a>
      );
  }
  return out;
}

function nodes(content: unknown, baseLevel: number): ReactNode[] {
  return (Array.isArray(content) ? content : []).filter(isObject).map((n, i) => node(n as unknown as RichTextNode, i, baseLevel));
}

function node(n: RichTextNode, key: number, baseLevel: number): ReactNode {
  const inner = () => nodes(n.content, baseLevel);
  switch (n.type) {
    case 'text':
      return typeof n.text === 'string' ? <span key={key}>{textNode(n, key)}</span> : null;
    case 'hardBreak':
      return <br key={key} />;
    case 'horizontalRule':
      return <hr key={key} />;
    case 'paragraph':
      return <p key={key}>{inner()}</p>;
    case 'heading': {
      // The editor's levels 2-4, moved under the component's heading and never past h6.
      const wanted = Number(n.attrs?.level);
      const level = Math.min(6, baseLevel + (wanted === 3 ? 1 : wanted === 4 ? 2 : 0));
      const Tag = `h${level}` as 'h2';
      return <Tag key={key}>{inner()}</Tag>;
    }
    case 'bulletList':
      return <ul key={key}>{inner()}</ul>;
    case 'orderedList':
      return (
        <ol key={key} start={Number.isInteger(n.attrs?.start) ? Number(n.attrs?.start) : undefined}>
          {inner()}
        </ol>
      );
    case 'listItem':
      return <li key={key}>{inner()}</li>;
    case 'blockquote':
      return <blockquote key={key}>{inner()}</blockquote>;
    default:
      // Embeds belong to articles, whose components are drawn by their own renderers; nothing unknown is written.
      return null;
  }
}

export function RichText({ doc, baseLevel = 3 }: { doc: unknown; baseLevel?: number }) {
  if (!isObject(doc) || doc.type !== 'doc') return null;
  return <>{nodes(doc.content, baseLevel)}</>;
}

/** A plain text as paragraphs (a blank line between them) with its line breaks kept. */
export function PlainText({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return (
    <>
      {paragraphs.map((p, i) => (
        <p key={i}>
          {p.split('\n').map((line, j) => (
            <span key={j}>
              {j > 0 && <br />}
              {line}
            </span>
          ))}
        </p>
      ))}
    </>
  );
}

/** The plain words of a rich-text document (or of a plain text), for summaries. */
export function plainWords(value: unknown): string {
  if (typeof value === 'string') return value;
  const out: string[] = [];
  const walk = (n: unknown) => {
    if (!isObject(n)) return;
    if (typeof n.text === 'string') out.push(n.text);
    if (Array.isArray(n.content)) n.content.forEach(walk);
  };
  walk(value);
  return out.join(' ').replace(/\s+/g, ' ').trim();
}
