/**
 * The site's main menu (the `main_menu` component of a header-and-footer global element): one
 * ordered list of items, each leading to a builder page (`page_id`) or an external https address
 * (`url`), labelled per language (`label_pl`, `label_en`), with one level of sub-items.
 *
 * One list for both languages, not a list per language: builder pages have no locale (the same
 * page is served at the same slug under every locale), so the usual menu is the same links with
 * translated labels, kept once; an item whose label is left empty in a language is not shown in
 * that language, which is enough to give each language items of its own.
 */
export const MENU_LOCALES = ['pl', 'en'] as const;
export type MenuLocale = (typeof MENU_LOCALES)[number];
/** Most items of the menu, and most sub-items of one item. */
export const MENU_MAX_ITEMS = 12;
export const MENU_MAX_SUB_ITEMS = 12;
export const MENU_LABEL_MAX_LENGTH = 60;

export interface MenuItem {
  label_pl?: string;
  label_en?: string;
  /** A builder page of the league, by id. */
  page_id?: string;
  /** An external address (https). */
  url?: string;
  children?: MenuItem[];
  /**
   * Given by the delivery API, never stored: the slug of the (published) page `page_id` names.
   * An item whose page readers may not see is not in the answer at all.
   */
  page_slug?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const itemsOf = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** True for an absolute https address with a host and no whitespace. */
export function isHttpsUrl(value: unknown): boolean {
  if (typeof value !== 'string' || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The ids of the pages a menu's items (and sub-items) lead to. */
export function menuPageIds(settings: unknown): string[] {
  const ids = new Set<string>();
  const walk = (items: unknown) => {
    for (const item of itemsOf(items)) {
      if (typeof item.page_id === 'string' && item.page_id) ids.add(item.page_id);
      walk(item.children);
    }
  };
  if (isObject(settings)) walk(settings.items);
  return [...ids];
}

/**
 * A menu's settings as readers get them: an item leading to a page not in `slugs` (a draft, a page
 * outside its window, one deleted) goes, with its sub-items; the others leading to pages carry
 * the page's `page_slug`. Nothing else of a hidden page (its id, the label staff gave it) stays.
 */
export function menuForReaders(settings: Record<string, unknown>, slugs: ReadonlyMap<string, string>): Record<string, unknown> {
  const cut = (items: unknown): Record<string, unknown>[] =>
    itemsOf(items).flatMap((item) => {
      const out: Record<string, unknown> = { ...item };
      delete out.page_slug;
      if (typeof item.page_id === 'string' && item.page_id) {
        const slug = slugs.get(item.page_id);
        if (slug === undefined) return [];
        out.page_slug = slug;
      }
      if (item.children !== undefined) out.children = cut(item.children);
      return [out];
    });
  return { ...settings, items: cut(settings.items) };
}

/**
 * What any public answer may hold of a menu: items leading to a page only with the slug the
 * delivery API resolved for readers (`menuForReaders`), never one that names a page alone. Stored
 * settings never hold a slug (the validator refuses it), so a route that did not resolve the menu
 * (a generic include of components) shows its addresses only: deny by default.
 */
export function menuAsDelivered(settings: Record<string, unknown>): Record<string, unknown> {
  const cut = (items: unknown): Record<string, unknown>[] =>
    itemsOf(items).flatMap((item) => {
      if (item.page_id !== undefined && (typeof item.page_slug !== 'string' || !item.page_slug)) return [];
      return [item.children === undefined ? item : { ...item, children: cut(item.children) }];
    });
  return { ...settings, items: cut(settings.items) };
}

/** The label of an item in a language ('' when it has none there: the item is not shown in it). */
export function menuLabel(item: MenuItem, locale: string): string {
  const label = locale === 'en' ? item.label_en : item.label_pl;
  return typeof label === 'string' ? label.trim() : '';
}

/** The items (and sub-items) shown in a language: those labelled in it. */
export function menuItemsIn(settings: unknown, locale: string): MenuItem[] {
  const pick = (items: unknown): MenuItem[] =>
    itemsOf(items)
      .map((i) => i as MenuItem)
      .filter((i) => menuLabel(i, locale) !== '')
      .map((i) => ({ ...i, children: pick(i.children) }));
  return isObject(settings) ? pick(settings.items) : [];
}
