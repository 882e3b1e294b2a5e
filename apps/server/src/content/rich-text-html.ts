import { isSafeLink, type RichTextDocument, type RichTextNode } from '@umpire/schema';

/**
 * HTML of a rich-text body for public reads. Every text and attribute is escaped; only the
 * elements below are written, and a link only with an http, https or mailto address (checked
 * again here, whatever the stored data). An embedded component becomes an empty placeholder
 * naming its kind and component (found in the document's `included`), for the website's own script to fill.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const BLOCK_TAGS: Record<string, string> = {
  paragraph: 'p',
  bulletList: 'ul',
  orderedList: 'ol',
  listItem: 'li',
  blockquote: 'blockquote',
};
const MARK_TAGS: Record<string, string> = { bold: 'strong', italic: 'em', underline: 'u', strike: 's', code: 'code' };

function renderText(node: RichTextNode): string {
  let html = escapeHtml(node.text ?? '');
  for (const mark of node.marks ?? []) {
    if (mark.type === 'link') {
      const href = mark.attrs?.href;
      if (isSafeLink(href)) html = `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow">${html}</a>`;
    } else if (MARK_TAGS[mark.type]) html = `<${MARK_TAGS[mark.type]}>${html}</${MARK_TAGS[mark.type]}>`;
  }
  return html;
}

function renderNode(node: RichTextNode): string {
  const inner = () => (node.content ?? []).map(renderNode).join('');
  switch (node.type) {
    case 'text':
      return renderText(node);
    case 'hardBreak':
      return '<br>';
    case 'horizontalRule':
      return '<hr>';
    case 'heading': {
      const level = [2, 3, 4].includes(Number(node.attrs?.level)) ? Number(node.attrs?.level) : 2;
      return `<h${level}>${inner()}</h${level}>`;
    }
    case 'embed': {
      // The component itself (its fields and links) is in the document's `included`.
      const kind = String(node.attrs?.kind ?? '');
      const id = String(node.attrs?.component_id ?? '');
      return `<div class="umpire-embed" data-kind="${escapeHtml(kind)}" data-component-id="${escapeHtml(id)}"></div>`;
    }
    default: {
      const tag = BLOCK_TAGS[node.type];
      if (!tag) return ''; // nothing unknown is written
      const start = node.type === 'orderedList' && Number.isInteger(node.attrs?.start) ? ` start="${Number(node.attrs?.start)}"` : '';
      return `<${tag}${start}>${inner()}</${tag}>`;
    }
  }
}

export function richTextToHtml(doc: RichTextDocument | null | undefined): string {
  if (!doc || doc.type !== 'doc' || !Array.isArray(doc.content)) return '';
  return doc.content.map(renderNode).join('');
}
