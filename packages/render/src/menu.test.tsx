import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { FIXTURES, GLOBALS } from '../test/fixtures';
import { createRenderContext, type RenderOptions } from './context';
import type { ResourceObject } from './document';
import { ComponentView, renderPage } from './page';

/** The site's main navigation (main_menu): its markup, the current page, sub-items, languages. */
const decode = (html: string) => html.replace(/<!-- -->/g, '').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
const menu = (items: unknown[]): ResourceObject => ({ type: 'components', id: '7', attributes: { kind: 'main_menu', settings: { items } } });
const ITEMS = [
  { label_pl: 'Strona główna', label_en: 'Home', page_id: '1', page_slug: 'strona-glowna' },
  { label_pl: 'Aktualności', label_en: 'News', page_id: '4', page_slug: 'aktualnosci' },
  { label_pl: 'Tylko po polsku', page_id: '5', page_slug: 'po-polsku' },
  {
    label_pl: 'O lidze',
    label_en: 'About the league',
    url: 'https://liga.example.org/',
    children: [
      { label_pl: 'Tabela', label_en: 'Table', page_id: '6', page_slug: 'tabela' },
      { label_pl: 'Bilety', label_en: 'Tickets', url: 'https://bilety.example.org/' },
    ],
  },
];
function draw(items: unknown[], options: Partial<RenderOptions> & { current?: string } = {}) {
  const ctx = { ...createRenderContext({ locale: 'pl', ...options }, { data: null }), current: options.current };
  return decode(renderToString(<ComponentView component={menu(items)} ctx={ctx} />));
}

describe('the main menu', () => {
  it('is a navigation landmark named in the page language, holding a list of links', () => {
    const html = draw(ITEMS);
    expect(html).toContain('<nav class="u-nav" aria-label="Menu główne" data-menu="">');
    expect(html).toContain('<ul class="u-nav-list" id="u-nav-7-list">');
    expect(html.match(/<li class="u-nav-item[^"]*">/g)).toHaveLength(6);
    expect(html).toContain('<a class="u-nav-link" href="/strona-glowna">Strona główna</a>');
    expect(html).toContain('<a class="u-nav-link" href="https://liga.example.org/">O lidze</a>');
    expect(draw(ITEMS, { locale: 'en' })).toContain('aria-label="Main menu"');
  });

  it('marks the link to the page shown with aria-current="page", and no other', () => {
    const html = draw(ITEMS, { current: '/aktualnosci' });
    expect(html.match(/aria-current/g)).toHaveLength(1);
    expect(html).toContain('<a class="u-nav-link" href="/aktualnosci" aria-current="page">Aktualności</a>');
    expect(draw(ITEMS, { current: '/tabela' })).toContain('href="/tabela" aria-current="page">Tabela</a>');
    expect(draw(ITEMS)).not.toContain('aria-current');
  });

  it('lists sub-items under their item, reachable without a script, with a disclosure button the script shows', () => {
    const html = draw(ITEMS);
    expect(html).toContain(
      '<li class="u-nav-item u-nav-item--parent"><a class="u-nav-link" href="https://liga.example.org/">O lidze</a>' +
        '<button type="button" class="u-nav-sub-toggle" aria-expanded="false" aria-controls="u-nav-7-sub-3" hidden=""><span class="u-visually-hidden">O lidze, podmenu</span></button>' +
        '<ul class="u-nav-sub" id="u-nav-7-sub-3"><li class="u-nav-item"><a class="u-nav-link" href="/tabela">Tabela</a></li>',
    );
    expect(html).toContain('<button type="button" class="u-nav-toggle" aria-expanded="false" aria-controls="u-nav-7-list" hidden="">Menu</button>');
    // An item without sub-items has no button.
    expect(html.match(/u-nav-sub-toggle/g)).toHaveLength(1);
  });

  it('shows in each language the items labelled in it', () => {
    const en = draw(ITEMS, { locale: 'en' });
    expect(en).toContain('>Home</a>');
    expect(en).toContain('>Tickets</a>');
    expect(en).not.toContain('Tylko po polsku');
    expect(en).not.toContain('Strona główna');
    expect(draw(ITEMS)).toContain('>Tylko po polsku</a>');
  });

  it('follows the site\'s own addresses for pages', () => {
    const html = draw(ITEMS, { locale: 'en', hrefs: { page: (slug) => (slug === 'strona-glowna' ? '/site/en/' : `/site/en/${slug}`) }, current: '/site/en/' });
    expect(html).toContain('<a class="u-nav-link" href="/site/en/" aria-current="page">Home</a>');
    expect(html).toContain('href="/site/en/aktualnosci"');
  });

  it('leaves out items it cannot lead anywhere, and never writes an unsafe address', () => {
    const html = draw([
      { label_pl: 'Szkic', page_id: '9' },
      { label_pl: 'Zły', url: 'javascript:alert(1)' },
      { label_pl: 'HTTP', url: 'http://example.org' },
      { label_pl: 'Dobry', url: 'https://example.org', children: [{ label_pl: 'Też szkic', page_id: '10' }] },
    ]);
    expect(html).not.toContain('Szkic');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('HTTP');
    expect(html).not.toContain('u-nav-sub');
    expect(html).toContain('>Dobry</a>');
    expect(draw([])).toBe('');
    expect(draw([{ label_pl: 'Szkic', page_id: '9' }])).toBe('');
  });

  it('is drawn in the site header, marking the page shown', () => {
    const html = decode(renderToString(renderPage(FIXTURES['page-aktualnosci.pl'], { locale: 'pl', globals: GLOBALS })));
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    expect(header).toContain('data-kind="main_menu"');
    expect(header).toContain('<a class="u-nav-link" href="/aktualnosci" aria-current="page">Aktualności</a>');
    expect(header.match(/aria-current/g)).toHaveLength(1);
  });
});
