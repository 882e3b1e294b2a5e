import type { MongoAbility } from '@casl/ability';
import type { Action, ErrorMessageId } from '@umpire/schema';
import type { FastifyRequest } from 'fastify';
import { apiError } from './errors';

/**
 * Who a staff request is and what it may do: what the engine's routes (and every capability's)
 * check before they read or write. The engine declares it; auth/authenticate.ts fills `request.auth`
 * from the token (the abilities of its roles: auth/abilities.ts).
 */
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
    authError: AuthFailure | null;
  }
}

/** The message of a 401 that says why the token was refused. */
export type AuthFailure = Extract<ErrorMessageId, `unauthorized${string}`>;

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw apiError(401, request.authError ?? 'unauthorized');
  return request.auth;
}

/** The ability check every route makes, whatever the admin shows. */
export function requireAbility(request: FastifyRequest, action: Action, subject: string): AuthContext {
  const auth = requireAuth(request);
  if (!auth.ability.can(action, subject))
    throw apiError(403, 'forbidden', { values: { action, subject }, params: { action, subject } });
  return auth;
}
