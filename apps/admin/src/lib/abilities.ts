import { createMongoAbility, type MongoAbility } from '@casl/ability';
import type { Action, RawRule } from '@umpire/schema/abilities';

/**
 * The token's abilities (CASL raw rules, subjects are JSON:API types) and how react-admin's
 * actions map onto them. The server enforces the same rules; here they only hide what would fail.
 */
export type AppAbility = MongoAbility<[Action, string]>;

export function createAbility(rules: readonly RawRule[]): AppAbility {
  return createMongoAbility<[Action, string]>(rules as RawRule[]);
}

const RA_ACTIONS: Record<string, Action> = {
  list: 'read',
  show: 'read',
  export: 'read',
  read: 'read',
  create: 'create',
  clone: 'create',
  edit: 'update',
  update: 'update',
  delete: 'delete',
};

/** Whether react-admin's `action` on `resource` is allowed. Unknown actions are refused. */
export function canAccess(ability: AppAbility, action: string, resource: string | undefined): boolean {
  const mapped = RA_ACTIONS[action];
  if (!mapped || !resource) return false;
  return ability.can(mapped, resource);
}
