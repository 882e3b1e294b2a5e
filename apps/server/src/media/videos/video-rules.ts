import { ApiError, errorSpec } from '../../jsonapi/errors';
import { fieldError } from '../../jsonapi/messages';
import { defineRules } from '../../jsonapi/rules';
import { findLibraryFile } from '../library/library-files';
import { probeStoredVideo, videoContentType } from './probe';

/**
 * A video is a use of a library video (avi, mp4, mpg) of the same client. Its duration, size,
 * type and dimensions are read with ffprobe when the file is chosen, and never taken from the body.
 */
defineRules('videos', {
  async validate(ctx, { before, row }) {
    if (before && row.file_id === before.file_id) return [];
    const file = await findLibraryFile(ctx, row.file_id, 'video');
    return file ? [] : [fieldError('/data/attributes/file_id', 'file_id', 'notFound.videoFile')];
  },
  async derive(ctx, row) {
    const file = await findLibraryFile(ctx, row.file_id, 'video');
    if (!file) return {};
    const named = row.name == null ? { name: file.name } : {};
    // An update that keeps the file keeps its facts: probed only when the file is chosen.
    if (row.id != null) {
      const stored = await ctx.db.selectFrom('videos').select('file_id').where('id', '=', Number(row.id)).where('client_id', '=', ctx.clientId).executeTakeFirst();
      if (stored?.file_id === row.file_id) return named;
    }
    if (!ctx.storage) throw new Error('videos need the storage in the write context');
    let facts;
    try {
      facts = await probeStoredVideo(ctx.storage, file.storage_key);
    } catch {
      throw new ApiError([errorSpec(422, 'invalidType.video', { values: { field: 'file_id' }, source: { pointer: '/data/attributes/file_id' } })]);
    }
    return {
      ...named,
      duration: facts.duration ?? file.duration,
      width: facts.width ?? file.width,
      height: facts.height ?? file.height,
      size: file.size ?? facts.size,
      content_type: file.content_type ?? videoContentType(facts.formatName, file.name),
    };
  },
});
