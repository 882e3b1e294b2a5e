import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslate } from 'react-admin';
import { getRuntime } from '../../lib/configuration';
import { switchLanguage } from '../../lib/language';

/** Spec §9: shown only when more than one interface language is configured. */
export function LanguagePicker() {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { languages, language } = getRuntime();
  if (languages.length < 2) return null;
  const current = translate(`languages.${language}`);

  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        // The name starts with what is shown (WCAG 2.5.3): voice users say "click PL".
        aria-label={`${language.toUpperCase()}, ${translate('shell.chooseLanguage', { language: current })}`}
        data-testid="language-picker"
      >
        {language.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {languages.map((lang) => (
          <MenuItem
            key={lang}
            lang={lang}
            selected={lang === language}
            onClick={() => {
              setAnchor(null);
              if (lang !== language) switchLanguage(lang);
            }}
          >
            {translate(`languages.${lang}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
