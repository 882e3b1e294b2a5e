import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestOrigin, type Config } from '../config';
import type { DB } from '../db/database';
import { apiError, errorLanguageOf, notFound, renderError, type ApiError } from './errors';
import { notePublicRoute, projectDocument, PUBLIC_PREFIX, readerNotes, type PublicDocument, type PublicReader } from './public-projection';
import { API_PREFIX } from './routes';

/**
 * How a route's answer under /public/v1 is cut (`config: { publicAnswer }` of the route):
 * - absent: projected like every other (the default: a new route is cut without anyone asking);
 * - `projected`: the route projects it itself before it is kept (the delivery API's cached reads);
 * - `preview`: a signed preview link's answer, shown whatever its rows' `where`, still cut;
 * - `raw`: not a reader's answer (the OpenAPI document, the payment provider's signed call).
 */
export type PublicAnswerMode = 'projected' | 'preview' | 'raw';

declare module 'fastify' {
  interface FastifyContextConfig {
    publicAnswer?: PublicAnswerMode;
  }
}

const JSON_TYPE = /^application\/(?:vnd\.api\+)?json/;

/** The reader of a public request, as the projection needs it. */
export function publicReaderOf(request: FastifyRequest, config: Config, db: DB, mode?: PublicAnswerMode): PublicReader {
  const origin = requestOrigin(request, config);
  const { fanId, vouched } = readerNotes(request);
  return { db, from: origin + API_PREFIX, to: origin + PUBLIC_PREFIX, fanId, vouched, preview: mode === 'preview' };
}

const isPublic = (request: FastifyRequest) => request.url.startsWith(`${PUBLIC_PREFIX}/`) || request.url === PUBLIC_PREFIX;
const modeOf = (request: FastifyRequest) => request.routeOptions.config?.publicAnswer;
const projectedReplies = new WeakSet<FastifyReply>();

/**
 * Every JSON answer under /public/v1 goes through the projection, whichever route built it:
 * objects before they are written (preSerialization), text a route wrote itself after (onSend).
 * A primary record the reader may not see turns the answer into a 404. Also: the GET routes under
 * /public/v1, so that a link is kept only when it leads to one; and no `x-db-queries` (a count of
 * statements is a benchmark's figure, not something to show the world: PUBLIC_QUERY_COUNTS=true
 * lets benchmarks read it).
 */
export function registerPublicAnswers(app: FastifyInstance, deps: { config: Config; db: DB }): void {
  const { config, db } = deps;
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.includes('GET') && route.url.startsWith(`${PUBLIC_PREFIX}/`)) notePublicRoute(route.url);
  });

  /** An error answered in place of what the route meant to send. */
  const failed = (request: FastifyRequest, reply: FastifyReply, error: ApiError): PublicDocument => {
    const lang = errorLanguageOf(request);
    reply.code(error.errors[0].status).header('cache-control', 'no-store');
    for (const name of ['etag', 'last-modified', 'surrogate-key', 'cache-tag']) reply.removeHeader(name);
    return { errors: error.errors.map((spec) => renderError(spec, lang) as unknown as Record<string, unknown>) };
  };

  const cut = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<PublicDocument> => {
    // Only JSON:API documents leave here: anything else is a route's mistake, not the reader's.
    if (!isDocument(payload)) {
      request.log.error({ url: request.url }, 'a public route answered JSON that is not a JSON:API document');
      return failed(request, reply, apiError(500, 'internalError'));
    }
    const projected = await projectDocument(payload, publicReaderOf(request, config, db, modeOf(request)));
    if (projected) return projected;
    const data = payload.data as { type: string; id: string };
    return failed(request, reply, notFound(data.type, data.id));
  };

  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!isPublic(request)) return payload;
    const mode = modeOf(request);
    if (mode === 'raw' || payload === null || typeof payload !== 'object') return payload;
    projectedReplies.add(reply);
    return cut(request, reply, payload);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!isPublic(request)) return payload;
    if (!config.publicQueryCounts) reply.removeHeader('x-db-queries');
    const mode = modeOf(request);
    if (mode === 'raw' || mode === 'projected' || projectedReplies.has(reply) || payload == null) return payload;
    if (!JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const text = payload.toString();
    if (!text) return payload;
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      return payload;
    }
    const body = JSON.stringify(await cut(request, reply, doc));
    if (reply.hasHeader('etag')) reply.header('etag', `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`);
    reply.removeHeader('content-length');
    return body;
  });
}

/** A JSON:API document (data or errors), the only kind of JSON answer the public side gives. */
function isDocument(payload: unknown): payload is PublicDocument {
  return !!payload && typeof payload === 'object' && !Array.isArray(payload) && ('data' in payload || 'errors' in payload);
}
