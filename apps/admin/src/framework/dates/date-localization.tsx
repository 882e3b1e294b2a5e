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
 * The date pickers' set-up, once for the whole app: date-fns in the interface language (month and
 * day names), weeks from Monday in every language, the pickers' words in that language. The
 * language is fixed for a session (switching it reloads the app). Its module is loaded with the
 * first screen holding a date input (see LeagueDateLocalization), never with the frame.
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
