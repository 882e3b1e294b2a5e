import type { I18nProvider } from 'react-admin';
import { currentLanguage, translate } from '../lib/i18n';
import { switchLanguage } from '../lib/language';

/** react-admin's view of the app's i18next instance (see lib/i18n.ts). */
export function createI18nProvider(languages: readonly string[]): I18nProvider {
  return {
    translate,
    // Spec §4: a language change stores the choice, sets <html lang> and reloads.
    changeLocale: async (locale: string) => switchLanguage(locale),
    getLocale: currentLanguage,
    getLocales: () => languages.map((locale) => ({ locale, name: translate(`languages.${locale}`) })),
  };
}
