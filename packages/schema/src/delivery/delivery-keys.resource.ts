import { defineResource } from '../resource';
import { integer, isoDateTime, oneOf, text } from '../validators';

/** The header a website or app sends its delivery key in (`/public/v1` reads). */
export const DELIVERY_KEY_HEADER = 'X-Delivery-Key';
/** A key's requests per minute unless staff say otherwise, and the bounds they may choose in. */
export const DEFAULT_DELIVERY_KEY_RATE_LIMIT = 600;
export const DELIVERY_KEY_RATE_LIMIT_MIN = 1;
export const DELIVERY_KEY_RATE_LIMIT_MAX = 100_000;
/** `revoked` is final: the row stays so staff see which key it was and when it was last used. */
export const DELIVERY_KEY_STATUSES = ['active', 'revoked'] as const;
export type DeliveryKeyStatus = (typeof DELIVERY_KEY_STATUSES)[number];
/** Whether `?client=` reads without a key are allowed when a client has not said (client setting `public_anonymous_reads`). */
export const DEFAULT_PUBLIC_ANONYMOUS_READS = true;

/**
 * A read-only key of the delivery API for one website or app of the client (issue 24, point 2).
 * The server makes the secret on create and shows it once, in that answer's `meta.secret`; only
 * its SHA-256 is kept (never a declared attribute, so no read shows it) and its first characters
 * (`prefix`) name it for staff. Revoking keeps the row; deleting removes it.
 */
export const deliveryKeys = defineResource({
  type: 'delivery_keys',
  table: 'delivery_keys',
  section: 'settings',
  defaultSort: '-created_at',
  newestFirst: true,
  titleAttribute: 'name',
  // POST /delivery_keys is served by the capability: it makes the secret and answers it once.
  serverCreated: true,
  attributes: {
    /** The website or app the key is for. */
    name: { type: 'string', schema: text(120), required: true, sort: true, search: true, list: true, example: 'Club website' },
    /** The secret's first characters (`udk_` and 8 more), so staff can tell keys apart. */
    prefix: { type: 'string', schema: text(20), readOnly: true, filter: true, list: true },
    rate_limit_per_minute: {
      type: 'integer',
      schema: integer(DELIVERY_KEY_RATE_LIMIT_MIN, DELIVERY_KEY_RATE_LIMIT_MAX),
      default: DEFAULT_DELIVERY_KEY_RATE_LIMIT,
      filter: 'range',
      sort: true,
      list: true,
      example: 1200,
    },
    status: { type: 'string', schema: oneOf(DELIVERY_KEY_STATUSES), readOnly: true, filter: true, sort: true, list: true },
    /** Moved by the key's reads, at most about once a minute. */
    last_used_at: { type: 'datetime', schema: isoDateTime(), readOnly: true, filter: 'range', sort: true, list: true },
    revoked_at: { type: 'datetime', schema: isoDateTime(), readOnly: true, filter: 'range', sort: true },
    /** The staff member who made the key. */
    created_by: { type: 'string', schema: text(120), readOnly: true, filter: true },
  },
  relationships: {},
});
