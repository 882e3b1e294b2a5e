import { readBaseUrls, RESIZE_OBSERVER_MISSING, signInUrl, StartupError, type BaseUrls } from '../lib/environment';
import { ConfigurationError, configuredUrls, fetchConfiguration, setRuntime, type Runtime } from '../lib/configuration';
import { clearToken, decodeToken, isTokenExpired, takeTokenFromAddress } from '../lib/token';
import { applyDocumentLanguage, chooseLanguage, guessLanguage, interfaceLanguages, likelyLanguages, readStoredLanguage, rememberLanguage } from '../lib/language';
import { initI18n, loadTranslations, type Translations } from '../lib/i18n';
import { activateLocale, preloadLocale } from '../lib/locale';
import { detectWebp } from '../lib/images';
import { startEarlyRead } from '../lib/early-reads';
import { COUNTS_PATH } from '@umpire/schema/api';

/**
 * Start-up (spec §2, §6, §8, §9), before the app renders: base addresses, token, client
 * configuration, interface language, translations, formatting locale, WebP support. Once the
 * token is known, everything is requested at once: the configuration, and the translations and
 * date locale of the likely language (likelyLanguages); only a wrong guess costs a second round.
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

/** Translations asked for by this start-up, by language: a second need of a set waits for the same requests. */
const requested = new Map<string, Promise<Translations>>();

function translationsOf(lang: string): Promise<Translations> {
  let translations = requested.get(lang);
  if (!translations) requested.set(lang, (translations = loadTranslations(lang, fetchJson)));
  return translations;
}

/** Texts for a start-up error page, in the best language known so far. */
export async function prepareErrorTexts(lang = guessLanguage()): Promise<void> {
  applyDocumentLanguage(lang);
  await initI18n(lang, await translationsOf(lang));
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

  // All at once. Each start-up (a retry too) asks again: a failed set of translations is empty.
  requested.clear();
  // Opening on the dashboard: its figures are asked for now, beside the configuration, rather than
  // once the app's code has arrived (features/dashboard/counts.ts takes the answer).
  if (window.location.pathname === '/') startEarlyRead(`${base.umpire}/${COUNTS_PATH}`, token);
  for (const lang of likelyLanguages()) {
    void translationsOf(lang);
    // Unused when the guess is wrong; its failure then concerns no one.
    void preloadLocale(lang).catch(() => undefined);
  }
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

  const languages = interfaceLanguages(configuration.interface_languages);
  const language = chooseLanguage(readStoredLanguage(), languages, configuration.default_language);
  applyDocumentLanguage(language);
  const [translations] = await Promise.all([translationsOf(language), activateLocale(language), webp]);
  await initI18n(language, translations);
  rememberLanguage(language);

  const runtime: Runtime = { configuration, urls, claims: claims!, language, languages: languages.length ? languages : [language] };
  setRuntime(runtime);
  return { kind: 'ready', runtime };
}
