import { fieldError } from '../../jsonapi/messages';
import { defineRules } from '../../jsonapi/rules';
import { findLibraryFile } from '../library/library-files';

/**
 * An image is a use of a library picture of the same client: its path, width and height are the
 * file's (read-only in the API), and a name defaults to the file's. Images made before the library
 * (no file) keep what they have.
 */
defineRules('images', {
  async validate(ctx, { before, row }) {
    if (before && row.file_id === before.file_id) return [];
    const file = await findLibraryFile(ctx, row.file_id, 'image');
    return file ? [] : [fieldError('/data/attributes/file_id', 'file_id', 'notFound.imageFile')];
  },
  async derive(ctx, row) {
    if (row.file_id == null) return {};
    const file = await findLibraryFile(ctx, row.file_id, 'image');
    if (!file) return {};
    return { path: file.image_path, width: file.width, height: file.height, ...(row.name == null ? { name: file.name } : {}) };
  },
});
