import { describe, expect, it } from 'vitest';
import { breadcrumbsOf, cleanFolderName, folderPathOf, isInside, normalisePath } from './paths';

describe('library paths', () => {
  it('always start and end with a slash', () => {
    expect(normalisePath('crests/2026')).toBe('/crests/2026/');
    expect(normalisePath('//crests//')).toBe('/crests/');
    expect(normalisePath('')).toBe('/');
    expect(normalisePath(undefined)).toBe('/');
  });

  it('open a folder entry at its path and name', () => {
    expect(folderPathOf({ path: '/crests/', name: '2026/' })).toBe('/crests/2026/');
    expect(folderPathOf({ path: '/', name: 'crests/' })).toBe('/crests/');
  });

  it('list the way from the root', () => {
    expect(breadcrumbsOf('/a/b/')).toEqual([
      { path: '/', name: '' },
      { path: '/a/', name: 'a' },
      { path: '/a/b/', name: 'b' },
    ]);
  });

  it('know when a folder would move into itself', () => {
    expect(isInside('/a/b/', '/a/')).toBe(true);
    expect(isInside('/a/', '/a/')).toBe(true);
    expect(isInside('/ab/', '/a/')).toBe(false);
  });

  it('take a typed folder name without slashes', () => {
    expect(cleanFolderName(' 2026/ ')).toBe('2026');
  });
});
