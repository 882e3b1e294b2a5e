import { beforeAll, describe, expect, it } from 'vitest';
import manifest from 'virtual:umpire/resources';
import { activateLocale } from '../lib/locale';
import { recordRepresentation } from './representation';

describe('record representation', () => {
  beforeAll(() => activateLocale('pl'));

  it('uses the title field when declared', () => {
    expect(recordRepresentation(manifest.find((r) => r.type === 'clubs'))).toBe('name');
  });

  it('names a match by its kick-off', () => {
    const name = recordRepresentation(manifest.find((r) => r.type === 'matches'));
    expect(typeof name).toBe('function');
    if (typeof name === 'function') {
      expect(name({ id: '7', kickoff_at: '2026-07-17T14:00:00Z' })).toBe('piątek, 17.07.2026, 16:00 (#7)');
      expect(name({ id: '8' })).toBe('#8');
    }
  });
});
