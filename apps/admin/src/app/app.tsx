import { Admin, CustomRoutes, Resource, localStorageStore } from 'react-admin';
import { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Route, RouterProvider } from 'react-router';
import type { Runtime } from '../lib/configuration';
import { appHttpClient } from '../providers/json-api';
import { createDataProvider } from '../providers/data-provider';
import { createAuthProvider } from '../providers/auth-provider';
import { createI18nProvider } from '../providers/i18n-provider';
import { ADMIN_RESOURCES } from './registry';
import { recordRepresentation } from '../framework/representation';
import { MATCH_FORM_PATH, MatchFormRoute } from '../resources/calendar/matches';
import manifest from 'virtual:umpire/resources';
import { Dashboard, invalidateCountsOnWrite, prefetchCounts } from '../features/dashboard';
import { AppLayout } from './layout/app-layout';
import { NotificationBridge } from '../features/popups';
import { createTheme } from './theme';

/** The providers and resources of the app, built once the start-up has succeeded. */
export function createApp(runtime: Runtime) {
  // One HTTP client for the data provider and the features (appHttpClient), so its rules hold everywhere.
  const http = appHttpClient();
  const dataProvider = createDataProvider({ http, baseUrl: () => runtime.urls.umpire, resources: manifest });
  const authProvider = createAuthProvider(() => runtime.urls.auth);
  const i18nProvider = createI18nProvider(runtime.languages);
  const theme = createTheme(undefined, i18nProvider.translate('ra.page.loading'));
  // Preferences (columns, sidebar sections) per client, so two leagues on one browser don't mix.
  const store = localStorageStore('1', `umpire-${runtime.claims.client?.id ?? 'default'}`);
  const queryClient = new QueryClient();
  invalidateCountsOnWrite(queryClient);
  // Opening on the dashboard: its figures are asked for now, while the app renders its layout.
  if (window.location.pathname === '/') prefetchCounts(queryClient, dataProvider);

  const AdminApp = () => (
    <Admin
      authProvider={authProvider}
      dataProvider={dataProvider}
      queryClient={queryClient}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
      layout={AppLayout}
      notification={NotificationBridge}
      loginPage={false}
      requireAuth
      disableTelemetry
      title={i18nProvider.translate('app.name')}
    >
      {ADMIN_RESOURCES.map((r) => (
        <Resource
          key={r.name}
          name={r.name}
          list={r.list}
          create={r.create}
          edit={r.edit}
          show={r.show}
          icon={r.icon}
          recordRepresentation={recordRepresentation(r.def)}
          options={{ section: r.section }}
        />
      ))}
      <CustomRoutes>
        {/* The dashboard is a route of the layout, not <Admin dashboard>: react-admin wraps that one in
            WithPermissions, which waits for two more auth rounds (checkAuth, getPermissions) that
            requireAuth has already answered, so it would render only after the layout. Declared
            first, it takes "/" before react-admin's own route. */}
        <Route path="/" element={<Dashboard />} />
        <Route path={MATCH_FORM_PATH} element={<MatchFormRoute />} />
      </CustomRoutes>
    </Admin>
  );

  // A data router, so forms can warn about unsaved changes when leaving.
  const router = createBrowserRouter([{ path: '*', element: <AdminApp /> }]);
  return function App() {
    return <RouterProvider router={router} />;
  };
}
