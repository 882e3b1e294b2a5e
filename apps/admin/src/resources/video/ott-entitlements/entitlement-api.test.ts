import { describe, expect, it } from 'vitest';
import { entitlementState, fanLabel } from './entitlement-api';

const NOW = Date.parse('2026-05-01T12:00:00Z');

describe('an entitlement at a moment', () => {
  it('is valid inside its window, as the server’s filter[active] decides', () => {
    expect(entitlementState({ valid_from: '2026-05-01T00:00:00Z', valid_until: null, revoked_at: null }, NOW)).toBe('active');
    expect(entitlementState({ valid_from: '2026-05-01T00:00:00Z', valid_until: '2026-05-01T12:00:00.001Z', revoked_at: null }, NOW)).toBe('active');
    // The end is exclusive.
    expect(entitlementState({ valid_from: '2026-05-01T00:00:00Z', valid_until: '2026-05-01T12:00:00Z', revoked_at: null }, NOW)).toBe('expired');
    expect(entitlementState({ valid_from: '2026-05-02T00:00:00Z', valid_until: null, revoked_at: null }, NOW)).toBe('scheduled');
    expect(entitlementState({ valid_from: '2026-05-01T00:00:00Z', valid_until: null, revoked_at: '2026-05-01T06:00:00Z' }, NOW)).toBe('revoked');
  });
});

describe('a fan as staff see it', () => {
  it('names an account by name and e-mail, a device by name and id', () => {
    expect(fanLabel({ id: '3', display_name: 'Ola', email: 'ola@example.com', kind: 'account' }, 'device')).toBe('Ola <ola@example.com>');
    expect(fanLabel({ id: '4', display_name: null, email: 'x@example.com', kind: 'account' }, 'device')).toBe('x@example.com');
    expect(fanLabel({ id: '5', display_name: 'Kibic', email: null, kind: 'device' }, 'urządzenie')).toBe('Kibic (urządzenie #5)');
    expect(fanLabel({ id: '6', display_name: ' ', email: null, kind: 'device' }, 'device')).toBe('device #6');
    expect(fanLabel(undefined, 'device', '7')).toBe('#7');
  });
});
