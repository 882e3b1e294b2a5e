import { z } from 'zod';
import { defineResource } from '../resource';
import { isoDateTime, oneOf, recordId, text } from '../validators';

/**
 * What an entitlement opens (issue 24, point 5): `event`, one event (its `event`), whatever its
 * paid access; `subscription`, every `subscription` event of the client for as long as it runs.
 * A subscription does not open `pay_per_view` events: those are sold one by one.
 */
export const ENTITLEMENT_KINDS = ['event', 'subscription'] as const;
export type EntitlementKind = (typeof ENTITLEMENT_KINDS)[number];
/** Who granted it: staff (the API or the admin) or the payment provider's webhook. */
export const ENTITLEMENT_SOURCES = ['staff', 'webhook'] as const;
export type EntitlementSource = (typeof ENTITLEMENT_SOURCES)[number];
/** The payment provider's id of a purchase: unique per client, so one purchase grants once. */
export const EXTERNAL_REF_MAX_LENGTH = 200;

/**
 * A fan's right to watch paid OTT events. Staff list them here (`filter[active]=true`: granted,
 * started, not ended and not revoked, now); granting is `POST` and revoking
 * `POST …/{id}/revoke` (apps/server/src/ott/entitlements.ts), so no entitlement is ever edited
 * or deleted: the list is also the history of who could watch what, and who revoked it.
 */
export const ottEntitlements = defineResource({
  type: 'ott_entitlements',
  path: 'ott/entitlements',
  table: 'ott_entitlements',
  section: 'video',
  readOnly: true,
  defaultSort: '-created_at',
  newestFirst: true,
  attributes: {
    kind: { type: 'string', schema: oneOf(ENTITLEMENT_KINDS), required: true, filter: true, sort: true, list: true, example: 'event' },
    /** From when it opens playback (the grant's time when not given). */
    valid_from: { type: 'datetime', schema: isoDateTime(), filter: 'range', sort: true, list: true, example: '2026-05-01T00:00:00Z' },
    /** Until when (exclusive); null: open-ended. */
    valid_until: { type: 'datetime', schema: isoDateTime(), filter: 'range', sort: true, list: true, example: '2026-06-01T00:00:00Z' },
    source: { type: 'string', schema: oneOf(ENTITLEMENT_SOURCES), readOnly: true, filter: true, list: true },
    external_ref: { type: 'string', schema: text(EXTERNAL_REF_MAX_LENGTH), unique: true, filter: true, example: 'pi_3PqX2c' },
    revoked_at: { type: 'datetime', schema: isoDateTime(), readOnly: true, filter: 'range', sort: true, list: true },
    revoked_by: { type: 'string', schema: text(200), readOnly: true },
  },
  relationships: {
    fan: { kind: 'belongsTo', type: 'fans', required: true, onDelete: 'cascade' },
    event: { kind: 'belongsTo', type: 'ott_events', onDelete: 'cascade' },
  },
});

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` (X-Umpire-Signature). */
export const PAYMENT_WEBHOOK_SIGNATURE_HEADER = 'x-umpire-signature';
/** How far a webhook's timestamp may be from the server's clock, either way. */
export const PAYMENT_WEBHOOK_TOLERANCE_SECONDS = 300;
export const PAYMENT_WEBHOOK_TYPES = ['entitlement.granted', 'entitlement.revoked'] as const;

/**
 * The payment provider's webhook body (POST /public/v1/ott/payments/webhook?client=<slug>).
 * `id` is the delivery's own id: a delivery seen before is answered 200 and changes nothing.
 * A grant names its fan by `fan_id` or `fan_email` (an account fan); a revoke needs only
 * `external_ref`, the purchase the grant named.
 */
export const paymentWebhookSchema = z
  .object({
    id: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'maxLength' }),
    type: z.enum(PAYMENT_WEBHOOK_TYPES, { error: 'invalidEnum' }),
    created: z.number({ error: 'invalidType' }).optional(),
    data: z
      .object({
        fan_id: recordId().optional(),
        fan_email: z.string({ error: 'invalidType' }).max(254, { error: 'maxLength' }).optional(),
        kind: oneOf(ENTITLEMENT_KINDS).optional(),
        event_id: recordId().optional(),
        valid_from: isoDateTime().optional(),
        valid_until: isoDateTime().nullable().optional(),
        external_ref: text(EXTERNAL_REF_MAX_LENGTH),
      }, { error: 'required' })
      .strict(),
  }, { error: 'invalidType' })
  .strict();
export type PaymentWebhook = z.infer<typeof paymentWebhookSchema>;
