import { describe, expect, it } from 'vitest';
import type { JsonApiDocument } from './api';
import { previewComponents, resolveLinks } from './preview-frame';

const doc: JsonApiDocument = {
  data: { id: '1', type: 'pages', attributes: { title: 'Strona' }, relationships: { components: { data: [{ type: 'components', id: '11' }, { type: 'components', id: '10' }] } } },
  included: [
    { id: '10', type: 'components', attributes: { kind: 'text', index: 1 }, relationships: { page: { data: { type: 'pages', id: '1' } } } },
    {
      id: '11',
      type: 'components',
      attributes: { kind: 'club_list', index: 0 },
      relationships: { clubs: { data: [{ type: 'clubs', id: '3' }, { type: 'clubs', id: '4' }, { type: 'clubs', id: '404' }] }, competition_season: { data: null }, page: { data: { type: 'pages', id: '1' } } },
    },
    { id: '3', type: 'clubs', attributes: { name: 'Legia' }, relationships: { image: { data: { type: 'images', id: '7' } } } },
    { id: '4', type: 'clubs', attributes: { name: 'Lech' } },
    { id: '7', type: 'images', attributes: { path: 'herby/legia.png' } },
  ],
};

describe('preview document', () => {
  it('lists the components in the order of the owner, with their linked records resolved', () => {
    const { components, included } = previewComponents(doc);
    expect(components.map((c) => c.id)).toEqual(['11', '10']);
    const links = resolveLinks(components[0], included);
    // Unresolved ids and the owner link are left out; empty links are not shown.
    expect(links.map((l) => [l.name, l.records.map((r) => r.attributes.name)])).toEqual([['clubs', ['Legia', 'Lech']]]);
    expect(resolveLinks(components[1], included)).toEqual([]);
  });

  it('copes with a document without components', () => {
    expect(previewComponents({ data: { id: '1', type: 'global_page_elements', attributes: {} } }).components).toEqual([]);
  });
});
