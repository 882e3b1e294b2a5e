import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { PassThrough } from 'node:stream';
import { FIXTURES, GLOBALS } from '../test/fixtures';
import { pageMeta, renderPage } from './page';
import { readableBackground, textOn } from './kinds/site';
import type { JsonApiDocument } from './document';

/** Whole demo pages with the global page elements around them, as the website renders them. */
const PAGES = Object.keys(FIXTURES).filter((n) => n.startsWith('page-'));
const headings = (html: string) => [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
const landmarks = (html: string) => [...html.matchAll(/<(header|main|aside|footer)[\s>]/g)].map((m) => m[1]);

describe('a page with its global elements', () => {
  it.each(PAGES)('%s: header, main and footer, one h1, headings in order, every image with an alt', (name) => {
    const doc = FIXTURES[name];
    const locale = name.endsWith('.en') ? 'en' : 'pl';
    const html = renderToString(renderPage(doc, { locale, globals: GLOBALS }));
    expect(html).toMatch(new RegExp(`^(<link [^>]+>)*<div class="u-site" lang="${locale}"`));
    expect(landmarks(html)).toEqual(['header', 'main', 'aside', 'footer']);
    const levels = headings(html);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    // No level skipped on the way down (h2 → h4 would be).
    for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1], `${levels.join(',')}`).toBeLessThanOrEqual(1);
    for (const img of html.match(/<img [^>]*>/g) ?? []) expect(img).toMatch(/ alt="[^"]*"/);
    expect(html).toContain(`>${doc.data && !Array.isArray(doc.data) ? String(doc.data.attributes!.title) : ''}</h1>`);
    // Every component of the page has its section, in the page's order, or is left out on purpose (not on the web).
    const order = [...html.matchAll(/<main[\s\S]*<\/main>/g)][0][0].match(/data-component-id="([^"]+)"/g)!.map((m) => m.slice(19, -1));
    const ids = ((doc.data as any as { relationships: { components: { data: { id: string }[] } } }).relationships.components.data).map((c) => c.id);
    expect(order).toEqual(ids.filter((id) => order.includes(id)));
    expect(order.length).toBeGreaterThan(0);
  });

  it('puts the header element in the header, the footer in the footer, the advertisement below the content, the branding colours on the site', () => {
    const html = renderToString(renderPage(FIXTURES['page-strona-glowna.pl'], { locale: 'pl', globals: GLOBALS }));
    const part = (tag: string) => html.slice(html.indexOf(`<${tag}`), html.indexOf(`</${tag}>`));
    expect(part('header')).toContain('data-kind="page_header"');
    expect(part('header')).toContain('role="search"');
    expect(part('footer')).toContain('data-kind="page_footer"');
    expect(part('footer')).toContain('© Ekstraklasa S.A.');
    expect(part('aside')).toContain('data-kind="advertisement"');
    expect(part('main')).not.toContain('data-kind="page_header"');
    expect(html).toMatch(/<div class="u-site" lang="pl" style="--u-primary:#0b2340;--u-on-primary:#ffffff;--u-secondary:#b00c26;--u-on-secondary:#ffffff"/);
    expect(html).toContain('<a class="u-skip" href="#u-main">Przejdź do treści</a>');
    // The home page opens with a hero: its h1 is for screen readers, the hero's title is the one seen.
    expect(html).toContain('<h1 class="u-visually-hidden">Strona główna</h1>');
  });

  it('writes its own words in English for an English reader', () => {
    const html = renderToString(renderPage(FIXTURES['page-wideo.en'], { locale: 'en', globals: GLOBALS }));
    expect(html).toContain('lang="en"');
    expect(html).toContain('Skip to content');
    expect(html).toContain('League studio');
    expect(html).not.toContain('Przejdź do treści');
  });

  it('draws a global element (its preview) inside the chrome, with a placeholder where pages go', () => {
    const header = GLOBALS.find((g) => (g.data as any as { attributes: { slug: string } }).attributes.slug === 'naglowek')!;
    const draft: JsonApiDocument = JSON.parse(JSON.stringify(header));
    const headerComponent = draft.included!.find((c) => c.attributes!.kind === 'page_header')!;
    (headerComponent.attributes!.settings as Record<string, unknown>).title = 'Nowa nazwa ligi';
    const html = renderToString(renderPage(draft, { locale: 'pl', globals: GLOBALS }));
    expect(html).toContain('Nowa nazwa ligi');
    expect(html).not.toContain('>PKO BP Ekstraklasa</span></a><form');
    expect(html).toContain('Tu pojawi się treść strony.');
    expect(html.match(/data-kind="page_header"/g)).toHaveLength(1);
  });

  it('works without global elements, and with a document that is nothing like a page', () => {
    const html = renderToString(renderPage(FIXTURES['page-aktualnosci.pl'], { locale: 'pl' }));
    expect(landmarks(html)).toEqual(['main']);
    for (const junk of [{}, { data: null }, { data: [] }, { data: { type: 'pages', id: '1' } }, { data: { type: 'pages', id: '1', relationships: { components: { data: [{ type: 'components', id: '404' }] } } } }])
      expect(() => renderToString(renderPage(junk as JsonApiDocument, { locale: 'pl', globals: [null, {}, { data: 5 } as never] }))).not.toThrow();
    expect(renderToString(renderPage({ data: { type: 'pages', id: '1', attributes: { title: 'Pusta' } } }, { locale: 'en' }))).toContain('This page has no components yet.');
  });

  it('streams from a server as renderToPipeableStream does', async () => {
    const html = await new Promise<string>((resolve, reject) => {
      const out = new PassThrough();
      let text = '';
      out.on('data', (chunk: Buffer) => (text += chunk.toString()));
      out.on('end', () => resolve(text));
      const stream = renderToPipeableStream(renderPage(FIXTURES['page-kluby-rcz.pl'], { locale: 'pl', globals: GLOBALS }), {
        onAllReady: () => stream.pipe(out),
        onError: reject,
      });
    });
    expect(html).toContain('Raków Częstochowa');
    expect(html).toContain('<h3>Bramkarze</h3>');
  });

  it('gives the title and description for the head', () => {
    expect(pageMeta(FIXTURES['page-strona-glowna.pl'])).toEqual({ title: 'Strona główna', description: 'Terminarz, wyniki, tabela i wiadomości PKO BP Ekstraklasy.' });
  });

  it('ships one stylesheet with the steps of 768, 1024 and 1280 px, scoped to the site', () => {
    const css = readFileSync(new URL('./site.css', import.meta.url), 'utf8');
    for (const width of [768, 1024, 1280]) expect(css).toContain(`@media (min-width: ${width}px)`);
    // Every rule starts from a class of the package (nothing styles a host page's own elements).
    const selectors = css
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/@media[^{]+\{/g, '')
      .split('}')
      .map((block) => block.split('{')[0].trim())
      .filter((s) => s && !s.startsWith('@') && !/^(from|to|\d+%)$/.test(s));
    for (const selector of selectors.flatMap((s) => s.split(',').map((x) => x.trim()))) expect(selector, selector).toMatch(/^\.u-/);
  });
});

describe('brand colours', () => {
  const luminance = (hex: string) =>
    [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const contrast = (a: string, b: string) => {
    const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
    return (x + 0.05) / (y + 0.05);
  };

  it('keeps a colour its text reads on at 7:1, and darkens or lightens one it does not, keeping its hue', () => {
    expect(readableBackground('#0b2340')).toBe('#0b2340');
    for (const colour of ['#c8102e', '#e30613', '#ffd200', '#00a650', '#777777', '#1e90ff']) {
      const readable = readableBackground(colour);
      expect(contrast(readable, textOn(readable)), `${colour} → ${readable}`).toBeGreaterThanOrEqual(7);
    }
    // The league's red stays red: its strongest channel is still red.
    const red = readableBackground('#c8102e');
    expect(parseInt(red.slice(1, 3), 16)).toBeGreaterThan(parseInt(red.slice(3, 5), 16) * 4);
  });
});
