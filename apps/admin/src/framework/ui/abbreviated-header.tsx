import { TableSortLabel } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/**
 * A column header shown as an abbreviation ("ŻK") with its full name on hover. When the list can
 * sort by the column, the header is the sort button, named by what it shows first ("ŻK, żółte
 * kartki: sortuj malejąco"), so voice users can say what they see (WCAG 2.5.3). Use it with
 * `disableSort` on the column: react-admin's own sort button would be named "Sort by …" alone.
 */
export function AbbreviatedHeader({ short, full, source, sortable = false }: { short: string; full: string; source: string; sortable?: boolean }) {
  const translate = useTranslate();
  const { sort, setSort } = useListContext();
  const abbreviation = (
    <abbr title={full} style={{ textDecoration: 'none', cursor: 'help' }}>
      {short}
    </abbr>
  );
  if (!sortable) return abbreviation;
  const active = sort?.field === source;
  // Figures are read best first: a new column sorts descending, a second press reverses.
  const next = active && sort.order === 'DESC' ? 'ASC' : 'DESC';
  return (
    <TableSortLabel
      active={active}
      direction={active ? (sort.order === 'ASC' ? 'asc' : 'desc') : 'desc'}
      onClick={() => setSort({ field: source, order: next })}
      aria-label={`${short}, ${full}: ${translate('ra.sort.sort_by', { field: full, field_lower_first: full.charAt(0).toLowerCase() + full.slice(1), order: translate(`ra.sort.${next}`) })}`}
      data-field={source}
    >
      {abbreviation}
    </TableSortLabel>
  );
}
