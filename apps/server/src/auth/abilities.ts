import { createMongoAbility, type MongoAbility } from '@casl/ability';
import { rulesForRoles } from '@umpire/schema';

/** What a user of these roles may do (CASL rules of @umpire/schema), as the token's context carries it. */
export function abilityFor(roles: string[]): MongoAbility {
  return createMongoAbility(rulesForRoles(roles) as never);
}
