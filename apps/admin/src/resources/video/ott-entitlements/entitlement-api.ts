import { getRuntime } from '../../../lib/configuration';
import { appHttpClient } from '../../../providers/json-api';

/** An entitlement as the list shows it (`fan` and `event` nested from `include`). */
export interface EntitlementRecord {
  id: string;
  kind: 'event' | 'subscription';
  valid_from: string;
  valid_until: string | null;
  source: 'staff' | 'webhook';
  external_ref: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
  fan_id: string;
  event_id: string | null;
  fan?: { id: string; display_name: string | null; email: string | null; kind: string };
  event?: { id: string; title?: string | null };
  created_at: string;
}

export const ENTITLEMENT_STATES = ['active', 'scheduled', 'expired', 'revoked'] as const;
export type EntitlementState = (typeof ENTITLEMENT_STATES)[number];

/** Where an entitlement stands at `now`: what the server's filter[active] decides, in four words. */
export function entitlementState(e: Pick<EntitlementRecord, 'valid_from' | 'valid_until' | 'revoked_at'>, now = Date.now()): EntitlementState {
  if (e.revoked_at) return 'revoked';
  if (Date.parse(e.valid_from) > now) return 'scheduled';
  if (e.valid_until && Date.parse(e.valid_until) <= now) return 'expired';
  return 'active';
}

/** How a fan is named to staff: the display name and e-mail, or the kind and id of a device. */
export function fanLabel(fan: EntitlementRecord['fan'] | undefined, deviceLabel: string, id?: string): string {
  if (!fan) return id ? `#${id}` : '';
  const name = fan.display_name?.trim();
  if (fan.email) return name ? `${name} <${fan.email}>` : fan.email;
  return name ? `${name} (${deviceLabel} #${fan.id})` : `${deviceLabel} #${fan.id}`;
}

/** Revokes an entitlement (final): `POST /ott/entitlements/{id}/revoke`. */
export async function revokeEntitlement(id: string): Promise<void> {
  await appHttpClient()(`${getRuntime().urls.umpire}/ott/entitlements/${encodeURIComponent(id)}/revoke`, { method: 'POST' });
}

/** The payment webhook as staff see it: where the provider calls, and whether (and when) a secret was set. */
export interface PaymentWebhook {
  url: string;
  configured: boolean;
  secret_hint: string | null;
  rotated_at: string | null;
  rotated_by: string | null;
}

interface WebhookDocument {
  data?: { attributes?: Partial<PaymentWebhook> };
  meta?: { secret?: unknown };
}

const webhookOf = (doc: WebhookDocument | undefined): PaymentWebhook => ({
  url: String(doc?.data?.attributes?.url ?? ''),
  configured: doc?.data?.attributes?.configured === true,
  secret_hint: doc?.data?.attributes?.secret_hint ?? null,
  rotated_at: doc?.data?.attributes?.rotated_at ?? null,
  rotated_by: doc?.data?.attributes?.rotated_by ?? null,
});

export async function readPaymentWebhook(): Promise<PaymentWebhook> {
  const response = await appHttpClient()<WebhookDocument>(`${getRuntime().urls.umpire}/ott/payment_webhook`);
  return webhookOf(response.body);
}

/** A new secret; it is in this answer only. */
export async function rotatePaymentWebhookSecret(): Promise<{ webhook: PaymentWebhook; secret: string | null }> {
  const response = await appHttpClient()<WebhookDocument>(`${getRuntime().urls.umpire}/ott/payment_webhook/rotate_secret`, { method: 'POST' });
  const secret = response.body?.meta?.secret;
  return { webhook: webhookOf(response.body), secret: typeof secret === 'string' && secret ? secret : null };
}
