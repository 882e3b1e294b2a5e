import { useId, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Breadcrumbs,
  Link,
  Button as MuiButton,
  Card,
  CardContent,
  CircularProgress,
  IconButton,
  Tab,
  Table,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Tooltip,
  Typography,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useSearchParams } from 'react-router';
import { LinkBase, useCreatePath, useTranslate } from 'react-admin';

/** A choice kept in the address (`?round=`), replacing the history entry: null when absent, cleared by ''. */
export function useSearchParamState(name: string): [string | null, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return [params.get(name), set];
}

export interface PageTab {
  id: string;
  label: string;
  /** Rendered only while the tab is open. */
  render: () => ReactNode;
}

/** Tabs kept in the address (`?tab=`), so a tab can be linked to and survives a reload. */
export function PageTabs({ tabs, label }: { tabs: PageTab[]; label: string }) {
  const [params, setParams] = useSearchParams();
  const prefix = useId();
  const current = tabs.find((t) => t.id === params.get('tab')) ?? tabs[0];
  return (
    <Box>
      <Tabs
        value={current.id}
        onChange={(_, value: string) =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              if (value === tabs[0].id) next.delete('tab');
              else next.set('tab', value);
              return next;
            },
            { replace: true },
          )
        }
        aria-label={label}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {tabs.map((t) => (
          <Tab key={t.id} value={t.id} label={t.label} id={`${prefix}-tab-${t.id}`} aria-controls={`${prefix}-panel-${t.id}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${prefix}-panel-${current.id}`} aria-labelledby={`${prefix}-tab-${current.id}`}>
        {current.render()}
      </Box>
    </Box>
  );
}

/** Loads the record again from the server (cached records are otherwise reused, spec §4). */
export function ReloadButton({ onClick, loading, label }: { onClick: () => void; loading?: boolean; label?: string }) {
  const translate = useTranslate();
  const text = label ?? translate('teamCommon.reload');
  return (
    <Tooltip disableInteractive title={text}>
      <span>
        <IconButton onClick={onClick} disabled={loading} aria-label={text}>
          {loading ? <CircularProgress size={20} aria-hidden /> : <RefreshIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** A titled card of a page; the title is a level-2 heading. */
export function SectionCard({ title, actions, children, id }: { title: string; actions?: ReactNode; children: ReactNode; id?: string }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} id={id} variant="outlined" sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 0.5, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: 1, fontSize: '1.05rem', fontWeight: 600 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      <CardContent sx={{ pt: 1, '&:last-child': { pb: 2 } }}>{children}</CardContent>
    </Card>
  );
}

/** A failed load, with a way to try again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      action={
        <MuiButton color="inherit" size="small" onClick={onRetry}>
          {translate('teamCommon.retry')}
        </MuiButton>
      }
    >
      {translate('teamCommon.loadFailed')}
    </Alert>
  );
}

/** What an empty table says. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}

/** Tables scroll sideways inside their card on narrow screens. */
export function TableScroll({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Box
      sx={{ overflowX: 'auto', width: '100%' }}
      // A scrolling area must be reachable by keyboard (axe: scrollable-region-focusable); a group,
      // not a landmark, so it does not repeat the card's own region.
      tabIndex={0}
      role="group"
      aria-label={label}
    >
      {children}
    </Box>
  );
}

/** A small table in a card: it scrolls sideways on narrow screens and, while editable, ends in an actions column. */
export function ScrollingTable({
  label,
  minWidth,
  testId,
  headings,
  actions,
  children,
}: {
  label: string;
  minWidth: number;
  testId?: string;
  /** The heading cells, before the actions column. */
  headings: ReactNode;
  actions?: boolean;
  /** The table's bodies. */
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <TableScroll label={label}>
      <Table size="small" aria-label={label} sx={{ minWidth }} data-testid={testId}>
        <TableHead>
          <TableRow>
            {headings}
            {actions && <TableCell align="right">{translate('list.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        {children}
      </Table>
    </TableScroll>
  );
}

/** The way back from a record's page to its list: "Squads / Legia Warszawa". */
export function RecordBreadcrumbs({ resource, name }: { resource: string; name: string | undefined }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <Breadcrumbs aria-label={translate('teamCommon.breadcrumbs')}>
      <Link component={LinkBase} to={createPath({ resource, type: 'list' })} underline="hover" color="inherit">
        {translate(`resources.${resource}.name`, { smart_count: 2 })}
      </Link>
      <Typography color="text.primary" aria-current="page">
        {name ?? '…'}
      </Typography>
    </Breadcrumbs>
  );
}
