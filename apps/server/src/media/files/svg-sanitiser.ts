import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { stripPrologue } from './content-type';

/**
 * SVG is a document that can run script, load other resources and embed HTML. What we keep is
 * DOMPurify's SVG profile without scripts, event handlers, foreignObject, external references
 * (only `#fragment` and inline `data:image/` ones) and CSS imports. It is also served with a
 * sandboxing Content-Security-Policy (routes.ts), in case a browser opens it directly.
 */

/** SVG is parsed as a whole in memory: a larger drawing is refused rather than parsed. */
export const MAX_SVG_BYTES = 5 * 1024 * 1024;

let purifier: ReturnType<typeof createDOMPurify> | null = null;

function purify() {
  if (purifier) return purifier;
  purifier = createDOMPurify(new JSDOM('').window);
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if ((name === 'href' || name === 'xlink:href' || name === 'src') && !/^\s*(#|data:image\/(png|jpeg|gif|webp);)/i.test(data.attrValue))
      data.keepAttr = false;
    if (name === 'style' && /url\(\s*['"]?(?!#)/i.test(data.attrValue)) data.keepAttr = false;
  });
  purifier.addHook('uponSanitizeElement', (node, data) => {
    // A stylesheet may import or fetch; keep it only without @import and external url().
    if (data.tagName === 'style' && /@import|url\(\s*['"]?(?!#)/i.test(node.textContent ?? '')) node.textContent = '';
  });
  return purifier;
}

/** The sanitised drawing, or null when no SVG is left (the file was not a drawing). */
export function sanitiseSvg(text: string): string | null {
  const body = stripPrologue(text.replace(/^\ufeff/, ''));
  if (!/^<svg[\s>/]/i.test(body)) return null;
  const clean = purify().sanitize(body, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // <use> repeats a shape of the same drawing; the hook above keeps only its `#id` references.
    ADD_TAGS: ['use'],
    FORBID_TAGS: ['foreignObject', 'script', 'iframe', 'animate', 'set'],
    FORBID_ATTR: ['onload', 'onerror', 'onbegin', 'onend'],
  });
  let trimmed = clean.trim();
  if (!/^<svg[\s>]/i.test(trimmed)) return null;
  // Inline SVG needs no namespace, a file does: without it no viewer draws it.
  if (!/^<svg[^>]*\sxmlns=/i.test(trimmed)) trimmed = trimmed.replace(/^<svg/i, '<svg xmlns="http://www.w3.org/2000/svg"');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${trimmed}\n`;
}
