import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../error-messages';
import { kindsForArea } from './component-kinds';
import { menuAsDelivered, menuForReaders, menuItemsIn, menuPageIds, MENU_MAX_ITEMS } from './menu';
import { validateComponent, type ComponentIssue } from './validate-component';

const header = { owner: 'global_page_element' as const, area: 'header_footer' as const };
const check = (items: unknown) => validateComponent({ kind: 'main_menu', settings: { items } }, header);
const keys = (issues: ComponentIssue[]) => issues.map((i) => `${i.pointer.replace('/data/attributes/settings/', '')}:${i.key}`);

describe('the main menu (main_menu)', () => {
  it('lives in the header-and-footer global element only', () => {
    expect(kindsForArea('header_footer')).toContain('main_menu');
    expect(kindsForArea('elements_below_content')).not.toContain('main_menu');
    expect(keys(validateComponent({ kind: 'main_menu', settings: { items: [{ label_pl: 'Start', page_id: '1' }] } }, { owner: 'page', pageKind: 'standard' }))).toEqual([
      '/data/attributes/kind:componentKindNotAllowed',
    ]);
  });

  it('accepts pages, https addresses, labels per language and one level of sub-items', () => {
    expect(
      check([
        { label_pl: 'Start', label_en: 'Home', page_id: '1' },
        { label_pl: 'Sklep', url: 'https://sklep.example.org/' },
        { label_en: 'Only in English', page_id: '2' },
        { label_pl: 'Rozgrywki', label_en: 'Competition', page_id: '3', children: [{ label_pl: 'Tabela', label_en: 'Table', page_id: '4' }] },
      ]),
    ).toEqual([]);
  });

  it('needs at least one item and at most a sane number', () => {
    expect(keys(check([]))).toEqual(['items:atLeastOneItemRequired']);
    const many = Array.from({ length: MENU_MAX_ITEMS + 1 }, (_, i) => ({ label_pl: `P${i}`, page_id: String(i + 1) }));
    expect(check(many)).toEqual([{ pointer: '/data/attributes/settings/items', field: 'items', key: 'tooManyItems', params: { max: MENU_MAX_ITEMS } }]);
  });

  it('needs a label in at least one language, not blank and not too long', () => {
    expect(keys(check([{ page_id: '1' }]))).toEqual(['items/0/label_pl:menuLabelRequired']);
    expect(keys(check([{ label_pl: '   ', page_id: '1' }]))).toEqual(['items/0/label_pl:whitespace']);
    expect(keys(check([{ label_en: 'x'.repeat(61), page_id: '1' }]))).toEqual(['items/0/label_en:maxLength']);
  });

  it('leads to a page or an https address, exactly one of them', () => {
    expect(keys(check([{ label_pl: 'Nigdzie' }]))).toEqual(['items/0/url:menuItemTarget']);
    expect(keys(check([{ label_pl: 'Oba', page_id: '1', url: 'https://example.org' }]))).toEqual(['items/0/url:menuItemTarget']);
    expect(keys(check([{ label_pl: 'HTTP', url: 'http://example.org' }]))).toEqual(['items/0/url:httpsUrlRequired']);
    expect(keys(check([{ label_pl: 'JS', url: 'javascript:alert(1)' }]))).toEqual(['items/0/url:httpsUrlRequired']);
    expect(keys(check([{ label_pl: 'Zła strona', page_id: 'abc' }]))).toEqual(['items/0/page_id:notFound']);
    expect(keys(check([{ label_pl: 'Zła strona', page_id: 7 }]))).toEqual(['items/0/page_id:invalidType']);
  });

  it('checks sub-items like items, and refuses a second level', () => {
    expect(keys(check([{ label_pl: 'A', page_id: '1', children: [{ label_en: 'B', url: 'http://example.org' }] }]))).toEqual(['items/0/children/0/url:httpsUrlRequired']);
    expect(keys(check([{ label_pl: 'A', page_id: '1', children: [{ label_pl: 'B', page_id: '2', children: [{ label_pl: 'C', page_id: '3' }] }] }]))).toEqual([
      'items/0/children/0/children:menuTooDeep',
    ]);
    expect(keys(check([{ label_pl: 'A', page_id: '1', extra: true }]))).toEqual(['items/0/extra:unknownAttribute']);
  });

  it('has a message in Polish and English for each of its keys', () => {
    for (const key of ['menuLabelRequired', 'menuItemTarget', 'httpsUrlRequired', 'menuTooDeep', 'tooManyItems'] as const) {
      expect(ERROR_MESSAGES[key].pl, key).toBeTruthy();
      expect(ERROR_MESSAGES[key].en, key).toBeTruthy();
    }
  });
});

describe('the menu as readers get it', () => {
  const settings = {
    items: [
      { label_pl: 'Start', page_id: '1' },
      { label_pl: 'Szkic', label_en: 'Draft', page_id: '9', children: [{ label_pl: 'Pod szkicem', page_id: '1' }] },
      { label_pl: 'Sklep', url: 'https://sklep.example.org/', children: [{ label_pl: 'Tabela', page_id: '4' }, { label_pl: 'Tajne', page_id: '9' }] },
    ],
  };

  it('names every page it leads to', () => {
    expect(menuPageIds(settings).sort()).toEqual(['1', '4', '9']);
  });

  it('drops items leading to pages readers may not see, with their sub-items, and gives the others their slug', () => {
    const out = menuForReaders(settings, new Map([['1', 'strona-glowna'], ['4', 'tabela']]));
    expect(out).toEqual({
      items: [
        { label_pl: 'Start', page_id: '1', page_slug: 'strona-glowna' },
        { label_pl: 'Sklep', url: 'https://sklep.example.org/', children: [{ label_pl: 'Tabela', page_id: '4', page_slug: 'tabela' }] },
      ],
    });
    expect(JSON.stringify(out)).not.toMatch(/Szkic|Tajne|"9"/);
  });

  it('lets no public answer hold an item naming a page without the slug resolved for readers', () => {
    expect(menuAsDelivered(settings)).toEqual({ items: [{ label_pl: 'Sklep', url: 'https://sklep.example.org/', children: [] }] });
    const resolved = menuForReaders(settings, new Map([['1', 'strona-glowna']]));
    expect(menuAsDelivered(resolved)).toEqual(resolved);
  });

  it('shows in a language only the items labelled in it', () => {
    const items = [{ label_pl: 'Tylko po polsku', page_id: '1' }, { label_pl: 'Kluby', label_en: 'Clubs', page_id: '2', children: [{ label_en: 'Only English', page_id: '3' }] }];
    expect(menuItemsIn({ items }, 'en').map((i) => i.label_en)).toEqual(['Clubs']);
    expect(menuItemsIn({ items }, 'en')[0]?.children?.map((i) => i.label_en)).toEqual(['Only English']);
    expect(menuItemsIn({ items }, 'pl').map((i) => i.label_pl)).toEqual(['Tylko po polsku', 'Kluby']);
    expect(menuItemsIn({ items }, 'pl')[1]?.children).toEqual([]);
  });
});
