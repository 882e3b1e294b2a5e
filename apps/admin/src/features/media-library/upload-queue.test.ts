import { describe, expect, it } from 'vitest';
import { formatBytes, newUpload, nextToStart, uploadReducer, type FileToUpload } from './upload-queue';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
type Q = FileToUpload<{ id: string }>[];

describe('upload queue (spec §3, §4)', () => {
  it('goes PENDING → IN_PROGRESS with floor(loaded / total) → DONE at 100 with the uploaded file', () => {
    let queue: Q = uploadReducer([], { type: 'add', items: [newUpload('a', file('crest.png'), '/')] });
    expect(queue[0]).toMatchObject({ state: 'PENDING', progress: 0 });
    queue = uploadReducer(queue, { type: 'progress', id: 'a', loaded: 1, total: 3 });
    expect(queue[0]).toMatchObject({ state: 'IN_PROGRESS', progress: 33 });
    queue = uploadReducer(queue, { type: 'progress', id: 'a', loaded: 5, total: undefined });
    expect(queue[0]).toMatchObject({ state: 'IN_PROGRESS', progress: 0 });
    queue = uploadReducer(queue, { type: 'done', id: 'a', uploadedFile: { id: '7' } });
    expect(queue[0]).toMatchObject({ state: 'DONE', progress: 100, uploadedFile: { id: '7' } });
    // A late progress event does not move it back.
    queue = uploadReducer(queue, { type: 'progress', id: 'a', loaded: 1, total: 2 });
    expect(queue[0]).toMatchObject({ state: 'DONE', progress: 100 });
  });

  it('fails at 100 with the reason, and a retry starts again from PENDING', () => {
    let queue: Q = uploadReducer([], { type: 'add', items: [newUpload('a', file('page.jpg'), '/')] });
    queue = uploadReducer(queue, { type: 'progress', id: 'a', loaded: 5, total: 10 });
    queue = uploadReducer(queue, { type: 'fail', id: 'a', reason: { text: 'Wrong file type' } });
    expect(queue[0]).toMatchObject({ state: 'ERROR', progress: 100, reason: { text: 'Wrong file type' } });
    queue = uploadReducer(queue, { type: 'retry', id: 'a' });
    expect(queue[0]).toMatchObject({ state: 'PENDING', progress: 0, reason: undefined });
  });

  it('refuses an extension outside spec §3 at once, without sending it, and never retries it', () => {
    const item = newUpload('a', file('run.exe'), '/');
    expect(item).toMatchObject({ state: 'ERROR', progress: 100, reason: { key: 'ui.wrongFileType' } });
    expect(uploadReducer([item], { type: 'retry', id: 'a' })[0].state).toBe('ERROR');
    expect(newUpload('b', file('noextension'), '/').state).toBe('ERROR');
  });

  it('refuses a file above the limit of its kind', () => {
    const big = file('photo.jpg');
    Object.defineProperty(big, 'size', { value: 31 * 1024 * 1024 });
    expect(newUpload('a', big, '/')).toMatchObject({ state: 'ERROR', reason: { key: 'ui.fileTooLarge', params: { size: '30 MB' } } });
  });

  it('starts at most `limit` files at once, in the order they were added', () => {
    const queue: Q = ['a', 'b', 'c', 'd'].map((id) => newUpload(id, file(`${id}.png`), '/'));
    expect(nextToStart(queue, new Set(), 3).map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(nextToStart(queue, new Set(['a', 'b']), 3).map((i) => i.id)).toEqual(['c']);
    expect(nextToStart(queue, new Set(['a', 'b', 'c']), 3)).toEqual([]);
  });

  it('clears finished files and keeps those still going', () => {
    let queue: Q = ['a', 'b'].map((id) => newUpload(id, file(`${id}.png`), '/'));
    queue = uploadReducer(queue, { type: 'done', id: 'a', uploadedFile: { id: '1' } });
    expect(uploadReducer(queue, { type: 'clearFinished' }).map((i) => i.id)).toEqual(['b']);
  });

  it('writes sizes the way file managers do', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 kB');
    expect(formatBytes(30 * 1024 * 1024, 'en')).toBe('30 MB');
    expect(formatBytes(null)).toBe('');
  });
});
