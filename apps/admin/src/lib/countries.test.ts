import { describe, expect, it } from 'vitest';
import { COUNTRY_CODE_PATTERN } from '@umpire/schema';
import { countryName, loadCountryChoices } from './countries';

const t = (key: string) =>
  ({ 'countries.england': 'England', 'countries.scotland': 'Scotland', 'countries.wales': 'Wales', 'countries.northernIreland': 'Northern Ireland' })[key] ?? key;

describe('countries', () => {
  it('lists about 230 ISO codes with XK, plus the home nations', async () => {
    const choices = await loadCountryChoices('en', t);
    const ids = choices.map((c) => c.id);
    expect(choices.length).toBeGreaterThan(225);
    expect(choices.length).toBeLessThan(260);
    expect(ids).toEqual(expect.arrayContaining(['AD', 'PL', 'ZW', 'GB-ENG', 'GB-SCT', 'GB-WLS', 'GB-NIR']));
    expect(ids).not.toContain('AQ');
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('maps Kosovo to XKX', async () => {
    const choices = await loadCountryChoices('en', t);
    expect(choices.find((c) => c.id === 'XKX')?.name).toBe('Kosovo');
    expect(choices.find((c) => c.id === 'XK')).toBeUndefined();
    expect(await countryName('XK', 'en', t)).toBe('Kosovo');
  });

  it('offers only values the shared schema accepts', async () => {
    const choices = await loadCountryChoices('en', t);
    for (const { id } of choices) expect(COUNTRY_CODE_PATTERN.test(id), id).toBe(true);
    expect(await countryName('GB-SCT', 'en', t)).toBe('Scotland');
  });

  it('names countries in Polish', async () => {
    expect(await countryName('PL', 'pl', t)).toBe('Polska');
    expect(await countryName('DE', 'pl', t)).toBe('Niemcy');
    const choices = await loadCountryChoices('pl', t);
    expect(choices[0].name.localeCompare(choices[1].name, 'pl')).toBeLessThanOrEqual(0);
  });
});
