import { negotiateLanguage, type ErrorLanguage } from '@umpire/schema';
import { renderError, type ErrorSpec } from '../jsonapi/errors';

/** The sign-in gateway's page: plain HTML, no script, in Polish or English. */

/**
 * The icon travels inside the page: the gateway is a service of its own and must not depend on
 * the admin's files (without a `<link rel="icon">` the browser asks for /favicon.ico and gets 404).
 */
const ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#14613a"/><path d="M20 18h8v18a4 4 0 0 0 8 0V18h8v18a12 12 0 0 1-24 0z" fill="#fff"/></svg>',
)}`;
const TEXTS = {
  pl: {
    title: 'Logowanie — Umpire',
    heading: 'Zaloguj się do Umpire',
    username: 'Nazwa użytkownika',
    password: 'Hasło',
    submit: 'Zaloguj się',
    badRedirect: 'Adres powrotu jest niedozwolony.',
  },
  en: {
    title: 'Sign in — Umpire',
    heading: 'Sign in to Umpire',
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    badRedirect: 'The return address is not allowed.',
  },
} satisfies Record<GatewayLanguage, Record<string, string>>;
export type GatewayLanguage = ErrorLanguage;
/** A refused sign-in says what the API would say, from the same catalogue. */
export type GatewayMessage = 'badRedirect' | ErrorSpec;

export function pickLanguage(acceptLanguage: string | undefined, explicit?: string): GatewayLanguage {
  if (explicit === 'pl' || explicit === 'en') return explicit;
  return negotiateLanguage(acceptLanguage);
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function signInPage(opts: { lang: GatewayLanguage; redirect: string; username?: string; message?: GatewayMessage }): string {
  const t = TEXTS[opts.lang];
  const other: GatewayLanguage = opts.lang === 'pl' ? 'en' : 'pl';
  const text = opts.message === undefined ? null : opts.message === 'badRedirect' ? t.badRedirect : renderError(opts.message, opts.lang).detail;
  const error = text === null ? '' : `<p class="error" role="alert">${escape(text)}</p>`;
  const formDisabled = opts.message === 'badRedirect';
  return `<!doctype html>
<html lang="${opts.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<link rel="icon" type="image/svg+xml" href="${ICON}">
<style>
  body { font-family: system-ui, sans-serif; background: #f4f6f8; margin: 0; display: grid; place-items: center; min-height: 100vh; color: #1b2430; }
  main { background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 2px 12px rgba(0,0,0,.08); width: min(360px, 90vw); }
  h1 { font-size: 1.3rem; margin: 0 0 1.25rem; }
  label { display: block; font-size: .9rem; margin: .75rem 0 .25rem; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; border: 1px solid #8a96a3; border-radius: 4px; font-size: 1rem; }
  button { margin-top: 1.25rem; width: 100%; padding: .7rem; border: 0; border-radius: 4px; background: #0b5394; color: #fff; font-size: 1rem; cursor: pointer; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f1c232; outline-offset: 1px; }
  .error { background: #fdecea; color: #8a1c12; padding: .6rem; border-radius: 4px; }
  nav { margin-top: 1rem; text-align: right; font-size: .85rem; }
  a { color: #0b5394; }
</style>
</head>
<body>
<main>
  <h1>${t.heading}</h1>
  ${error}
  ${
    formDisabled
      ? ''
      : `<form method="post" action="/auth/v1/sign_in">
    <input type="hidden" name="redirect" value="${escape(opts.redirect)}">
    <input type="hidden" name="lang" value="${opts.lang}">
    <label for="username">${t.username}</label>
    <input id="username" name="username" autocomplete="username" required autofocus value="${escape(opts.username ?? '')}">
    <label for="password">${t.password}</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <button type="submit">${t.submit}</button>
  </form>`
  }
  <nav><a href="/auth/v1/sign_in?redirect=${encodeURIComponent(opts.redirect)}&amp;lang=${other}" lang="${other}">${other === 'pl' ? 'Polski' : 'English'}</a></nav>
</main>
</body>
</html>`;
}
