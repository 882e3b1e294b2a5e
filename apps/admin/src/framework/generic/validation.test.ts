import { describe, expect, it } from 'vitest';
import manifest from 'virtual:umpire/resources';
import { attributeValidators, messageArgs } from './validation';

const clubs = manifest.find((r) => r.type === 'clubs')!;
const attr = (name: string) => clubs.attributes.find((a) => a.name === name)!;
const run = (name: string, value: unknown) =>
  attributeValidators('clubs', attr(name))
    .map((v) => v(value, {}, {}))
    .find(Boolean);

describe("forms use the declarations' validators", () => {
  it('reports the shared keys with their parameters', () => {
    expect(run('name', '')).toEqual({ message: 'validation.required', args: {} });
    expect(run('name', '   ')).toEqual({ message: 'validation.whitespace', args: {} });
    expect(run('website', 'legia.com')).toMatchObject({ message: 'validation.invalidWebsiteUrl' });
    expect(run('founded', 1700)).toMatchObject({ message: 'validation.min', args: { min: 1800 } });
    expect(run('name', 'x'.repeat(121))).toMatchObject({ message: 'validation.maxLength', args: { max: 120 } });
    expect(run('primary_color', 'green')).toMatchObject({ message: 'validation.invalidColor' });
  });

  it('accepts valid and empty optional values', () => {
    expect(run('website', 'https://legia.com')).toBeUndefined();
    expect(run('website', '')).toBeUndefined();
    expect(run('founded', null)).toBeUndefined();
  });

  it('names bounds min and max whatever zod calls them', () => {
    expect(messageArgs({ minimum: 1, maximum: 5 })).toMatchObject({ min: 1, max: 5 });
  });
});
