import { describe, expect, it } from 'vitest';
import { COMPONENT_KIND_DEFS } from '@umpire/schema/content/component-kinds';
import { COMPONENT_KINDS } from '@umpire/schema/content/enums';
import { rendererOf, renderers } from './registry';

describe('the renderers registry', () => {
  it('has a renderer for every component kind declared in @umpire/schema', () => {
    const declared = Object.keys(COMPONENT_KIND_DEFS);
    expect(new Set(declared)).toEqual(new Set(COMPONENT_KINDS));
    const missing = declared.filter((kind) => typeof (renderers as Record<string, unknown>)[kind] !== 'function');
    expect(missing, `kinds without a renderer: ${missing.join(', ')}`).toEqual([]);
  });

  it('has no renderer for a kind that is not declared', () => {
    const extra = Object.keys(renderers).filter((kind) => !(kind in COMPONENT_KIND_DEFS));
    expect(extra).toEqual([]);
  });

  it('finds nothing for an unknown kind, nor for names of Object.prototype', () => {
    expect(rendererOf('carousel')).toBeUndefined();
    expect(rendererOf('toString')).toBeUndefined();
    expect(rendererOf('constructor')).toBeUndefined();
    expect(rendererOf('hero_main')).toBe(renderers.hero_main);
  });
});
