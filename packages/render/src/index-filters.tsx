import type { RenderContext } from './context';

/**
 * The filters and pages of the site's indexes (the fixtures by round and club, the news by category
 * and tag, page by page): plain GET forms and links, so they work without JavaScript and every
 * filtered view has an address of its own.
 */
export interface FilterOption {
  value: string;
  label: string;
}

export interface IndexFilter {
  /** The query parameter (`round`, `club`, `category`, `tag`). */
  name: string;
  label: string;
  options: FilterOption[];
  selected?: string;
}

/** A form of selects, one per filter, sent to `action` (the index's own address). */
export function IndexFilters({ ctx, action, filters }: { ctx: RenderContext; action: string; filters: IndexFilter[] }) {
  const shown = filters.filter((f) => f.options.length > 0);
  if (!shown.length) return null;
  const active = shown.some((f) => f.selected);
  return (
    <form className="u-filters" action={action} method="get" aria-label={ctx.t.filters}>
      {shown.map((f) => (
        <div key={f.name} className="u-filter">
          <label htmlFor={`u-filter-${f.name}`}>{f.label}</label>
          <select id={`u-filter-${f.name}`} name={f.name} defaultValue={f.selected ?? ''}>
            <option value="">{ctx.t.filterAll}</option>
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <button type="submit" className="u-button">
        {ctx.t.filterShow}
      </button>
      {active && (
        <a className="u-filters-clear" href={action}>
          {ctx.t.filterClear}
        </a>
      )}
    </form>
  );
}

/** Previous and next links with where the reader is (`href(n)`: the address of page n). */
export function Pagination({ ctx, page, pages, href }: { ctx: RenderContext; page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav className="u-pagination" aria-label={ctx.t.pagination}>
      {page > 1 ? (
        <a rel="prev" href={href(page - 1)}>
          {ctx.t.previousPage}
        </a>
      ) : null}
      <span aria-current="page">{ctx.t.pageOf(page, pages)}</span>
      {page < pages ? (
        <a rel="next" href={href(page + 1)}>
          {ctx.t.nextPage}
        </a>
      ) : null}
    </nav>
  );
}
