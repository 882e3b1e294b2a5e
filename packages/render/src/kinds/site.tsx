import { menuItemsIn, menuLabel, type MenuItem } from '@umpire/schema/content/menu';
import { safeHref, type RenderContext } from '../context';
import { settingsOf, text } from '../document';
import { Cta, Picture, titleOf, type RendererProps } from '../parts';

/**
 * The kinds of the global page elements: the header (the site's name and logo leading home, a
 * search form that works without JavaScript), the footer, and the branding (logo, name, colours:
 * the page applies its colours to the whole site).
 */
export function PageHeader({ component, ctx }: RendererProps) {
  const s = settingsOf(component);
  const background = ctx.resolve.one(component, 'background_photo');
  const title = titleOf(component);
  return (
    <div className={`u-page-header${background ? ' u-hero--photo' : ''}`}>
      <Picture ctx={ctx} image={background} width={1280} decorative className="u-hero-bg" />
      <a className="u-brand" href={ctx.hrefs.home()}>
        <Picture ctx={ctx} image={ctx.resolve.one(component, 'image')} width={64} height={64} decorative className="u-brand-logo" eager />
        <span className="u-brand-name">{title || ctx.t.home}</span>
      </a>
      {s.show_search !== false && (
        <form className="u-search" role="search" action={ctx.hrefs.search()} method="get">
          <label className="u-visually-hidden" htmlFor={`u-search-${component.id}`}>
            {ctx.t.searchLabel}
          </label>
          <input id={`u-search-${component.id}`} type="search" name="q" autoComplete="off" />
          <button type="submit" className="u-button">
            {ctx.t.search}
          </button>
        </form>
      )}
    </div>
  );
}

export function PageFooter({ component, ctx }: RendererProps) {
  const s = settingsOf(component);
  const image = ctx.resolve.one(component, 'image');
  return (
    <div className="u-page-footer">
      <Picture ctx={ctx} image={image} width={64} height={64} className="u-brand-logo" />
      <Cta component={component} ctx={ctx} className="u-link" />
      {text(s, 'copyright') && <p className="u-copyright">{text(s, 'copyright')}</p>}
    </div>
  );
}

/** Where a menu item leads: its page on this site (by the slug the delivery API gave), or its https address. */
function menuHref(item: MenuItem, ctx: RenderContext): string | undefined {
  if (item.page_id) return item.page_slug ? ctx.hrefs.page(item.page_slug) : undefined;
  return typeof item.url === 'string' && item.url.startsWith('https://') ? safeHref(item.url) : undefined;
}

function MenuLink({ item, ctx }: { item: MenuItem; ctx: RenderContext }) {
  const href = menuHref(item, ctx);
  return (
    <a className="u-nav-link" href={href} aria-current={href !== undefined && href === ctx.current ? 'page' : undefined}>
      {menuLabel(item, ctx.locale)}
    </a>
  );
}

/**
 * The site's main navigation (`main_menu`): a list of links in the page's language, the current
 * page's marked with aria-current. It works as drawn: sub-items are listed under their item and
 * the whole menu shows on a phone. The site's script (apps/site/src/client/menu.ts) then shows the
 * buttons drawn hidden here: each item's sub-items become a disclosure, and under 768 px the menu
 * folds behind a Menu button. Items without an address (a page readers may not see) are left out.
 */
export function MainMenu({ component, ctx }: RendererProps) {
  const reachable = (items: MenuItem[]) => items.filter((i) => menuHref(i, ctx) !== undefined);
  const items = reachable(menuItemsIn(settingsOf(component), ctx.locale));
  if (!items.length) return null;
  const id = `u-nav-${component.id}`;
  return (
    <nav className="u-nav" aria-label={ctx.t.mainMenu} data-menu="">
      <button type="button" className="u-nav-toggle" aria-expanded="false" aria-controls={`${id}-list`} hidden>
        {ctx.t.menu}
      </button>
      <ul className="u-nav-list" id={`${id}-list`}>
        {items.map((item, i) => {
          const children = reachable(item.children ?? []);
          if (!children.length)
            return (
              <li key={i} className="u-nav-item">
                <MenuLink item={item} ctx={ctx} />
              </li>
            );
          return (
            <li key={i} className="u-nav-item u-nav-item--parent">
              <MenuLink item={item} ctx={ctx} />
              <button type="button" className="u-nav-sub-toggle" aria-expanded="false" aria-controls={`${id}-sub-${i}`} hidden>
                <span className="u-visually-hidden">{`${menuLabel(item, ctx.locale)}, ${ctx.t.subMenu}`}</span>
              </button>
              <ul className="u-nav-sub" id={`${id}-sub-${i}`}>
                {children.map((child, j) => (
                  <li key={j} className="u-nav-item">
                    <MenuLink item={child} ctx={ctx} />
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const COLOUR = /^#[0-9a-f]{6}$/i;

/** WCAG's relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white, whichever reads better on a colour (the contrast a brand colour leaves its text). */
export function textOn(hex: string): string {
  const l = luminance(hex);
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
};

/**
 * The colour itself when its text reads on it at 7:1 (WCAG's enhanced contrast), else the same hue
 * darkened (under white text) or lightened (under black) until it does: a league's red stays red.
 */
export function readableBackground(hex: string): string {
  const on = textOn(hex);
  let [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const colour = () => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  for (let i = 0; i < 100 && contrast(colour(), on) < 7; i++)
    [r, g, b] = on === '#ffffff' ? [r, g, b].map((c) => Math.floor(c * 0.97)) : [r, g, b].map((c) => Math.min(255, Math.ceil(c + (255 - c) * 0.05)));
  return colour();
}

/**
 * The branding's colours as CSS custom properties of the site (invalid values are left out), each
 * with the text colour that reads on it, whatever colours a league picks.
 */
export function brandColours(settings: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, name] of [['primary_color', 'primary'], ['secondary_color', 'secondary']] as const) {
    const value = settings[field];
    if (typeof value !== 'string' || !COLOUR.test(value)) continue;
    const background = readableBackground(value);
    out[`--u-${name}`] = background;
    out[`--u-on-${name}`] = textOn(background);
  }
  return out;
}

/** The brand's logo and name leading home; its colours are applied to the whole site by the page. */
export function Branding({ component, ctx }: RendererProps) {
  const s = settingsOf(component);
  const name = text(s, 'name');
  return (
    <div className="u-branding" style={brandColours(s)}>
      <a className="u-brand" href={ctx.hrefs.home()}>
        <Picture ctx={ctx} image={ctx.resolve.one(component, 'image')} width={64} height={64} decorative className="u-brand-logo" eager />
        <span className="u-brand-name">{name || ctx.t.home}</span>
      </a>
    </div>
  );
}
