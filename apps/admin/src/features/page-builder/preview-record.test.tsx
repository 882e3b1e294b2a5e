import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CoreAdminContext, type DataProvider } from 'react-admin';
import { setRuntime, type Runtime } from '../../lib/configuration';
import { HttpFailure, type HttpClient } from '../../providers/http-client';
import { createI18nProvider } from '../../providers/i18n-provider';
import { setApiClient } from '../../providers/json-api';
import { loadEnglish } from '../../test/english';
import { useLivePreview } from './live-preview';
import { draftOf, type Draft, type Owner } from './model';
import { PreviewRecordPicker, usePreviewRecord } from './preview-record';

/** A club template's page; clubs 4 and 5 exist, 13 does not (the server answers 404 for it). */
const owner: Owner = { type: 'pages', id: '21', pageKind: 'standard', template: 'club' };
const CLUBS = [
  { id: '4', name: 'Lech Poznań' },
  { id: '5', name: 'Raków Częstochowa' },
];
const dataProvider = {
  getList: async () => ({ data: CLUBS, total: CLUBS.length }),
  getMany: async (_: string, params: { ids: string[] }) => ({ data: CLUBS.filter((c) => params.ids.map(String).includes(c.id)) }),
} as unknown as DataProvider;
const drafts: Draft[] = [draftOf({ id: '1', type: 'components', attributes: { kind: 'club', settings: {} } })];

const previews: string[] = [];
let http: ReturnType<typeof vi.fn>;

beforeAll(async () => {
  await loadEnglish();
  setRuntime({ languages: ['en'], language: 'en', urls: { umpire: '/api/v3' } } as unknown as Runtime);
  http = vi.fn(async (url: string) => {
    if (url.includes('/global_page_elements')) return { status: 200, headers: new Headers(), url, body: { data: [] } };
    previews.push(url);
    const record = new URL(url, 'http://admin').searchParams.get('record');
    if (record === '13')
      throw new HttpFailure(`Http failure response for ${url}: 404 Not Found`, 'http', url, 404, 'Not Found', {
        // As the server answers an id of no record of the kind: no parameter named.
        errors: [{ status: '404', code: 'notFound', title: 'Not found', detail: 'No clubs with id "13".', meta: { key: 'notFound' } }],
      });
    // Without a record the server picks one (club 5 here) and says which.
    const body = { data: { type: 'pages', id: '21', attributes: {}, relationships: { components: { data: [] } } }, included: [], meta: { template: { kind: 'club', record: { type: 'clubs', id: record ?? '5' } } } };
    return { status: 200, headers: new Headers(), url, body };
  });
  setApiClient(http as unknown as HttpClient);
});
afterAll(() => setApiClient(undefined));
afterEach(() => {
  cleanup();
  previews.length = 0;
});

/** The builder's wiring of the picker: the chosen record (kept for the session) goes with every preview request. */
function Harness({ of = owner }: { of?: Owner }) {
  const [record, setRecord] = usePreviewRecord(of);
  const preview = useLivePreview(of, drafts, true, record);
  return <PreviewRecordPicker owner={of} preview={preview} value={record} onChange={setRecord} />;
}

const renderHarness = (of?: Owner) =>
  render(
    <CoreAdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider(['en'])}>
      <Harness of={of} />
    </CoreAdminContext>,
  );

const recordOf = (url: string | undefined) => new URL(url ?? '', 'http://admin').searchParams.get('record');

describe("the record a template's page is previewed with", () => {
  it("asks without a record first and names the club the server picked; a picked club goes as record= and is kept for the session", async () => {
    renderHarness();
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Preview with the club' });
    await screen.findByText('Left empty: the preview shows Raków Częstochowa, picked by the server.');
    expect(previews).toHaveLength(1);
    expect(recordOf(previews[0])).toBeNull();
    expect(screen.getByTestId('preview-record').getAttribute('data-picked')).toBe('5');

    // Picked with the keyboard, as the link pickers are.
    input.focus();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await screen.findByRole('option', { name: 'Lech Poznań' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(recordOf(previews.at(-1))).toBe('4'));
    expect(input.value).toBe('Lech Poznań');
    expect(screen.queryByText(/picked by the server/)).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('umpire.pageBuilder.previewRecord.pages.21') ?? 'null')).toEqual({ type: 'clubs', id: '4' });

    // Back on the page later in the session: the same club, from the first request on.
    cleanup();
    previews.length = 0;
    renderHarness();
    await waitFor(() => expect(previews).toHaveLength(1));
    expect(recordOf(previews[0])).toBe('4');
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Preview with the club' }).value).toBe('Lech Poznań'));

    // Cleared: the server picks again, and the session forgets the choice.
    fireEvent.change(screen.getByRole('combobox', { name: 'Preview with the club' }), { target: { value: '' } });
    await waitFor(() => expect(recordOf(previews.at(-1))).toBeNull());
    expect(sessionStorage.getItem('umpire.pageBuilder.previewRecord.pages.21')).toBeNull();
  });

  it('says beside the picker that a club does not exist when the server answers 404 for the record', async () => {
    sessionStorage.setItem('umpire.pageBuilder.previewRecord.pages.21', JSON.stringify({ type: 'clubs', id: '13' }));
    renderHarness();
    await screen.findByText('There is no such club: pick another or leave the field empty.');
    expect(recordOf(previews[0])).toBe('13');
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Preview with the club' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByText('There is no such club: pick another or leave the field empty.').id);
  });

  it("ignores a choice of another kind, and shows no picker for an index template or an ordinary page", async () => {
    sessionStorage.setItem('umpire.pageBuilder.previewRecord.pages.21', JSON.stringify({ type: 'matches', id: '155' }));
    renderHarness();
    await waitFor(() => expect(previews).toHaveLength(1));
    expect(recordOf(previews[0])).toBeNull();
    cleanup();
    for (const of of [{ ...owner, template: 'news' as const }, { ...owner, template: null }]) {
      previews.length = 0;
      renderHarness(of);
      await waitFor(() => expect(previews).toHaveLength(1));
      expect(recordOf(previews[0])).toBeNull();
      expect(screen.queryByTestId('preview-record')).toBeNull();
      cleanup();
    }
  });
});
