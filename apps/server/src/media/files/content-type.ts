import { fileTypeFromBuffer } from 'file-type';

/**
 * What the bytes say a file is, and whether that agrees with its extension: the type comes from
 * the content (magic bytes), never from the client's Content-Type or the name alone, so a PNG
 * renamed `.pdf` or an HTML page renamed `.jpg` is refused.
 */

/** For each allowed extension, the types file-type may find in such a file, and the type we serve. */
const EXPECTED: Record<string, { detected: readonly string[]; contentType: string }> = {
  jpg: { detected: ['jpg'], contentType: 'image/jpeg' },
  jpeg: { detected: ['jpg'], contentType: 'image/jpeg' },
  png: { detected: ['png', 'apng'], contentType: 'image/png' },
  gif: { detected: ['gif'], contentType: 'image/gif' },
  webp: { detected: ['webp'], contentType: 'image/webp' },
  svg: { detected: [], contentType: 'image/svg+xml' },
  pdf: { detected: ['pdf', 'ai'], contentType: 'application/pdf' },
  // Word 97–2003 files are OLE compound files; file-type names the container.
  doc: { detected: ['cfb', 'doc'], contentType: 'application/msword' },
  docx: { detected: ['docx'], contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  // Phones and cameras write MPEG-4 under several brands (isom, M4V, QuickTime).
  mp4: { detected: ['mp4', 'm4v', 'mov'], contentType: 'video/mp4' },
  avi: { detected: ['avi'], contentType: 'video/x-msvideo' },
  mpg: { detected: ['mpg'], contentType: 'video/mpeg' },
};

/** How many leading bytes are read to decide (enough for a DOCX's [Content_Types].xml). */
export const SNIFF_BYTES = 256 * 1024;

/**
 * The content type to store for a file with this extension and these first bytes, or null when
 * the content is not what the extension says. `complete` tells that `head` is the whole file.
 */
export async function contentTypeOf(extension: string, head: Buffer): Promise<string | null> {
  const expected = EXPECTED[extension];
  if (!expected) return null;
  if (extension === 'svg') return looksLikeSvg(head) ? expected.contentType : null;
  const found = await fileTypeFromBuffer(head);
  return found && expected.detected.includes(found.ext) ? expected.contentType : null;
}

/**
 * SVG has no magic bytes: it is text whose first element (after an XML declaration, comments
 * or a DOCTYPE) is `<svg`. Binary content and HTML pages are not.
 */
function looksLikeSvg(head: Buffer): boolean {
  if (head.includes(0)) return false;
  const text = head.toString('utf8').replace(/^\ufeff/, '');
  const prologue = stripPrologue(text);
  return /^<svg[\s>/]/i.test(prologue);
}

/** Removes what may precede an SVG's root element: XML declaration, processing instructions, comments, DOCTYPE. */
export function stripPrologue(text: string): string {
  let rest = text.trimStart();
  for (;;) {
    const before = rest;
    rest = rest
      .replace(/^<\?[\s\S]*?\?>/, '')
      .replace(/^<!--[\s\S]*?-->/, '')
      // A DOCTYPE with an internal subset (entities) ends at `]>`.
      .replace(/^<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/i, '')
      .trimStart();
    if (rest === before) return rest;
  }
}
