import { useId } from 'react';
import { Collapse, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { LinkBase, useCanAccessResources, useLocation, useSidebarState, useStore, useTranslate, useGetResourceLabel } from 'react-admin';
import type { SectionName } from '@umpire/schema/resource';
import { SECTION_ICONS } from '../../framework/icons';
import { ADMIN_RESOURCES, resourcesBySection, type AdminResource } from '../registry';

const DRAWER_WIDTH = 264;
const CLOSED_WIDTH = 56;

/**
 * The sidebar (spec §2): the dashboard, then the twelve sections in the spec's order with their
 * icons, each listing the screens the user may open. A section without screens yet is shown
 * but is not a link.
 */
export function SidebarMenu() {
  const [open] = useSidebarState();
  const translate = useTranslate();
  const { canAccess } = useCanAccessResources({ action: 'list', resources: ADMIN_RESOURCES.map((r) => r.name) });

  return (
    <nav aria-label={translate('menu.navigation')}>
      <List
        dense
        sx={(theme) => ({
          width: open ? DRAWER_WIDTH : CLOSED_WIDTH,
          transition: theme.transitions.create('width'),
          overflowX: 'hidden',
          py: 0.5,
        })}
      >
        <NavItem to="/" label={translate('menu.dashboard')} icon={<DashboardIcon />} exact />
        {resourcesBySection().map(({ section, resources }) => (
          <Section key={section} section={section} resources={resources.filter((r) => canAccess?.[r.name])} />
        ))}
      </List>
    </nav>
  );
}

function Section({ section, resources }: { section: SectionName; resources: AdminResource[] }) {
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  const [open] = useSidebarState();
  const [expanded, setExpanded] = useStore(`menu.section.${section}`, true);
  const listId = useId();
  const Icon = SECTION_ICONS[section];
  const label = translate(`sections.${section}`);

  if (!resources.length) {
    if (!open) return null;
    // Not a link and not focusable: there is nothing to open yet.
    return (
      <ListItem sx={{ py: 0.25, px: 2 }}>
        <ListItemIcon sx={{ minWidth: 40, color: 'text.secondary' }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={label}
          secondary={translate('menu.comingSoon')}
          slotProps={{ primary: { color: 'text.secondary' }, secondary: { color: 'text.secondary', variant: 'caption' } }}
        />
      </ListItem>
    );
  }

  const items = resources.map((r) => {
    const ResourceIcon = r.icon;
    return <NavItem key={r.name} to={`/${r.name}`} label={getResourceLabel(r.name, 2)} icon={<ResourceIcon />} nested={open} />;
  });

  // A closed (mini) sidebar shows only the screens' icons, with tooltips.
  if (!open) return <>{items}</>;

  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        onClick={() => setExpanded(!expanded)}
        aria-expanded={expanded}
        aria-controls={listId}
        aria-label={translate('menu.toggleSection', { section: label })}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={label} slotProps={{ primary: { fontWeight: 600 } }} />
        {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <List dense disablePadding id={listId}>
          {items}
        </List>
      </Collapse>
    </ListItem>
  );
}

function NavItem({ to, label, icon, nested, exact }: { to: string; label: string; icon: React.ReactNode; nested?: boolean; exact?: boolean }) {
  const location = useLocation();
  const [open, setOpen] = useSidebarState();
  const isXSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const active = exact ? location.pathname === to : location.pathname === to || location.pathname.startsWith(`${to}/`);

  const button = (
    <ListItemButton
      component={LinkBase}
      to={to}
      selected={active}
      aria-current={active ? 'page' : undefined}
      // On a phone the drawer covers the page: close it once a screen is chosen.
      onClick={() => isXSmall && setOpen(false)}
      sx={{ pl: nested ? 4 : 2 }}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
      <ListItemText primary={label} />
    </ListItemButton>
  );
  return (
    <ListItem disablePadding>
      {open ? (
        button
      ) : (
        <Tooltip title={label} placement="right">
          {button}
        </Tooltip>
      )}
    </ListItem>
  );
}
