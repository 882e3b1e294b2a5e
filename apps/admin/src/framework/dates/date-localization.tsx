import { useMemo, type ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { enUS as enPickerTexts, plPL as plPickerTexts } from '@mui/x-date-pickers/locales';
import { enUS } from 'date-fns/locale/en-US';
import { activeLocale } from '../../lib/locale';
import { weekFromMonday } from '../../lib/league-dates';

/** The pickers' own words (their buttons, views and sections), in each interface language. */
const PICKER_TEXTS = { pl: plPickerTexts, en: enPickerTexts } as const;

/**
 * The date pickers' set-up, the same for every field: date-fns in the interface language (month
 * and day names), weeks from Monday in every language, the pickers' words in that language. The
 * language is fixed for a session (switching it reloads the app). Each league date field mounts
 * it around its picker, rather than the frame around the app: this module and the pickers load
 * with the first screen holding a date (their own chunk), and in the frame they would cost the
 * initial bundle about 8 kB gzip, while a provider loaded later around the frame would remount it.
 */
export default function DateLocalization({ children }: { children: ReactNode }) {
  const { lang, dateLocale } = activeLocale();
  const adapterLocale = useMemo(() => weekFromMonday(dateLocale ?? enUS), [dateLocale]);
  const texts = PICKER_TEXTS[lang as keyof typeof PICKER_TEXTS] ?? enPickerTexts;
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={adapterLocale} localeText={texts.components.MuiLocalizationProvider.defaultProps.localeText}>
      {children}
    </LocalizationProvider>
  );
}
