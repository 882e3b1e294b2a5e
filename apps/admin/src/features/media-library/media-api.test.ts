import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@umpire/schema/api';
import { listQueryString, streamUrl, uploadFile, UploadError } from './media-api';
import { readUsages } from '../../providers/json-api';

/** A stand-in for XMLHttpRequest that records what is sent and answers when told. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const FILE_DOC = {
  data: {
    type: 'files',
    id: '12',
    attributes: { name: 'crest.png', path: '/crests/', kind: 'image', size: 3, content_type: 'image/png', image_path: 'c1/ab/crest.png' },
    links: { self: '/media/v1/uploads/files/12' },
    meta: { content: '/media/v1/uploads/files/12/content' },
  },
};

describe('media API calls', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('upload the folder path first, then the file, with the token, and report progress', async () => {
    const progress: [number, number | undefined][] = [];
    const handle = uploadFile(new File(['abc'], 'crest.png'), '/crests/', { onProgress: (l, t) => progress.push([l, t]) });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/media/v1/uploads/files');
    expect(xhr.headers.Authorization).toBe('Bearer tok');
    expect([...xhr.body!.keys()]).toEqual(['path', 'file']);
    expect(xhr.body!.get('path')).toBe('/crests/');
    xhr.upload.onprogress?.({ loaded: 1, total: 3, lengthComputable: true });
    xhr.upload.onprogress?.({ loaded: 2, total: 0, lengthComputable: false });
    xhr.answer(201, FILE_DOC);
    await expect(handle.done).resolves.toMatchObject({ id: '12', name: 'crest.png', content_url: '/media/v1/uploads/files/12/content' });
    expect(progress).toEqual([
      [1, 3],
      [2, undefined],
    ]);
  });

  it("fail with the server's own words for a refused file", async () => {
    const handle = uploadFile(new File(['<html>'], 'fake.jpg'), '/', { onProgress: () => undefined });
    FakeXhr.last.answer(422, { errors: [{ status: '422', code: 'wrongFileType', title: 'Wrong file type', detail: 'Wrong file type: fake.jpg is not a JPEG image' }] });
    const error = await handle.done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ status: 422, message: 'Wrong file type: fake.jpg is not a JPEG image' });
  });

  it('tell a cancelled upload from a failed one', async () => {
    const handle = uploadFile(new File(['abc'], 'a.png'), '/', { onProgress: () => undefined });
    handle.abort();
    await expect(handle.done).rejects.toMatchObject({ status: -1 });
  });

  it('give a video or PDF its streaming address: the content route with the token, never to a foreign host', () => {
    const here = window.location.origin;
    expect(streamUrl({ id: '12', content_url: '/media/v1/uploads/files/12/content' })).toBe(`${here}/media/v1/uploads/files/12/content?token=tok`);
    expect(streamUrl({ id: '7', content_url: null })).toBe(`${here}/media/v1/uploads/files/7/content?token=tok`);
    expect(streamUrl({ id: '12', content_url: 'https://elsewhere.example/media/v1/uploads/files/12/content' })).toBe(
      'https://elsewhere.example/media/v1/uploads/files/12/content',
    );
    localStorage.clear();
    expect(streamUrl({ id: '12', content_url: '/media/v1/uploads/files/12/content' })).toBe(`${here}/media/v1/uploads/files/12/content`);
  });

  it('list a folder with search, sort and page', () => {
    expect(listQueryString({ path: '/crests/', q: ' wis ', sort: '-created_at', page: 2, perPage: 50 })).toBe(
      'path=%2Fcrests%2F&filter[q]=wis&sort=-created_at&page[number]=2&page[size]=50',
    );
    expect(listQueryString({ path: '/', kinds: ['folder', 'image'] })).toBe('path=%2F&filter[kind]=folder%2Cimage&sort=name&page[number]=1&page[size]=50');
  });

  it('read usages whether field and title sit beside the identifier or in attributes', () => {
    expect(
      readUsages({
        data: [
          { type: 'clubs', id: 1, field: 'image', title: 'Legia' },
          { type: 'players', id: '2', attributes: { field: 'image', title: 'Jan Kowalski' } },
          { type: 'teams', id: '3' },
        ],
      }),
    ).toEqual([
      { type: 'clubs', id: '1', field: 'image', title: 'Legia' },
      { type: 'players', id: '2', field: 'image', title: 'Jan Kowalski' },
      { type: 'teams', id: '3', field: '', title: '#3' },
    ]);
  });
});
