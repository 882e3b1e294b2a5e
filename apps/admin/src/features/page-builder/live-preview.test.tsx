import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { setRuntime, type Runtime } from '../../lib/configuration';
import { HttpFailure, type HttpClient, type HttpRequest } from '../../providers/http-client';
import { setApiClient } from '../../providers/json-api';
import { isRecordRefusal, useLivePreview } from './live-preview';
import { draftOf, newDraft, type Draft, type Owner } from './model';

const owner: Owner = { type: 'pages', id: '7', pageKind: 'standard' };
const text = (id: string, body: string) => draftOf({ id, type: 'components', attributes: { kind: 'text', settings: { format: 'plain', body } } });
let http: ReturnType<typeof vi.fn>;
const calls: { url: string; body: { data: { id?: string; lid?: string; attributes: { settings: { body?: string } } }[] } }[] = [];

beforeAll(() => {
  setRuntime({ languages: ['pl'], language: 'pl', urls: { umpire: '/api/v3' } } as unknown as Runtime);
  http = vi.fn(async (url: string, req?: HttpRequest) => {
    // The global page elements drawn around the page: none here.
    if (url.includes('/global_page_elements')) return { status: 200, headers: new Headers(), url, body: { data: [] } };
    const body = req!.body as (typeof calls)[number]['body'];
    calls.push({ url, body });
    const ids = body.data.map((d) => ({ type: 'components', id: d.id ?? d.lid! }));
    return {
      status: 200,
      headers: new Headers(),
      url,
      body: { data: { type: 'pages', id: '7', attributes: {}, relationships: { components: { data: ids } } }, included: [], meta: { issues: body.data.length > 2 ? { [ids[2].id]: [{}] } : {} } },
    };
  });
  setApiClient(http as unknown as HttpClient);
});
afterAll(() => setApiClient(undefined));

describe('live preview', () => {
  it('asks at once, then once the drafts have rested, with the drafts as they are (new ones by their local id)', async () => {
    const first = [text('1', 'Pierwszy')];
    const { result, rerender } = renderHook(({ drafts }: { drafts: Draft[] }) => useLivePreview(owner, drafts, true), { initialProps: { drafts: first } });
    expect(result.current.updating).toBe(true);
    await waitFor(() => expect(result.current.updating).toBe(false));
    expect(calls).toHaveLength(1);
    // With every include set a standard page offers, and linked records' texts in the editor's language, as the website asks.
    expect(calls[0].url).toBe('/api/v3/pages/7/preview?include=incidents%2Clineups%2Cstandings%2Cstatistics%2Ctickets_match%2Ctickets_season&locale=pl');

    // Typing: three changes in a row are one request, with the last text.
    const added = newDraft('text');
    for (const body of ['D', 'Dr', 'Drugi']) {
      rerender({ drafts: [text('1', body), added, { ...added, key: `${added.key}-b` }] });
      expect(result.current.updating).toBe(true);
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    }
    await waitFor(() => expect(result.current.updating).toBe(false));
    expect(calls).toHaveLength(2);
    expect(calls[1].body.data.map((d) => d.id ?? d.lid)).toEqual(['1', added.key, `${added.key}-b`]);
    expect(calls[1].body.data[0].attributes.settings.body).toBe('Drugi');
    expect(result.current.unfinished).toBe(1);
    expect(result.current.doc?.data.relationships?.components?.data).toHaveLength(3);
  });

  it("asks at once for another record, sent as record= on a template's page only", async () => {
    const template: Owner = { type: 'pages', id: '7', pageKind: 'standard', template: 'match' };
    const drafts = [text('1', 'Szablon')];
    const { result, rerender } = renderHook(({ record }: { record: string | null }) => useLivePreview(template, drafts, true, record), { initialProps: { record: null as string | null } });
    await waitFor(() => expect(result.current.updating).toBe(false));
    expect(calls.at(-1)!.url).not.toContain('record=');
    const before = calls.length;
    rerender({ record: '155' });
    expect(result.current.updating).toBe(true);
    // Not after the rest typing gets (PREVIEW_DELAY_MS): the next turn of the timers.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls).toHaveLength(before + 1);
    expect(new URL(calls.at(-1)!.url, 'http://admin').searchParams.get('record')).toBe('155');
    await waitFor(() => expect(result.current.updating).toBe(false));
    expect(result.current.record).toBe('155');

    // A page that is no template of a kind of record sends none.
    const { result: plain } = renderHook(() => useLivePreview(owner, drafts, true, '155'));
    await waitFor(() => expect(plain.current.updating).toBe(false));
    expect(calls.at(-1)!.url).not.toContain('record=');
  });

  it('tells the refusal of the record asked for from other failures', () => {
    const failure = (status: number, error: Record<string, unknown>) => new HttpFailure(`${status}`, 'http', '/api/v3/pages/7/preview', status, '', { errors: [error] });
    const unknown = failure(404, { code: 'notFound', meta: { key: 'notFound' } });
    expect(isRecordRefusal(unknown, '999')).toBe(true);
    // Nothing was named: the page itself, or no record of the kind to pick.
    expect(isRecordRefusal(unknown, null)).toBe(false);
    expect(isRecordRefusal(failure(400, { code: 'invalidFilterValue', source: { parameter: 'record' } }), '1x')).toBe(true);
    expect(isRecordRefusal(failure(500, { code: 'internalError' }), '999')).toBe(false);
    expect(isRecordRefusal(new Error('offline'), '999')).toBe(false);
  });

  it('asks nothing while it is not shown', async () => {
    const before = calls.length;
    const asked = http.mock.calls.length;
    renderHook(() => useLivePreview(owner, [text('1', 'Ukryty')], false));
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(calls.length).toBe(before);
    // Nor the global page elements.
    expect(http.mock.calls.length).toBe(asked);
  });
});
