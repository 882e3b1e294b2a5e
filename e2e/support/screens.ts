import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { appReady, openAs } from './app';

/**
 * The screens of the app, as the accessibility sweep (axe on each, SQLite) and the screen walk
 * (each opened on PostgreSQL) visit them: moving inside the app without a reload, and waiting
 * until nothing on a screen is loading.
 */
export type Lang = 'pl' | 'en';
export const LANGS: Lang[] = ['pl', 'en'];

// The resources the build registered (apps/admin/dist/build-info.json, written by the build the
// global set-up makes), so a new resource is visited without anyone listing it here.
const BUILD_INFO = resolve(import.meta.dirname, '../../apps/admin/dist/build-info.json');
const buildInfo = () => JSON.parse(readFileSync(BUILD_INFO, 'utf8')) as { types: string[]; paths?: Record<string, string>; readOnly?: string[] };
export const RESOURCE_TYPES = (): string[] => buildInfo().types;
// Read-only resources (declared so: the build lists them) have no creation form nor edit form.
const readOnly = () => new Set([...(buildInfo().readOnly ?? []), 'audit_events', 'match_predictor_user_results', 'quiz_rankings']);
// Records only the server creates (fans' quiz attempts; delivery keys, made in their list's dialog): no creation form.
const SERVER_CREATED = new Set(['quiz_user_attempts', 'delivery_keys']);

/**
 * What shows that a screen is still loading: a progress bar without a value (one with a value,
 * a transcoding job's, is content), a skeleton, react-admin's spinner, a place marked busy (a
 * screen whose code is on the way), a live preview still updating.
 */
const LOADING = '[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root, .RaLoading-root, [aria-busy="true"], [data-updating="true"]';

/**
 * Waits until the screen is settled: nothing on it loading, and its content the same on two
 * looks in a row. No loading indicator alone is not enough: a screen's code or first query may
 * not have started yet (react-admin's spinner waits a second before it shows), and axe then
 * checked an empty screen that looked finished.
 */
export async function settled(page: Page): Promise<void> {
  await appReady(page);
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await page.evaluate((loading) => {
          if (document.querySelector(loading)) return 'loading';
          const content = document.getElementById('main-content');
          // Elements in the screen and in the dialogs and menus over it.
          return content?.innerText.trim() ? `${document.body.getElementsByTagName('*').length}` : 'empty';
        }, LOADING);
        const steady = now === last && now !== 'loading' && now !== 'empty';
        last = now;
        return steady;
      },
      { timeout: 15_000, intervals: [100, 150] },
    )
    .toBe(true);
}

/** Moves to another screen inside the app (no reload), as the sidebar's links do. */
export async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
  await settled(page);
}

export async function firstId(request: APIRequestContext, token: string, type: string): Promise<string | undefined> {
  const path = buildInfo().paths?.[type] ?? type;
  const response = await request.get(`/api/v3/${path}?page[size]=1`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET /${type}`).toBeTruthy();
  return ((await response.json()) as { data: { id: string }[] }).data[0]?.id;
}

/**
 * A screen to visit: [name, path], and whether it is a creation form whose edit form is visited
 * too (a generic one is the same form, empty: the sweep opens it, and runs axe on the edit form).
 */
export type Screen = [name: string, path: string, createBesideEdit?: boolean];

/** The class the generic creation form carries (apps/admin/src/framework/generic/resource-create.tsx). */
export const GENERIC_CREATE_SELECTOR = '.umpire-generic-create';

/** Each resource's list, creation form, form and page (of its first record). */
export async function resourceScreens(request: APIRequestContext, token: string, types: string[]): Promise<Screen[]> {
  const screens: Screen[] = [];
  const READ_ONLY = readOnly();
  for (const type of types) {
    screens.push([`${type} list`, `/${type}`]);
    const id = await firstId(request, token, type);
    const editable = !READ_ONLY.has(type);
    if (editable && !SERVER_CREATED.has(type)) screens.push([`${type} create`, `/${type}/create`, !!id]);
    if (!id) continue;
    if (editable) screens.push([`${type} edit`, `/${type}/${id}`]);
    screens.push([`${type} show`, `/${type}/${id}/show`]);
  }
  return screens;
}

/** The pages with tabs, on the tabs that are not the first. */
export async function tabScreens(request: APIRequestContext, token: string): Promise<[name: string, path: string][]> {
  const [season, group, player, staff] = await Promise.all(['competition_seasons', 'groups', 'players', 'staff_members'].map((type) => firstId(request, token, type)));
  return [
    ['competition season: squads', `/competition_seasons/${season}?tab=squads`],
    ['group: details', `/groups/${group}?tab=details`],
    ['player: details', `/players/${player}?tab=details`],
    ['staff member: details', `/staff_members/${staff}?tab=details`],
  ];
}

/** Opens the app signed in as admin, in a language; answers the session's token. */
export async function openApp(page: Page, request: APIRequestContext, lang: Lang): Promise<string> {
  await page.addInitScript((value) => localStorage.setItem('preferredLanguage', value), lang);
  const token = await openAs(page, request, 'admin', '/');
  await settled(page);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  return token;
}
