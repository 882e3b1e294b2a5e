import { z } from 'zod';
import { defineResource } from '../../resource';
import { email, isoDateTime, oneOf, text } from '../../validators';

/** A fan is an app's anonymous device identity or an account (e-mail and password). */
export const FAN_KINDS = ['device', 'account'] as const;
export type FanKind = (typeof FAN_KINDS)[number];

/**
 * The fans of the client's websites and apps, as staff see them (read only): who a comment's
 * author or an entitlement's holder is, found by name or e-mail (`filter[q]`). Fans register and
 * sign in through the fan API (/public/v1/fans); their device ids and password hashes never
 * leave the server.
 */
export const fans = defineResource({
  type: 'fans',
  table: 'fans',
  section: 'settings',
  readOnly: true,
  defaultSort: '-created_at',
  newestFirst: true,
  titleAttribute: 'display_name',
  attributes: {
    kind: { type: 'string', schema: oneOf(FAN_KINDS), readOnly: true, filter: true, list: true },
    display_name: { type: 'string', schema: text(60), readOnly: true, search: true, list: true },
    email: { type: 'string', schema: email(), readOnly: true, search: true, filter: true, list: true },
    is_banned: { type: 'boolean', schema: z.boolean({ error: 'invalidType' }), readOnly: true, filter: true, list: true },
    last_seen_at: { type: 'datetime', schema: isoDateTime(), readOnly: true, filter: 'range', sort: true, list: true },
  },
  relationships: {},
});
