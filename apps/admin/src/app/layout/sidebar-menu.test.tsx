import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, TestMemoryRouter, memoryStore, testDataProvider, type AuthProvider } from 'react-admin';
import { SECTIONS } from '@umpire/schema';
import { initI18n } from '../../lib/i18n';
import { createI18nProvider } from '../../providers/i18n-provider';
import { ADMIN_RESOURCES } from '../registry';
import { SidebarMenu } from './sidebar-menu';

const sections = Object.fromEntries(SECTIONS.map((s) => [s, `Section ${s}`]));
const canAccessOnly = (allowed: (resource: string) => boolean): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => [],
  canAccess: async ({ resource }) => allowed(resource ?? ''),
});

function renderMenu(authProvider: AuthProvider) {
  return render(
    <TestMemoryRouter initialEntries={['/clubs']}>
      <AdminContext authProvider={authProvider} i18nProvider={createI18nProvider(['pl', 'en'])} dataProvider={testDataProvider()} store={memoryStore()}>
        <SidebarMenu />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe('sidebar', () => {
  beforeAll(async () => {
    await initI18n('en', { sections, menu: { dashboard: 'Dashboard', navigation: 'Main navigation', comingSoon: 'Coming soon', toggleSection: 'Toggle {{section}}' } });
  });
  afterEach(cleanup);

  it("shows the twelve sections in the spec's order, each listing its screens, with no dead links", async () => {
    renderMenu(canAccessOnly(() => true));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Clubs' })).toBeTruthy());
    const text = nav.textContent ?? '';
    const positions = SECTIONS.map((s) => text.indexOf(`Section ${s}`));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    const hrefs = within(nav).getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs[0]).toBe('/');
    expect(hrefs.slice(1).sort()).toEqual(ADMIN_RESOURCES.map((r) => `/${r.name}`).sort());
    expect(within(nav).getByRole('link', { name: 'Clubs' }).getAttribute('aria-current')).toBe('page');
    // A section with nothing built yet is not a link.
    const empty = SECTIONS.filter((s) => !ADMIN_RESOURCES.some((r) => r.section === s));
    for (const s of empty) expect(within(nav).queryByRole('button', { name: `Toggle Section ${s}` })).toBeNull();
  }, 30_000); // Every section's screens are drawn: more than the default 5 s on a loaded machine.

  it('lists only the screens the abilities allow', async () => {
    renderMenu(canAccessOnly((resource) => resource === 'clubs'));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(2));
  });
});
