import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CoreAdminContext, type DataProvider } from 'react-admin';
import { createI18nProvider } from '../../providers/i18n-provider';
import { loadEnglish } from '../../test/english';
import { FieldEditor } from './field-editors';
import { fieldsOf, issuesByField, summaryOf, validateDraft, type CardIssues } from './model';

/** The main menu's editor, drawn from its declaration: items with their labels, page or address, sub-items. */
const PAGES = [
  { id: '1', title: 'Strona główna', slug: 'strona-glowna', status: 'published' },
  { id: '4', title: 'Aktualności', slug: 'aktualnosci', status: 'published' },
  { id: '9', title: 'Transfery', slug: 'transfery', status: 'draft' },
];
const dataProvider = {
  getList: async (resource: string) => (resource === 'pages' ? { data: PAGES, total: PAGES.length } : { data: [], total: 0 }),
  getMany: async () => ({ data: [] }),
} as unknown as DataProvider;

function renderItems(value: unknown, issues: CardIssues = {}, onChange = vi.fn()) {
  const field = fieldsOf('main_menu').find((f) => f.name === 'items')!;
  render(
    <CoreAdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider(['en'])}>
      <FieldEditor idPrefix="c1" kind="main_menu" field={field} value={value} parent={{}} onChange={onChange} issues={issues} path="settings.items" />
    </CoreAdminContext>,
  );
  return onChange;
}

describe('the main menu in the page builder', () => {
  beforeAll(loadEnglish);
  afterEach(cleanup);

  it('edits items with a label per language, a page or an address, and one level of sub-items', () => {
    const [items] = fieldsOf('main_menu');
    expect(items.widget).toBe('list');
    expect(items.item!.map((f) => [f.name, f.widget])).toEqual([
      ['label_pl', 'text'],
      ['label_en', 'text'],
      ['page_id', 'page'],
      ['url', 'url'],
      ['children', 'list'],
    ]);
    // Sub-items have no sub-items of their own to edit.
    expect(items.item!.find((f) => f.name === 'children')!.item!.map((f) => f.name)).toEqual(['label_pl', 'label_en', 'page_id', 'url']);
  });

  it('offers the league\'s pages, drafts marked, and adds, moves and removes items', async () => {
    const value = [{ label_pl: 'Start', page_id: '1' }, { label_pl: 'Sklep', url: 'https://sklep.example.org/' }];
    const onChange = renderItems(value);
    // The first item's page shows by its title once the pages are read.
    await waitFor(() => expect(screen.getAllByRole('combobox', { name: 'Page' })[0].textContent).toBe('Strona główna (/strona-glowna)'));
    fireEvent.mouseDown(screen.getAllByRole('combobox', { name: 'Page' })[1]);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['None', 'Strona główna (/strona-glowna)', 'Aktualności (/aktualnosci)', 'Transfery (/transfery) · draft']);
    fireEvent.click(options[2]);
    expect(onChange).toHaveBeenLastCalledWith([value[0], { ...value[1], page_id: '4' }]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Move item 2 up' })[0]);
    expect(onChange).toHaveBeenLastCalledWith([value[1], value[0]]);
    fireEvent.click(screen.getByRole('button', { name: 'Add to: Menu items' }));
    expect(onChange).toHaveBeenLastCalledWith([...value, {}]);
    fireEvent.click(within(screen.getByTestId('list-item-settings.items-0')).getByRole('button', { name: 'Add to: Sub-items' }));
    expect(onChange).toHaveBeenLastCalledWith([{ ...value[0], children: [{}] }, value[1]]);
  });

  it('shows the shared validator\'s messages on their fields, sub-items too', async () => {
    const draft = { key: 'k', kind: 'main_menu', settings: { items: [{ page_id: '1' }, { label_pl: 'Liga', url: 'http://liga.example.org', children: [{ label_en: 'Both', page_id: '4', url: 'https://a.example.org' }] }] }, links: {}, saved: null };
    const issues = issuesByField(validateDraft(draft as never, { type: 'global_page_elements', id: '1', area: 'header_footer' }));
    expect(Object.fromEntries(Object.entries(issues).map(([path, i]) => [path, i.key]))).toEqual({
      'settings.items.0.label_pl': 'menuLabelRequired',
      'settings.items.1.url': 'httpsUrlRequired',
      'settings.items.1.children.0.url': 'menuItemTarget',
    });
    renderItems(draft.settings.items, issues);
    await waitFor(() => expect(screen.getByText('Give the item a label in at least one language')).toBeTruthy());
    expect(screen.getByText('Must be an https address (https://…)')).toBeTruthy();
    expect(screen.getByText('Choose a page or give an https address: one of them, not both')).toBeTruthy();
  });

  it('sums a menu up by its labels', () => {
    expect(summaryOf({ settings: { items: [{ label_pl: 'Start' }, { label_en: 'News' }] } })).toBe('Start · News');
  });
});
