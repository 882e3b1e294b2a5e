import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { SidebarMenu } from './sidebar-menu';
import { TopBar } from './top-bar';
import { PopupHost } from '../../features/popups';
import { DocumentTitle } from './document-title';
import { useRemoveStartupShell } from '../../lib/startup-shell';

/** react-admin's responsive layout (a temporary drawer below 768 px) with our bar, menu and pop-ups. */
export function AppLayout({ children }: { children: ReactNode }) {
  // The first frame with this layout is the last with index.html's shell of it.
  useRemoveStartupShell();
  return (
    <Layout
      appBar={TopBar}
      menu={SidebarMenu}
      // react-admin lets wide content stretch the page; here it scrolls in its own card instead,
      // so toolbars stay on screen at 768 and 1024 px.
      sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}
    >
      {children}
      <PopupHost />
      <DocumentTitle />
    </Layout>
  );
}
