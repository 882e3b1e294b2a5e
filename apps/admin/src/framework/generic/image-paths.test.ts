import { describe, expect, it, vi } from 'vitest';
import manifest from 'virtual:umpire/resources';
import type { DataProvider } from 'react-admin';
import { resolveImagePaths } from './image-paths';

const clubs = manifest.find((r) => r.type === 'clubs')!;

function provider(existing: { id: string; path: string }[]) {
  return {
    getList: vi.fn(async (_r: string, p: { filter: { path: string } }) => ({ data: existing.filter((i) => i.path === p.filter.path), total: 1 })),
    create: vi.fn(async (_r: string, p: { data: { path: string } }) => ({ data: { id: '99', ...p.data } })),
  } as unknown as DataProvider & { create: ReturnType<typeof vi.fn> };
}

describe('image paths', () => {
  it('links an existing image, creates a missing one, unlinks an emptied path', async () => {
    const dp = provider([{ id: '5', path: 'clubs/legia.png' }]);
    expect(await resolveImagePaths(dp, clubs, { name: 'L', image_path: '/clubs/legia.png' })).toEqual({ name: 'L', image_id: '5' });
    expect(await resolveImagePaths(dp, clubs, { image_path: 'clubs/new.png' })).toEqual({ image_id: '99' });
    expect(dp.create).toHaveBeenCalledWith('images', { data: { path: 'clubs/new.png', name: 'new.png' } });
    const previous = { id: '1', image_id: '5', image: { id: '5', path: 'clubs/legia.png' } };
    expect(await resolveImagePaths(dp, clubs, { image_path: '' }, previous)).toEqual({ image_id: null });
    expect(await resolveImagePaths(dp, clubs, { image_path: 'clubs/legia.png' }, previous)).toEqual({});
  });
});
