import { createMongoAbility, type MongoAbility } from '@casl/ability';
import { rulesForRoles, type Action } from '@umpire/schema';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../jsonapi/errors';

export interface AuthContext {
  userId: number;
  username: string;
  clientId: number;
  clientName: string;
  roles: string[];
  ability: MongoAbility;
  /** How the request proved who it is; cookie requests need the XSRF header to write. */
  via: 'header' | 'cookie' | 'query';
  token: string;
  /** When the token stops being valid (ms since the epoch). */
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Why authentication failed, for a precise 401. */
    authError: string | null;
  }
}

export function abilityFor(roles: string[]): MongoAbility {
  return createMongoAbility(rulesForRoles(roles) as never);
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new ApiError(401, 'unauthorized', request.authError ?? 'Sign in first: this call needs a valid token.');
  return request.auth;
}

/** The ability check every route makes, whatever the admin shows. */
export function requireAbility(request: FastifyRequest, action: Action, subject: string): AuthContext {
  const auth = requireAuth(request);
  if (!auth.ability.can(action, subject))
    throw new ApiError(403, 'forbidden', `Your role does not allow ${action} on ${subject}.`, undefined, { action, subject });
  return auth;
}
