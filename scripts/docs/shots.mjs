// The staff guide's screenshots: one entry per picture, taken in every locale by
// scripts/docs/screenshots.mjs from the running demo into docs/staff/images/<name>.<locale>.png.
// `npm run docs` fails when a page names a shot that is not listed here (or whose file is missing).
// Entries are plain data plus a `take(page, ctx)` step, so the checker can import this file without
// a browser.

export const SHOT_LOCALES = ['pl', 'en'];

/** @type {{ name: string, title: string, take: (page: import('playwright-core').Page, ctx: { locale: 'pl' | 'en', baseUrl: string }) => Promise<void> }[]} */
export const SHOTS = [];

export const shotFile = (name, locale) => `docs/staff/images/${name}.${locale}.png`;
