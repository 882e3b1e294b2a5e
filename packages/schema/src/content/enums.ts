import { COMPONENT_TYPES, PAGE_ELEMENT_AREAS, PAGE_TYPES } from '../enums';

/** Enumerations of content pages (spec §3), re-exported under the names the content code uses. */
export const PAGE_KINDS = PAGE_TYPES;
export type PageKind = (typeof PAGE_KINDS)[number];

export const COMPONENT_KINDS = COMPONENT_TYPES;
export type ComponentKind = (typeof COMPONENT_KINDS)[number];

export const PAGE_AREAS = PAGE_ELEMENT_AREAS;
export type PageArea = (typeof PAGE_AREAS)[number];

/** What a component belongs to: a page, a global page element (header, footer, branding…) or an article. */
export const COMPONENT_OWNER_TYPES = ['page', 'global_page_element', 'article'] as const;
export type ComponentOwnerType = (typeof COMPONENT_OWNER_TYPES)[number];

/** The JSON:API type of each owner. */
export const OWNER_RESOURCE_TYPES: Record<ComponentOwnerType, string> = {
  page: 'pages',
  global_page_element: 'global_page_elements',
  article: 'articles',
};

export const PAGE_STATUSES = ['draft', 'published'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

/**
 * `component_types.kind`: where a component type may be picked. The admin lists the page
 * builder's palette with `filter[kind]=page_type` (spec §7).
 */
export const COMPONENT_TYPE_SCOPES = ['page_type', 'global_page_element', 'article'] as const;
export type ComponentTypeScope = (typeof COMPONENT_TYPE_SCOPES)[number];

/** Social networks a social_media component may point to. */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'youtube', 'tiktok', 'linkedin', 'threads'] as const;

/** Advertisement slots a site knows. */
export const AD_FORMATS = ['billboard', 'rectangle', 'skyscraper', 'native'] as const;

/** Text bodies: structured rich text (the editor's JSON) or plain text. */
export const TEXT_FORMATS = ['rich', 'plain'] as const;
