import { useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Page, siteLocale } from '@umpire/render';
import siteStylesheet from '@umpire/render/site.css?inline';
import { getRuntime } from '../../lib/configuration';
import { imageServiceBase } from '../../lib/images';
import type { JsonApiDocument } from './api';

export const PREVIEW_WIDTHS = [768, 1024, 1280] as const;

/**
 * The owner's document with the title as typed (not saved yet): the page's h1 says what the
 * editor just wrote.
 */
export function withTypedTitle(doc: JsonApiDocument, title: string): JsonApiDocument {
  if (!title.trim()) return doc;
  const attribute = doc.data.type === 'pages' ? 'title' : 'name';
  return { ...doc, data: { ...doc.data, attributes: { ...doc.data.attributes, [attribute]: title } } };
}

/** The language the site's own words take in the preview: the editor's interface language when the site speaks it. */
export function previewLocale(): string {
  return siteLocale(getRuntime().language);
}

/**
 * A document of its own for the site: an iframe whose viewport is the chosen width, so the site's
 * stylesheet (its steps at 768, 1024 and 1280 px) applies as in a fan's browser and neither
 * stylesheet reaches the other. `srcdoc` gives it a standards-mode document; the page is drawn into
 * it through a portal, so it updates with the drafts without reloading.
 */
const SKELETON = (lang: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:0"></body></html>`;

/** Readies a frame's document for the site (its language, the stylesheet, a root, links that go nowhere) and gives the root. */
function prepareFrame(frame: HTMLIFrameElement, lang: string): HTMLElement | null {
  const doc = frame.contentDocument;
  if (!doc?.body) return null;
  doc.documentElement.lang = lang;
  if (!doc.getElementById('umpire-site-css')) {
    const style = doc.createElement('style');
    style.id = 'umpire-site-css';
    style.textContent = siteStylesheet;
    doc.head.appendChild(style);
  }
  let root = doc.getElementById('umpire-site-root');
  if (!root) {
    root = doc.createElement('div');
    root.id = 'umpire-site-root';
    doc.body.appendChild(root);
    // A preview goes nowhere: links and the search form would load the site (or the admin) inside the frame.
    doc.addEventListener('click', (event) => {
      if ((event.target as Element | null)?.closest?.('a[href]')) event.preventDefault();
    });
    doc.addEventListener('submit', (event) => event.preventDefault());
  }
  return root;
}

function useFrameDocument(frame: HTMLIFrameElement | null, lang: string): HTMLElement | null {
  const [mount, setMount] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!frame) return;
    const attach = () => setMount(prepareFrame(frame, lang));
    attach();
    frame.addEventListener('load', attach);
    return () => frame.removeEventListener('load', attach);
  }, [frame, lang]);
  return mount;
}

/** The frame's height follows its content, so the panel can scale the whole page down. */
function useContentHeight(mount: HTMLElement | null): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    if (!mount) return;
    const measure = () => setHeight(Math.ceil(mount.getBoundingClientRect().height));
    measure();
    const Observer = mount.ownerDocument.defaultView?.ResizeObserver ?? (typeof ResizeObserver === 'undefined' ? undefined : ResizeObserver);
    if (!Observer) return;
    const observer = new Observer(measure);
    observer.observe(mount);
    return () => observer.disconnect();
  }, [mount]);
  return height;
}

/**
 * The owner's document as fans will see it at a given width: drawn by the website's own renderers
 * (@umpire/render) with the client's global page elements around it (header, footer, branding),
 * inside a frame of that width.
 */
export function PreviewFrame({ doc, width, title, globals = [] }: { doc: JsonApiDocument; width: number; title: string; globals?: JsonApiDocument[] }) {
  const translate = useTranslate();
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const locale = previewLocale();
  const mount = useFrameDocument(frame, locale);
  const height = useContentHeight(mount);
  const { configuration } = getRuntime();
  return (
    <>
      <iframe
        ref={setFrame}
        srcDoc={SKELETON(locale)}
        title={translate('pageBuilder.preview.frame', { width })}
        data-testid="preview-frame"
        data-width={width}
        width={width}
        style={{ display: 'block', width, height: Math.max(height, 240), border: 0, background: '#fff', boxShadow: '0 1px 3px rgba(0,0,0,0.2)' }}
      />
      {mount &&
        createPortal(
          <Page
            document={withTypedTitle(doc, title)}
            globals={globals}
            locale={locale}
            imageBase={imageServiceBase({ cdnId: configuration.cdn_id, cdnHost: configuration.cdn_host })}
          />,
          mount,
        )}
    </>
  );
}

/** The three widths of spec §9 as a toggle. */
export function WidthToggle({ width, onChange }: { width: number; onChange: (width: number) => void }) {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup exclusive size="small" value={width} onChange={(_, w: number | null) => w && onChange(w)} aria-label={translate('pageBuilder.preview.width')}>
      {PREVIEW_WIDTHS.map((w) => (
        <ToggleButton key={w} value={w} aria-label={translate('pageBuilder.preview.widthValue', { width: w })}>
          {translate('pageBuilder.preview.widthValue', { width: w })}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
