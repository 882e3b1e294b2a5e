// What a shot's `take(page, ctx)` gets besides the page: the interface's texts (so a step names a
// button as the screen shows it in that language), calls to the staff API, and a wait until the
// screen has settled. Shared by scripts/docs/screenshots.mjs and e2e/docs-screenshots.e2e.ts.
// No browser is imported here: only the page handed in is driven.
/* global document */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const I18N = resolve(ROOT, 'apps/admin/public/assets/i18n');
const FOLDERS = ['framework', 'app', 'messages'];
export const DEMO_USER = 'admin';
export const DEMO_PASSWORD = 'umpire-demo';

const texts = new Map();

function merge(target, source) {
  for (const [k, v] of Object.entries(source)) {
    if (v && typeof v === 'object' && target[k] && typeof target[k] === 'object') merge(target[k], v);
    else target[k] = v;
  }
  return target;
}

function textsOf(locale) {
  if (!texts.has(locale)) {
    const merged = {};
    for (const folder of FOLDERS) merge(merged, JSON.parse(readFileSync(`${I18N}/${folder}/${locale}.json`, 'utf8')));
    texts.set(locale, merged);
  }
  return texts.get(locale);
}

/** The text of a translation key in a locale, as the admin shows it. */
export function translate(locale, key, params = {}) {
  const value = key.split('.').reduce((node, part) => (node && typeof node === 'object' ? node[part] : undefined), textsOf(locale));
  if (typeof value !== 'string') throw new Error(`No text for ${key} in ${locale}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name) => String(params[name] ?? ''));
}

/** A session token of the demo admin, straight from the auth API. */
export async function signIn(baseUrl, username = DEMO_USER, password = DEMO_PASSWORD) {
  const response = await fetch(`${baseUrl}/auth/v1/sign_in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/vnd.api+json' },
    body: JSON.stringify({ data: { type: 'sign_in', attributes: { username, password } } }),
  });
  if (!response.ok) throw new Error(`Sign-in as ${username} failed: ${response.status} ${await response.text()}`);
  return (await response.json()).data.attributes.token;
}

// What shows that a screen is still loading (as e2e/support/screens.ts reads it): a progress bar
// without a value, a skeleton, react-admin's spinner, a place marked busy, a preview updating.
const LOADING = '[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root, .RaLoading-root, [aria-busy="true"], [data-updating="true"]';

/**
 * Waits until the screen is settled: the menu drawn, nothing loading, and the number of elements
 * the same on two looks in a row (at most `timeout` ms; a screen that keeps moving, a live match,
 * is taken as it is then).
 */
export async function settle(page, timeout = 15_000) {
  await page.locator('nav[aria-label]').first().waitFor({ state: 'visible', timeout });
  const deadline = Date.now() + timeout;
  let last = '';
  while (Date.now() < deadline) {
    const now = await page.evaluate((loading) => {
      if (document.querySelector(loading)) return 'loading';
      const content = document.getElementById('main-content');
      return content?.innerText.trim() ? String(document.body.getElementsByTagName('*').length) : 'empty';
    }, LOADING);
    if (now === last && now !== 'loading' && now !== 'empty') return;
    last = now;
    await page.waitForTimeout(150);
  }
}

/**
 * Opens or closes the sidebar with the top bar's button (the admin keeps the choice in the
 * browser). Closed, the menu shrinks to its icons and a screen has the whole width.
 */
export async function setMenu(page, locale, open) {
  const button = page.getByRole('button', { name: translate(locale, open ? 'ra.action.open_menu' : 'ra.action.close_menu'), exact: true });
  if (await button.count()) {
    await button.first().click();
    await page.getByRole('button', { name: translate(locale, open ? 'ra.action.close_menu' : 'ra.action.open_menu'), exact: true }).first().waitFor();
  }
}

/**
 * @typedef {object} ShotContext
 * @property {'pl' | 'en'} locale the interface language of this take
 * @property {string} baseUrl the server's address
 * @property {string} token the demo admin's session token
 * @property {(key: string, params?: Record<string, string | number>) => string} t a text of the interface, as the screen shows it
 * @property {(path: string) => Promise<any>} api a GET of the staff API (`/api/v3/<path>`): its JSON:API document
 * @property {(path: string, options?: { menu?: boolean }) => Promise<void>} open loads a screen of the admin (the sidebar closed unless `menu`) and waits until it has settled
 * @property {() => Promise<void>} settle waits until the screen has settled
 */

/** The `ctx` a shot's `take` receives. @returns {ShotContext} */
export function shotContext({ page, locale, baseUrl, token }) {
  const api = async (path) => {
    const response = await fetch(`${baseUrl}/api/v3/${path.replace(/^\//, '')}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET /api/v3/${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const open = async (path, { menu = false } = {}) => {
    await page.goto(`${baseUrl}${path}`);
    await settle(page);
    await setMenu(page, locale, menu);
    // The pointer away from the menu's button and links, so that no tooltip shows.
    await page.mouse.move(1279, 799);
    await settle(page);
  };
  return { locale, baseUrl, token, t: (key, params) => translate(locale, key, params), api, open, settle: () => settle(page) };
}

/**
 * Opens the admin signed in, in a locale: the session handed over as the sign-in gateway does
 * (`?token=`), the language as the top bar's picker keeps it (`preferredLanguage`), then checks
 * that the page speaks it.
 */
export async function openAdmin(page, { baseUrl, token, locale }) {
  await page.goto(`${baseUrl}/?token=${encodeURIComponent(token)}`);
  await page.evaluate((value) => localStorage.setItem('preferredLanguage', value), locale);
  await page.reload();
  await page.waitForFunction((value) => document.documentElement.lang === value, locale, { timeout: 15_000 });
  await settle(page);
}

/** Hides what changes from one run to the next without meaning anything: carets, the scroll bars. */
export const FREEZE_CSS = `
  *, *::before, *::after { caret-color: transparent !important; }
  ::-webkit-scrollbar { display: none; }
`;
