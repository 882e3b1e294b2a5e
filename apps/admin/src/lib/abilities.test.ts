import { describe, expect, it } from 'vitest';
import { ROLE_RULES } from '@umpire/schema';
import { canAccess, createAbility } from './abilities';

describe('abilities', () => {
  it('lets an admin do everything', () => {
    const ability = createAbility(ROLE_RULES.admin);
    for (const action of ['list', 'show', 'create', 'edit', 'delete', 'export']) expect(canAccess(ability, action, 'clubs')).toBe(true);
  });

  it('lets a viewer only read', () => {
    const ability = createAbility(ROLE_RULES.viewer);
    expect(canAccess(ability, 'list', 'clubs')).toBe(true);
    expect(canAccess(ability, 'show', 'audit_events')).toBe(true);
    expect(canAccess(ability, 'create', 'clubs')).toBe(false);
    expect(canAccess(ability, 'edit', 'clubs')).toBe(false);
    expect(canAccess(ability, 'delete', 'clubs')).toBe(false);
  });

  it('scopes an editor to competition and content subjects', () => {
    const ability = createAbility(ROLE_RULES.editor);
    expect(canAccess(ability, 'create', 'clubs')).toBe(true);
    expect(canAccess(ability, 'delete', 'tags')).toBe(true);
    expect(canAccess(ability, 'create', 'push_notifications')).toBe(false);
  });

  it('refuses unknown actions', () => {
    expect(canAccess(createAbility(ROLE_RULES.admin), 'teleport', 'clubs')).toBe(false);
  });
});
