import type { DataProvider, RaRecord } from 'react-admin';
import type { ResourceManifest } from '@umpire/schema/manifest';
import { IMAGES, imageLinks, pathSource } from './conventions';

/**
 * Turns the image paths typed in a form into image links: an emptied path unlinks, an unchanged
 * one keeps the link, a new one links the image with that path, creating it first if needed.
 */
export async function resolveImagePaths(
  dataProvider: DataProvider,
  def: ResourceManifest,
  data: Record<string, unknown>,
  previous?: RaRecord,
): Promise<Record<string, unknown>> {
  const result = { ...data };
  for (const rel of imageLinks(def)) {
    const key = pathSource(rel);
    if (!(key in result)) continue;
    const path = typeof result[key] === 'string' ? (result[key]).trim().replace(/^\/+/, '') : '';
    delete result[key];
    const previousPath = (previous?.[rel.name] as { path?: string } | undefined)?.path ?? '';
    if (path === previousPath) continue;
    if (!path) {
      result[rel.source!] = null;
      continue;
    }
    const { data: found } = await dataProvider.getList(IMAGES, {
      filter: { path },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
    });
    const image = (found[0] ?? (await dataProvider.create(IMAGES, { data: { path, name: path.split('/').pop() } })).data) as RaRecord;
    result[rel.source!] = image.id;
  }
  return result;
}
