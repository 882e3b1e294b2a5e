import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BROWSER_VIDEO_TYPES } from '@umpire/schema';
import type { Database } from '../../db/database';
import { PUBLIC_PREFIX, publicOwnedIds } from '../../jsonapi/public-projection';
import { apiError, notFound } from '../../jsonapi/errors';
import { serveContent } from '../files/content';
import { findFile } from '../files/repository';
import type { Storage } from '../../storage/storage';

const ID = /^[1-9]\d{0,14}$/;

/**
 * A library video's file for viewers (the page builder's video component on the league's
 * website): `GET /public/v1/videos/{id}/content?client=`, streamed from storage with byte ranges
 * for seeking, public and cacheable. Only while something public shows the video (a published
 * page's or article's component, a global element's) and it is no paid event's source: any other
 * library video is a 404, whoever guesses its id.
 * Only files browsers play in `<video>` themselves (MP4, WebM, Ogg); an AVI or MPEG is a 415
 * saying so. The file's own ETag answers revalidations with 304.
 */
export function registerPublicVideoContent(
  app: FastifyInstance,
  deps: { database: Database; storage: Storage; resolveClient: (request: FastifyRequest) => Promise<{ clientId: number }> },
): void {
  const { database, storage, resolveClient } = deps;
  app.get<{ Params: { id: string } }>(`${PUBLIC_PREFIX}/videos/:id/content`, async (request, reply) => {
    const { clientId } = await resolveClient(request);
    const { id } = request.params;
    const video = ID.test(id)
      ? await database.db.selectFrom('videos').select(['id', 'file_id']).where('client_id', '=', clientId).where('id', '=', Number(id)).executeTakeFirst()
      : undefined;
    // Only a video something public shows (a published page's component), and never a paid event's source.
    const shown = video ? (await publicOwnedIds(database.db, clientId, 'videos', [Number(video.id)])).has(String(video.id)) : false;
    const file = shown && /^\d+$/.test(String(video!.file_id)) ? await findFile(database.db, clientId, Number(video!.file_id)) : null;
    if (!video || !file?.storage_key || file.kind === 'folder') throw notFound('videos', id);
    const type = file.content_type ?? 'application/octet-stream';
    if (!BROWSER_VIDEO_TYPES.includes(type)) throw apiError(415, 'videoNotPlayableInBrowsers', { values: { type } });
    return serveContent(request, reply, storage, file, { cacheControl: 'public, max-age=3600, s-maxage=3600' });
  });
}
