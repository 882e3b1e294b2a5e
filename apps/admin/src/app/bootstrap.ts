import { readBaseUrls, RESIZE_OBSERVER_MISSING, signInUrl, StartupError, type BaseUrls } from '../lib/environment';
import { ConfigurationError, configuredUrls, fetchConfiguration, setRuntime, type Runtime } from '../lib/configuration';
import { clearToken, decodeToken, isTokenExpired, takeTokenFromAddress } from '../lib/token';
import { applyDocumentLanguage, chooseLanguage, isSupportedLanguage, provisionalLanguage, readStoredLanguage } from '../lib/language';
import { initI18n, loadTranslations } from '../lib/i18n';
import { activateLocale } from '../lib/locale';
import { detectWebp } from '../lib/images';

/**
 * Start-up (spec §2, §6, §8, §9), before anything renders: base addresses, token, client
 * configuration, interface language, translations, formatting locale, WebP support.
 */
export type StartupResult =
  | { kind: 'ready'; runtime: Runtime }
  | { kind: 'redirect'; url: string }
  | { kind: 'error'; error: Error; retryable: boolean };

async function fetchJson(url: string): Promise<unknown> {
  // Translation files are static assets: they bypass the API client (no token, no pop-ups).
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  return response.json();
}

/** Texts for a start-up error page, in the best language known so far. */
export async function prepareErrorTexts(lang = provisionalLanguage()): Promise<void> {
  applyDocumentLanguage(lang);
  await initI18n(lang, await loadTranslations(lang, fetchJson));
}

export async function startUp(): Promise<StartupResult> {
  if (typeof ResizeObserver === 'undefined') {
    return { kind: 'error', error: new StartupError(RESIZE_OBSERVER_MISSING), retryable: false };
  }
  let base: BaseUrls;
  try {
    base = readBaseUrls();
  } catch (error) {
    return { kind: 'error', error: error as Error, retryable: false };
  }

  const token = takeTokenFromAddress();
  const claims = decodeToken(token);
  if (!token || isTokenExpired(claims)) {
    clearToken();
    return { kind: 'redirect', url: signInUrl(base.auth) };
  }

  // WebP detection runs alongside the configuration request; it only decides image formats.
  const webp = detectWebp();
  let configuration;
  try {
    configuration = await fetchConfiguration(base.umpire, token);
  } catch (error) {
    console.error('Start-up failed: the client configuration could not be loaded.', error);
    if (error instanceof ConfigurationError && error.status === 401) {
      // The server no longer accepts this token (revoked, or signed with another secret).
      clearToken();
      return { kind: 'redirect', url: signInUrl(base.auth) };
    }
    return { kind: 'error', error: error as Error, retryable: true };
  }

  let urls: BaseUrls;
  try {
    urls = configuredUrls(configuration, base);
  } catch (error) {
    return { kind: 'error', error: error as StartupError, retryable: false };
  }

  const languages = (configuration.interface_languages ?? []).filter(isSupportedLanguage);
  const language = chooseLanguage(readStoredLanguage(), languages, configuration.default_language);
  applyDocumentLanguage(language);
  const [translations] = await Promise.all([loadTranslations(language, fetchJson), activateLocale(language), webp]);
  await initI18n(language, translations);

  const runtime: Runtime = { configuration, urls, claims: claims!, language, languages: languages.length ? languages : [language] };
  setRuntime(runtime);
  return { kind: 'ready', runtime };
}
