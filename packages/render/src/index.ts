/**
 * @umpire/render: one React renderer per page component kind, the page around them (the global
 * page elements: branding, header, footer, below the content) and the site's stylesheet
 * (`@umpire/render/site.css`). The league's website renders pages with it on the server; the page
 * builder's live preview draws the same elements, so staff see a page as fans will.
 *
 *   import { renderToString } from 'react-dom/server';
 *   import { renderPage } from '@umpire/render';
 *   const html = renderToString(renderPage(currentPage, { locale: 'pl', globals, imageBase: 'https://umpire.cdn.example.org/img' }));
 */
export { Page, ComponentView, renderPage, pageMeta, shownOnWeb, type PageProps } from './page';
export {
  SearchResults, renderSearchPage, searchTitle, cutQuery, SEARCH_KINDS, SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS, type SearchKind, type SearchGroup, type SearchState,
} from './search';
export { renderers, rendererOf, type Renderer } from './registry';
export { IndexFilters, Pagination, type IndexFilter, type FilterOption } from './index-filters';
export { matchListRead, type RendererProps } from './parts';
export {
  createRenderContext, altText, safeHref, DEFAULT_HREFS, type RenderContext, type RenderOptions, type Hrefs, type CallToAction, type ImageSource,
} from './context';
export {
  createResolver, componentsOf, identifiers, primaryRecords, settingsOf, kindOf,
  type JsonApiDocument, type ResourceObject, type ResourceIdentifier, type Relationship, type Resolver,
} from './document';
export { SITE_LOCALES, siteLocale, textsFor, formatsFor, type SiteLocale, type Texts } from './texts';
export { brandColours, textOn } from './kinds/site';
export { RichText, PlainText } from './rich-text';
