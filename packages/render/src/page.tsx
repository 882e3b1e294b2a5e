import type { ReactElement, ReactNode } from 'react';
import { componentsOf, isResource, kindOf, primaryRecords, settingsOf, text, type JsonApiDocument, type ResourceObject } from './document';
import { createRenderContext, type RenderContext, type RenderOptions } from './context';
import { rendererOf } from './registry';
import { brandColours } from './kinds/site';

/**
 * A page as fans see it: the global page elements around it (branding, header, footer, what goes
 * below the content) and its components in order, each drawn by its kind's renderer. The same
 * element is server-rendered by the website and drawn by the builder's live preview.
 */
export interface PageProps extends RenderOptions {
  /**
   * The page's document (`/current_page`, or the builder's preview of a page or of a global
   * element with its drafts).
   */
  document: JsonApiDocument;
  /**
   * Documents of the client's global page elements (each as `/global_page_elements/{id}/preview`
   * answers, or several in one collection); those in the page document's `included` are used too.
   * An element the page document itself is (a global element's preview) replaces its stored copy.
   */
  globals?: (JsonApiDocument | null | undefined)[];
  /**
   * What the page's main area shows instead of its components, under its title (the site's own
   * pages that are not the page builder's: search), drawn with the page's context.
   */
  content?: (ctx: RenderContext) => ReactNode;
  /** What the main area shows under the title before the components (an index's filters). */
  lead?: (ctx: RenderContext) => ReactNode;
  /** What it shows after them (an index's pages). */
  trail?: (ctx: RenderContext) => ReactNode;
}

/** Kinds that open a page with their own big title: the page's h1 is then for screen readers only. */
const HERO_KINDS = new Set(['hero_main', 'hero_thematic', 'ott_hero_main']);

/** Whether a component is shown on the website (its `platforms`, when it has them, include `web`). */
export function shownOnWeb(component: ResourceObject): boolean {
  const platforms = settingsOf(component).platforms;
  return !Array.isArray(platforms) || platforms.includes('web');
}

/**
 * One component in its section, drawn by its kind's renderer; nothing for an unknown kind, a
 * component not shown on the web, or one whose renderer has nothing to show.
 */
export function ComponentView({ component, ctx }: { component: ResourceObject; ctx: RenderContext }): ReactElement | null {
  const kind = kindOf(component);
  const renderer = rendererOf(kind);
  if (!renderer || !shownOnWeb(component)) return null;
  let content: ReactNode;
  try {
    // Renderers are plain functions (no hooks): called here, so a document too broken to draw loses
    // its component, not the page.
    content = renderer({ component, ctx });
  } catch (error) {
    console.error(`umpire/render: component ${component.id} (${kind}) could not be drawn`, error);
    content = null;
  }
  if (content === null || content === undefined || content === false) return null;
  return (
    <section className={`u-c u-c--${kind}`} data-kind={kind} data-component-id={component.id}>
      {content}
    </section>
  );
}

function Components({ owner, ctx }: { owner: ResourceObject | undefined; ctx: RenderContext }) {
  return (
    <>
      {componentsOf(owner, ctx.resolve).map((c) => (
        <ComponentView key={c.id} component={c} ctx={ctx} />
      ))}
    </>
  );
}

interface Chrome {
  branding: ResourceObject[];
  header: ResourceObject[];
  footer: ResourceObject[];
  below: ResourceObject[];
}

/** The global elements by where they go: a header-and-footer element holding a footer is the footer, any other the header. */
function chromeOf(elements: ResourceObject[], ctx: RenderContext): Chrome {
  const chrome: Chrome = { branding: [], header: [], footer: [], below: [] };
  for (const element of elements) {
    const area = text(element, 'area');
    if (area === 'branding') chrome.branding.push(element);
    else if (area === 'elements_below_content') chrome.below.push(element);
    else if (area === 'header_footer') {
      const kinds = componentsOf(element, ctx.resolve).map(kindOf);
      (kinds.includes('page_footer') && !kinds.includes('page_header') ? chrome.footer : chrome.header).push(element);
    }
  }
  return chrome;
}

/** The page's own title and description for the document head (SEO title first). */
export function pageMeta(document: JsonApiDocument): { title: string; description: string } {
  const [page] = primaryRecords(document);
  return {
    title: text(page, 'seo_title') || text(page, 'title') || text(page, 'name'),
    description: text(page, 'seo_description'),
  };
}

export function Page({ document, globals = [], content, lead, trail, ...options }: PageProps) {
  const [owner] = primaryRecords(document);
  const isPage = owner?.type === 'pages';
  const base = createRenderContext(options, document, ...globals);
  const ctx: RenderContext = isPage && text(owner, 'slug') ? { ...base, current: base.hrefs.page(text(owner, 'slug')) } : base;
  // Every global element, once: the page document's own first (a preview's drafts), then the others.
  const seen = new Set<string>();
  const elements = [owner, ...(document.included ?? []), ...globals.flatMap((g) => primaryRecords(g))]
    .filter((r): r is ResourceObject => isResource(r) && r.type === 'global_page_elements')
    .filter((r) => !seen.has(r.id) && !!seen.add(r.id))
    .map((r) => ctx.resolve.get(r.type, r.id) ?? r)
    .sort((a, b) => Number(a.id) - Number(b.id));
  const chrome = chromeOf(elements, ctx);
  const brandingComponents = chrome.branding.flatMap((e) => componentsOf(e, ctx.resolve)).filter((c) => kindOf(c) === 'branding');
  const theme = brandingComponents.length ? brandColours(settingsOf(brandingComponents[0])) : {};
  const hasHeader = chrome.header.some((e) => componentsOf(e, ctx.resolve).some((c) => kindOf(c) === 'page_header'));
  const components = isPage ? componentsOf(owner, ctx.resolve) : [];
  const firstShown = components.find((c) => shownOnWeb(c) && rendererOf(kindOf(c)));
  const title = isPage ? text(owner, 'title') : text(owner, 'name');

  return (
    <div className="u-site" lang={ctx.locale} style={theme}>
      <a className="u-skip" href="#u-main">
        {ctx.t.skipToContent}
      </a>
      {(chrome.header.length > 0 || (!hasHeader && chrome.branding.length > 0)) && (
        <header className="u-site-header">
          <div className="u-wrap">
            {!hasHeader && chrome.branding.map((e) => <Components key={e.id} owner={e} ctx={ctx} />)}
            {chrome.header.map((e) => (
              <Components key={e.id} owner={e} ctx={ctx} />
            ))}
          </div>
        </header>
      )}
      <main id="u-main" className="u-main" tabIndex={-1}>
        <div className="u-wrap">
          <h1 className={firstShown && HERO_KINDS.has(kindOf(firstShown)) ? 'u-visually-hidden' : 'u-page-title'}>{title}</h1>
          {lead?.(ctx)}
          {content ? (
            content(ctx)
          ) : isPage ? (
            components.length ? (
              <Components owner={owner} ctx={ctx} />
            ) : (
              <p className="u-empty">{ctx.t.emptyPage}</p>
            )
          ) : (
            <p className="u-placeholder">{ctx.t.pageContentHere}</p>
          )}
          {trail?.(ctx)}
        </div>
      </main>
      {chrome.below.length > 0 && (
        <aside className="u-below" aria-label={ctx.t.belowContent}>
          <div className="u-wrap">
            {chrome.below.map((e) => (
              <Components key={e.id} owner={e} ctx={ctx} />
            ))}
          </div>
        </aside>
      )}
      {chrome.footer.length > 0 && (
        <footer className="u-site-footer">
          <div className="u-wrap">
            {chrome.footer.map((e) => (
              <Components key={e.id} owner={e} ctx={ctx} />
            ))}
          </div>
        </footer>
      )}
    </div>
  );
}

/**
 * The page as a React element, for `renderToString` or `renderToPipeableStream` on a server (the
 * website) or `createRoot().render` in a browser (the builder's preview). Put it inside a document
 * whose `<html lang>` is the locale and which links the package's stylesheet (`@umpire/render/site.css`).
 */
export function renderPage(document: JsonApiDocument, options: Omit<PageProps, 'document'>): ReactElement {
  return <Page document={document} {...options} />;
}
