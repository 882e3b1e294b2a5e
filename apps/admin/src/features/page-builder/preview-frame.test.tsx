import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { I18nContextProvider } from 'react-admin';
import { setRuntime, type Runtime } from '../../lib/configuration';
import { createI18nProvider } from '../../providers/i18n-provider';
import { loadEnglish } from '../../test/english';
import type { JsonApiDocument } from './api';
import { PreviewFrame, withTypedTitle } from './preview-frame';

/** The demo's real documents, as the site's renderers' tests use them (packages/render/test/fixtures). */
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../../../../packages/render/test/fixtures');
const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as JsonApiDocument;
const globals = ['global-naglowek', 'global-stopka', 'global-marka', 'global-pod-trescia'].map(fixture);

function draw(doc: JsonApiDocument, title = '', width = 768) {
  const view = render(
    <I18nContextProvider value={createI18nProvider(['en'])}>
      <PreviewFrame doc={doc} width={width} title={title} globals={globals} />
    </I18nContextProvider>,
  );
  const frame = view.getByTestId('preview-frame') as HTMLIFrameElement;
  const site = () => frame.contentDocument!.querySelector('.u-site');
  return { frame, site, view };
}

describe('the preview frame', () => {
  beforeAll(async () => {
    await loadEnglish();
    setRuntime({ languages: ['en'], language: 'en', configuration: { cdn_id: 'umpire', cdn_host: 'localhost:8080/img' } } as unknown as Runtime);
  });
  afterEach(cleanup);

  it('draws the page with the site renderers in a frame of the chosen width, inside the header and footer', async () => {
    const { frame, site } = draw(fixture('page-kluby-rcz.pl'), '', 1024);
    expect(frame.getAttribute('data-width')).toBe('1024');
    expect(frame.getAttribute('title')).toBe('Page at 1024 px');
    await waitFor(() => expect(site()).not.toBeNull());
    const doc = frame.contentDocument!;
    expect(doc.documentElement.lang).toBe('en');
    // The site's own stylesheet is in the frame, not in the admin.
    expect(doc.getElementById('umpire-site-css')?.textContent).toContain('@media (min-width: 1024px)');
    expect(document.getElementById('umpire-site-css')).toBeNull();
    expect(doc.querySelector('header [data-kind="page_header"]')).not.toBeNull();
    expect(doc.querySelector('footer [data-kind="page_footer"]')?.textContent).toContain('© Ekstraklasa S.A.');
    expect(doc.querySelector('h1')?.textContent).toBe('Raków Częstochowa');
    expect([...doc.querySelectorAll('main [data-kind]')].map((c) => c.getAttribute('data-kind'))).toEqual(['club', 'squad', 'match_list', 'text']);
    expect(doc.querySelector('[data-kind="squad"] h3')?.textContent).toBe('Goalkeepers');
    // Pictures come from the image service of the client's configuration.
    expect(doc.querySelector('[data-kind="club"] img')?.getAttribute('src')).toMatch(/^http:\/\/umpire\.localhost:8080\/img\/fit-in\/160x160\/filters:format\(webp\)\//);
  });

  it('heads the page with the title as typed, and goes nowhere when a link is clicked', async () => {
    const { frame, site } = draw(fixture('page-aktualnosci.pl'), 'Wiadomości (szkic)');
    await waitFor(() => expect(site()).not.toBeNull());
    const doc = frame.contentDocument!;
    expect(doc.querySelector('h1')?.textContent).toBe('Wiadomości (szkic)');
    const link = doc.querySelector('a[href]')!;
    const click = new (doc.defaultView as Window & typeof globalThis).MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
  });

  it("shows a global element's drafts in place of its stored copy", async () => {
    const header: JsonApiDocument = JSON.parse(JSON.stringify(fixture('global-naglowek')));
    const component = header.included!.find((c) => c.attributes.kind === 'page_header')!;
    (component.attributes.settings as Record<string, unknown>).title = 'Liga (szkic)';
    const { frame, site } = draw(header);
    await waitFor(() => expect(site()).not.toBeNull());
    const doc = frame.contentDocument!;
    expect(doc.querySelectorAll('[data-kind="page_header"]')).toHaveLength(1);
    expect(doc.querySelector('.u-brand-name')?.textContent).toBe('Liga (szkic)');
    expect(doc.querySelector('main')?.textContent).toContain('The page content appears here.');
  });

  it('keeps the document as it is when no title is typed', () => {
    const doc = fixture('page-aktualnosci.pl');
    expect(withTypedTitle(doc, '  ')).toBe(doc);
    expect(withTypedTitle(fixture('global-stopka'), 'Stopka 2').data.attributes.name).toBe('Stopka 2');
  });
});
