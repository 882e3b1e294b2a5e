import { describe, expect, it } from 'vitest';
import { addressId, addressWords, isTemplateKind, TEMPLATE_DEFS, TEMPLATE_KINDS, templateOfSegment } from './templates';
import { COMPONENT_KIND_DEFS, LINK_CATALOGUE } from './component-kinds';
import { validateComponent } from './validate-component';

describe('templates', () => {
  it('writes the words of an address in lower case, Polish letters without marks, one hyphen between', () => {
    expect(addressWords('Raków Częstochowa', 'Lech Poznań')).toBe('rakow-czestochowa-lech-poznan');
    expect(addressWords('Widzew Łódź', ' Śląsk  Wrocław ')).toBe('widzew-lodz-slask-wroclaw');
    expect(addressWords('ŁKS', null, undefined, '')).toBe('lks');
    expect(addressWords('--- !!! ---')).toBe('');
    // Long names are cut at a word's hyphen, never leaving one at the end.
    const long = addressWords('a'.repeat(79), 'b');
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith('-')).toBe(false);
  });

  it('takes the id of an address, whatever words follow, and nothing else', () => {
    expect(addressId('155-rakow-lech')).toBe(155);
    expect(addressId('155')).toBe(155);
    expect(addressId('0155')).toBeNull();
    expect(addressId('rakow-155')).toBeNull();
    expect(addressId('155_rakow')).toBeNull();
    expect(addressId('1234567890123456')).toBeNull();
  });

  it("finds a kind by either language's segment, and no segment twice", () => {
    expect(templateOfSegment('mecze')).toEqual({ kind: 'match', locale: 'pl' });
    expect(templateOfSegment('matches')).toEqual({ kind: 'match', locale: 'en' });
    expect(templateOfSegment('aktualnosci')).toEqual({ kind: 'news', locale: 'pl' });
    expect(templateOfSegment('search')).toBeUndefined();
    const segments = TEMPLATE_KINDS.flatMap((k) => Object.values(TEMPLATE_DEFS[k].segments));
    expect(new Set(segments).size).toBe(segments.length);
    expect(isTemplateKind('club')).toBe(true);
    expect(isTemplateKind('stadium')).toBe(false);
  });

  it("fills only links the catalogue knows, each of its record's kind or what follows from it", () => {
    for (const kind of TEMPLATE_KINDS) for (const name of TEMPLATE_DEFS[kind].fills) expect(LINK_CATALOGUE[name], `${kind}: ${name}`).toBeDefined();
    expect(LINK_CATALOGUE[TEMPLATE_DEFS.match.fills[0]].target).toBe(TEMPLATE_DEFS.match.record);
    expect(LINK_CATALOGUE[TEMPLATE_DEFS.club.fills[0]].target).toBe(TEMPLATE_DEFS.club.record);
  });

  it('does not demand on a template page the links its record fills, and demands the others', () => {
    const place = { owner: 'page' as const, pageKind: 'irregular' as const, template: 'match' as const };
    expect(validateComponent({ kind: 'match', settings: {} }, place)).toEqual([]);
    expect(validateComponent({ kind: 'match', settings: {} }, { ...place, template: null })).toContainEqual(expect.objectContaining({ field: 'match', key: 'required' }));
    expect(validateComponent({ kind: 'squad', settings: {} }, place)).toContainEqual(expect.objectContaining({ field: 'squad', key: 'required' }));
    expect(validateComponent({ kind: 'squad', settings: {} }, { ...place, pageKind: 'regular', template: 'club' })).toEqual([]);
    expect(COMPONENT_KIND_DEFS.match.links.match?.required).toBe(true);
  });
});
