import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '../../jsonapi/errors';
import type { ByteRange, Storage } from '../../storage/storage';
import type { MediaFileRow } from './repository';

/**
 * A library file's bytes, streamed from storage (never read whole), with single byte ranges for
 * video seeking and resumed downloads. The browser must take the type we read from the content
 * (nosniff); an SVG opened on its own runs in a sandbox with no script and nothing fetched.
 */
export const SVG_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

export async function serveContent(request: FastifyRequest, reply: FastifyReply, storage: Storage, row: MediaFileRow, opts: { cacheControl?: string } = {}) {
  const size = Number(row.size ?? 0);
  const etag = row.sha256 ? `"${row.sha256}"` : null;
  reply.header('x-content-type-options', 'nosniff');
  reply.header('accept-ranges', 'bytes');
  reply.header('cache-control', opts.cacheControl ?? 'private, max-age=3600');
  if (etag) reply.header('etag', etag);
  reply.header('content-disposition', contentDisposition(row.name, (request.query as { download?: string }).download === 'true'));
  if (row.content_type === 'image/svg+xml') reply.header('content-security-policy', SVG_POLICY);
  if (etag && request.headers['if-none-match'] === etag) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  const range = parseRange(request.headers.range, size, Array.isArray(ifRange) ? ifRange[0] : ifRange, etag);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    throw apiError(416, 'rangeNotSatisfiable', { values: { size }, source: { header: 'Range' } });
  }
  const object = await storage.get(row.storage_key!, range ?? undefined);
  if (!object) throw apiError(404, 'notFound.record', { values: { type: 'files', id: JSON.stringify(String(row.id)) } });
  reply.type(row.content_type ?? 'application/octet-stream');
  if (range) {
    const end = range.end ?? size - 1;
    reply.code(206).header('content-range', `bytes ${range.start}-${end}/${size}`).header('content-length', end - range.start + 1);
  } else reply.header('content-length', size);
  return reply.send(object.body);
}

/**
 * One `bytes=` range (start-end, start-, -suffix) within `size`, null for the whole file (no
 * header, several ranges, an If-Range that no longer matches), or 'unsatisfiable'.
 */
export function parseRange(header: string | undefined, size: number, ifRange?: string, etag?: string | null): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  if (ifRange !== undefined && ifRange !== etag) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return header.trim().startsWith('bytes=') && header.includes(',') ? null : 'unsatisfiable';
  const [, from, to] = match;
  if (from === '' && to === '') return 'unsatisfiable';
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** `inline` (or `attachment`) with an ASCII fallback name and the real one in RFC 5987 form. */
export function contentDisposition(name: string, download: boolean): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${download ? 'attachment' : 'inline'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
