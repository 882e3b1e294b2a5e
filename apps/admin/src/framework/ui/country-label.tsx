import { Box } from '@mui/material';
import { AutocompleteInput, useTranslate, type Validator } from 'react-admin';
import { CountryName } from '../generic/fields';
import type { CountryChoice } from '../../lib/countries';
import { useCountryChoices } from '../../lib/use-country-choices';

/**
 * The flag of a stored country value (spec §3): ISO codes as regional indicators, Kosovo's XKX
 * as XK, the home nations (GB-ENG, ...) as their subdivision flags.
 */
export function flagOf(code: string | null | undefined): string {
  if (!code) return '';
  const upper = code.toUpperCase();
  const subdivision = /^GB-(ENG|SCT|WLS|NIR)$/.exec(upper);
  if (subdivision) {
    // Northern Ireland has no flag of its own in Unicode: the UK's.
    if (subdivision[1] === 'NIR') return flagOf('GB');
    const tags = `gb${subdivision[1].toLowerCase()}`;
    return String.fromCodePoint(0x1f3f4, ...[...tags].map((c) => 0xe0000 + c.charCodeAt(0)), 0xe007f);
  }
  const iso = upper === 'XKX' ? 'XK' : upper;
  if (!/^[A-Z]{2}$/.test(iso)) return '';
  return String.fromCodePoint(...[...iso].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

let flagSupport: boolean | undefined;

/**
 * Whether this system draws flag emoji (Windows and many Linux systems show two letters or a
 * box): a flag drawn on a canvas has colour, two letters do not.
 */
export function supportsFlagEmoji(): boolean {
  if (flagSupport !== undefined) return flagSupport;
  flagSupport = false;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 16;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return flagSupport;
    context.textBaseline = 'top';
    context.font = '16px sans-serif';
    context.fillText(flagOf('PL'), 0, 0);
    const pixels = context.getImageData(0, 0, 16, 16).data;
    for (let i = 0; i < pixels.length; i += 4) {
      const [r, g, b] = [pixels[i], pixels[i + 1], pixels[i + 2]];
      if (pixels[i + 3] > 0 && (Math.abs(r - g) > 30 || Math.abs(g - b) > 30)) {
        flagSupport = true;
        break;
      }
    }
  } catch {
    // No canvas (tests, old browsers): letters.
  }
  return flagSupport;
}

/** The short code shown where flags cannot be drawn: "PL", "ENG", "XK". */
export function shortCode(code: string): string {
  const upper = code.toUpperCase();
  return upper.startsWith('GB-') ? upper.slice(3) : upper === 'XKX' ? 'XK' : upper;
}

/** A flag (or the country's code where flags cannot be drawn) and its name in the interface language. */
export function CountryLabel({ code }: { code: string | null | undefined }) {
  if (!code) return null;
  const emoji = supportsFlagEmoji();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
      {emoji ? (
        <Box component="span" aria-hidden sx={{ fontSize: '1.1em', lineHeight: 1 }}>
          {flagOf(code)}
        </Box>
      ) : (
        <Box
          component="span"
          aria-hidden
          sx={{ fontSize: '0.7rem', fontWeight: 700, lineHeight: '16px', px: 0.5, minWidth: 28, textAlign: 'center', borderRadius: 0.5, border: 1, borderColor: 'grey.400', color: 'text.secondary' }}
        >
          {shortCode(code)}
        </Box>
      )}
      <CountryName code={code} />
    </Box>
  );
}

/**
 * A country picker with its own label (spec §3 countries: official names in the interface
 * language, plus the home nations), for forms whose fields are not the resource's own.
 */
export function CountryPicker({ source, label, validate }: { source: string; label: string; validate?: Validator | Validator[] }) {
  const translate = useTranslate();
  const choices = useCountryChoices();
  return (
    <AutocompleteInput
      source={source}
      label={label}
      choices={choices ?? []}
      isPending={!choices}
      validate={validate}
      translateChoice={false}
      optionText={(choice: CountryChoice) => (supportsFlagEmoji() ? `${flagOf(choice.id)} ${choice.name}` : choice.name)}
      inputText={(choice: CountryChoice) => choice.name}
      matchSuggestion={(filter: string, choice: CountryChoice) => choice.name.toLocaleLowerCase().includes(filter.toLocaleLowerCase())}
      noOptionsText={translate('ui.nothingFound')}
      sx={{ width: '100%' }}
    />
  );
}
