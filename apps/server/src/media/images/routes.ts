import { MAX_SOURCE_PIXELS, parseImageUrl } from '@umpire/schema';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { apiError } from '../../jsonapi/errors';
import type { Storage } from '../../storage/storage';
import { ImageBusy, ImageService } from './image-service';
import { TooManyPixels } from './render';

export const IMAGE_PREFIX = '/img';

/**
 * GET /img/{thumbor-style request}/{image_path} on any host name, so the admin's
 * `http://{cdn_id}.{host}/img/…` reaches it and a CDN can sit in front. Answers are public and
 * immutable (a new upload is a new path), and may be shown by pages of any origin.
 */
export function registerImageRoutes(app: FastifyInstance, config: Config, database: Database, storage: Storage): ImageService {
  const service = new ImageService(database.db, storage, config.images);
  app.get<{ Params: { '*': string } }>(`${IMAGE_PREFIX}/*`, async (request, reply) => {
    // Errors too: a page of another origin then sees the 404 of a missing picture, not a response
    // the browser blocked (net::ERR_BLOCKED_BY_RESPONSE in its console).
    reply.header('cross-origin-resource-policy', 'cross-origin');
    const parsed = parseImageUrl(request.params['*']);
    if (typeof parsed === 'string') throw apiError(400, 'badRequest.imageUrl', { values: { reason: parsed }, params: { reason: parsed } });
    let variant;
    try {
      variant = await service.variant(parsed);
    } catch (error) {
      if (error instanceof TooManyPixels)
        throw apiError(413, 'payloadTooLarge.imagePixels', { values: { pixels: error.pixels, max: MAX_SOURCE_PIXELS }, params: { max: MAX_SOURCE_PIXELS } });
      if (error instanceof ImageBusy) {
        reply.header('retry-after', '1');
        throw apiError(503, 'tooManyRequests.imageRenders');
      }
      request.log.warn({ err: error, path: parsed.path }, 'image render failed');
      throw apiError(/timeout/i.test(String(error)) ? 503 : 422, 'internalError.imageRender');
    }
    if (!variant) throw apiError(404, 'notFound.image');
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('etag', `"${variant.etag}"`)
      .header('x-cache', variant.cached ? 'hit' : 'miss');
    const wanted = request.headers['if-none-match'];
    if (wanted && wanted.split(',').some((tag) => tag.trim().replace(/^W\//, '') === `"${variant.etag}"`)) return reply.code(304).send();
    return reply.type(variant.contentType).header('content-length', String(variant.size)).send(variant.body());
  });
  return service;
}
