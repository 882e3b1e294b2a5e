import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Helpers shared by the browser tests: texts from the app's translation files, sign-in, tokens. */
const I18N = resolve(import.meta.dirname, '../../apps/admin/public/assets/i18n');
const FOLDERS = ['framework', 'app', 'messages'];
export const PASSWORD = 'umpire-demo';

type Tree = { [key: string]: string | Tree };
const cache = new Map<string, Tree>();

function texts(lang: string): Tree {
  if (!cache.has(lang)) {
    const merged: Tree = {};
    for (const folder of FOLDERS) deepMerge(merged, JSON.parse(readFileSync(`${I18N}/${folder}/${lang}.json`, 'utf8')) as Tree);
    cache.set(lang, merged);
  }
  return cache.get(lang)!;
}

function deepMerge(target: Tree, source: Tree): Tree {
  for (const [k, v] of Object.entries(source)) {
    if (typeof v === 'object' && typeof target[k] === 'object') deepMerge(target[k], v);
    else target[k] = v;
  }
  return target;
}

/** The text of a translation key, as the app shows it. */
export function t(lang: 'pl' | 'en', key: string, params: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), texts(lang));
  if (typeof value !== 'string') throw new Error(`No text for ${key} in ${lang}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Signs in through the gateway's form (the page must be on it). */
export async function signInOnGateway(page: Page, username: string): Promise<void> {
  await expect(page).toHaveURL(/\/auth\/v1\/sign_in\?/);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
}

/** A session token straight from the auth API. */
export async function tokenFor(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/auth/v1/sign_in', {
    data: { data: { type: 'sign_in', attributes: { username, password: PASSWORD } } },
    headers: { 'Content-Type': 'application/vnd.api+json' },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { data: { attributes: { token: string } } }).data.attributes.token;
}

/** Opens a page of the app with a session (the way the gateway hands it over). */
export async function openAs(page: Page, request: APIRequestContext, username: string, path = '/'): Promise<string> {
  const token = await tokenFor(request, username);
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}token=${token}`);
  return token;
}

/** Waits until the frame has rendered (top bar and menu). */
export async function appReady(page: Page): Promise<void> {
  await expect(page.locator('nav[aria-label]').first()).toBeVisible();
}

export function base64UrlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
}
