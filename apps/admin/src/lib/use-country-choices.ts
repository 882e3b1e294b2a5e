import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { loadCountryChoices, type CountryChoice } from './countries';
import { currentLanguage } from './i18n';

/** The country list in the interface language, loaded lazily; null while it loads. */
export function useCountryChoices(): CountryChoice[] | null {
  const translate = useTranslate();
  const [choices, setChoices] = useState<CountryChoice[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadCountryChoices(currentLanguage(), translate).then((list) => live && setChoices(list));
    return () => {
      live = false;
    };
  }, [translate]);
  return choices;
}
