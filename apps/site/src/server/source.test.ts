import { describe, expect, it } from 'vitest';
import { injectedSource, type Injectable } from './source';

/** A delivery API in a box: answers by address with an entity tag, and 304 when asked with it. */
function fakeApi(bodies: Map<string, { etag: string; body: unknown }>) {
  const asked: { url: string; ifNoneMatch?: string }[] = [];
  const app: Injectable = {
    async inject({ url, headers }) {
      asked.push({ url, ifNoneMatch: headers?.['if-none-match'] });
      const path = url.split('?')[0];
      const answer = bodies.get(path);
      if (!answer) return { statusCode: 404, body: JSON.stringify({ errors: [{ status: '404' }] }), headers: {} };
      if (headers?.['if-none-match'] === answer.etag) return { statusCode: 304, body: '', headers: { etag: answer.etag } };
      return { statusCode: 200, body: JSON.stringify(answer.body), headers: { etag: answer.etag } };
    },
  };
  return { app, asked };
}

describe('the site’s reads of the delivery API', () => {
  it('revalidates with the entity tag, reuses the answer on a 304 and reads a changed one again', async () => {
    const bodies = new Map([['/public/v1/pages', { etag: '"a"', body: { data: [{ type: 'pages', id: '1' }] } }]]);
    const { app, asked } = fakeApi(bodies);
    const source = injectedSource(app, 'liga');
    const first = await source.get('/pages');
    expect(first).toEqual({ status: 200, body: { data: [{ type: 'pages', id: '1' }] } });
    expect(asked[0]).toEqual({ url: '/public/v1/pages?client=liga', ifNoneMatch: undefined });

    const second = await source.get('/pages');
    expect(asked[1].ifNoneMatch).toBe('"a"');
    expect(second.status).toBe(200);
    expect(second.body).toBe(first.body);
    // Renders share it: nothing may change it.
    expect(() => ((second.body.data as { id: string }[])[0].id = '2')).toThrow(TypeError);

    bodies.set('/public/v1/pages', { etag: '"b"', body: { data: [{ type: 'pages', id: '3' }] } });
    const third = await source.get('/pages');
    expect(third.body).toEqual({ data: [{ type: 'pages', id: '3' }] });
  });

  it('keeps no answer that is not a 200 with an entity tag', async () => {
    const { app, asked } = fakeApi(new Map());
    const source = injectedSource(app, 'liga');
    expect((await source.get('/nothing')).status).toBe(404);
    expect((await source.get('/nothing')).status).toBe(404);
    expect(asked.map((a) => a.ifNoneMatch)).toEqual([undefined, undefined]);
  });

  it('keeps no answer of a read that says so (a search), and asks it without a tag', async () => {
    const { app, asked } = fakeApi(new Map([['/public/v1/clubs', { etag: '"c"', body: { data: [] } }]]));
    const source = injectedSource(app, 'liga');
    expect((await source.get('/clubs?filter[q]=lodz', { keep: false })).status).toBe(200);
    expect((await source.get('/clubs?filter[q]=lodz', { keep: false })).status).toBe(200);
    await source.get('/clubs?filter[q]=lodz');
    await source.get('/clubs?filter[q]=lodz');
    expect(asked.map((a) => a.ifNoneMatch)).toEqual([undefined, undefined, undefined, '"c"']);
  });
});
