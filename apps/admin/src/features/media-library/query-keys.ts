import type { ListQuery } from './media-api';

/** React Query keys of the library; everything under `media` is reloaded after a change. */
export const mediaKeys = {
  all: ['media'] as const,
  list: (query: ListQuery) => ['media', 'list', query] as const,
  folders: (path: string) => ['media', 'folders', path] as const,
  usages: (id: string) => ['media', 'usages', id] as const,
};
