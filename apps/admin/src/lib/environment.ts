/**
 * Base addresses the app starts with (build time, `VITE_*`), before the client configuration
 * names the real ones. An explicitly empty value is a deployment mistake: start-up stops with
 * the exact messages of spec §8.
 */
export interface BaseUrls {
  umpire: string;
  auth: string;
  mediaLibrary: string;
}

export const STARTUP_MESSAGES = {
  umpire: 'Please provide value for UMPIRE base API url',
  mediaLibrary: 'Please provide value for MEDIA LIBRARY base API url',
  auth: 'Please provide value for AUTH base API url',
} as const;

/** Spec §8; charts and responsive tables measure themselves with it. */
export const RESIZE_OBSERVER_MISSING = 'ResizeObserver is not supported in your browser';

export class StartupError extends Error {
  override name = 'StartupError';
}

type EnvLike = Partial<Record<'VITE_UMPIRE_API_URL' | 'VITE_AUTH_API_URL' | 'VITE_MEDIA_LIBRARY_API_URL', string>>;

/** Unset variables take the defaults; set-but-empty ones are reported (checked in spec order). */
export function readBaseUrls(env: EnvLike = import.meta.env): BaseUrls {
  const urls: BaseUrls = {
    umpire: env.VITE_UMPIRE_API_URL ?? '/api/v3',
    auth: env.VITE_AUTH_API_URL ?? '/auth/v1',
    mediaLibrary: env.VITE_MEDIA_LIBRARY_API_URL ?? '/media/v1',
  };
  assertBaseUrls(urls);
  return urls;
}

export function assertBaseUrls(urls: Partial<BaseUrls>): asserts urls is BaseUrls {
  if (!urls.umpire?.trim()) throw new StartupError(STARTUP_MESSAGES.umpire);
  if (!urls.mediaLibrary?.trim()) throw new StartupError(STARTUP_MESSAGES.mediaLibrary);
  if (!urls.auth?.trim()) throw new StartupError(STARTUP_MESSAGES.auth);
}

/**
 * Absolute addresses on the page's own origin become paths, so requests stay relative: the
 * XSRF header of spec §6 applies only to relative requests, and the dev server's proxy works.
 */
export function relativeIfSameOrigin(url: string, origin = window.location.origin): string {
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin !== origin) return url.replace(/\/+$/, '');
    return (parsed.pathname + parsed.search).replace(/\/+$/, '') || '/';
  } catch {
    return url;
  }
}

/** An absolute address for the gateway's `redirect` and for leaving the app. */
/** Origins of the base addresses that name another host: the token may be sent there too. */
export function trustedOrigins(urls: BaseUrls): string[] {
  return [urls.umpire, urls.auth, urls.mediaLibrary].filter((url) => /^https?:\/\//.test(url)).map((url) => new URL(url).origin);
}

export function absoluteUrl(url: string, origin = window.location.origin): string {
  return new URL(url, origin).toString();
}

/** The gateway's sign-in page, coming back to the current address. */
export function signInUrl(authBase: string, returnTo = window.location.href): string {
  return `${absoluteUrl(authBase)}/sign_in?redirect=${encodeURIComponent(returnTo)}`;
}

export function signOutUrl(authBase: string, returnTo = window.location.href): string {
  return `${absoluteUrl(authBase)}/sign_out?redirect=${encodeURIComponent(returnTo)}`;
}
