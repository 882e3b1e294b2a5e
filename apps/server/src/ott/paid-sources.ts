import { declarePublicGuard } from '../jsonapi/public-projection';

/**
 * A library video that is the source of a paid event (pay-per-view or subscription), or of the
 * output a transcoding made for one, leaves only through that event's playback, with its
 * entitlement: never listed, included or streamed by another route, even where a published page
 * shows it. An event made free sets it free; one made paid takes it back at once.
 */
declarePublicGuard('videos', async (db, ids) => {
  if (!ids.length) return new Set();
  const sources = await db
    .selectFrom('ott_events')
    .select('video_id')
    .where('video_id', 'in', ids)
    .where('access', '<>', 'free')
    .union(
      db
        .selectFrom('ott_transcoding_jobs as j')
        .innerJoin('ott_events as e', 'e.id', 'j.event_id')
        .select('j.video_id')
        .where('j.video_id', 'in', ids)
        .where('e.access', '<>', 'free'),
    )
    .execute();
  return new Set(sources.map((r) => String(r.video_id)));
});
