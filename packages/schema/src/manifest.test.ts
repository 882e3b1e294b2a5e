import { describe, expect, it } from 'vitest';
import { toManifest } from './manifest';
import { RESOURCES } from './registry';
import type { ResourceDef } from './resource';

describe('resource manifest', () => {
  it('gives the choices of enumerations and of lists of an enumeration', () => {
    const manifest = toManifest(RESOURCES as unknown as readonly ResourceDef[]);
    const pageTypes = manifest.find((r) => r.type === 'page_types')!;
    const attr = (name: string) => pageTypes.attributes.find((a) => a.name === name)!;
    expect(attr('kind').choices).toEqual(['irregular', 'promo', 'regular', 'simple', 'standard']);
    expect(attr('kind').itemChoices).toBeUndefined();
    expect(attr('visibility')).toMatchObject({ type: 'json', itemChoices: ['web', 'mobile'] });
    expect(attr('visibility').choices).toBeUndefined();
    expect(attr('name').itemChoices).toBeUndefined();
  });
});
