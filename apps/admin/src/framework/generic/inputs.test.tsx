import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CoreAdminContext, Form, RecordContextProvider, ResourceContextProvider, type DataProvider } from 'react-admin';
import { createI18nProvider } from '../../providers/i18n-provider';
import { loadEnglish } from '../../test/english';
import { resourceDef } from '../definitions';
import { AttributeField } from './fields';
import { ResourceFields } from './resource-form';

/** A page type's form and list, drawn from its declaration: its template kind is an optional choice with a help text. */
const dataProvider = {
  getList: async () => ({ data: [], total: 0 }),
  getMany: async () => ({ data: [] }),
} as unknown as DataProvider;
const pageTypes = resourceDef('page_types')!;

function renderForm(record: Record<string, unknown>, onSubmit = vi.fn()) {
  render(
    <CoreAdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider(['en'])}>
      <ResourceContextProvider value="page_types">
        <Form record={record} onSubmit={onSubmit}>
          <ResourceFields def={pageTypes} />
          <button type="submit">submit</button>
        </Form>
      </ResourceContextProvider>
    </CoreAdminContext>,
  );
  return onSubmit;
}

describe("a page type's template", () => {
  beforeAll(loadEnglish);
  afterEach(cleanup);

  it('is picked from "None" and the six kinds, with a help text saying what a template is', async () => {
    const onSubmit = renderForm({ id: '3', name: 'Mecz', kind: 'standard', visibility: ['web'], template_kind: null });
    const select = screen.getByRole('combobox', { name: 'Template' });
    const help = screen.getByText(/A template is one page designed once and shown for every match, club, player or table, each at its own address/);
    expect(select.getAttribute('aria-describedby')).toContain(help.closest('[id]')!.id);
    fireEvent.mouseDown(select);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['None', 'Match template', 'Club template', 'Player template', 'Table template', 'Fixtures', 'News']);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Match template' }));
    fireEvent.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ template_kind: 'match' });
  });

  it('shows in the list by its name, and not at all when the type is no template', () => {
    const attr = pageTypes.attributes.find((a) => a.name === 'template_kind')!;
    expect(attr).toMatchObject({ list: true, required: false });
    const cell = (template_kind: string | null) => (
      <CoreAdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider(['en'])}>
        <ResourceContextProvider value="page_types">
          <RecordContextProvider value={{ id: '3', template_kind }}>
            <span data-testid="cell">
              <AttributeField attr={attr} />
            </span>
          </RecordContextProvider>
        </ResourceContextProvider>
      </CoreAdminContext>
    );
    const { rerender } = render(cell('competition_season'));
    expect(screen.getByTestId('cell').textContent).toBe('Table template');
    rerender(cell(null));
    expect(screen.getByTestId('cell').textContent).toBe('');
  });
});
