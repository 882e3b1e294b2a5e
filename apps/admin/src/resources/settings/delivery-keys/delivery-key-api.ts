import { getRuntime } from '../../../lib/configuration';
import { appHttpClient } from '../../../providers/json-api';
import { toHttpError } from '../../../providers/data-provider';
import { resourceDef } from '../../../framework/definitions';

/** What staff type to make a key. */
export interface NewDeliveryKey {
  name: string;
  rate_limit_per_minute: number;
}

/** A key just made: its secret is in this answer only (null when a retry's answer had to leave it out). */
export interface CreatedDeliveryKey {
  id: string;
  name: string;
  prefix: string;
  secret: string | null;
}

interface CreateDocument {
  data?: { id?: unknown; attributes?: { name?: unknown; prefix?: unknown } };
  meta?: { secret?: unknown };
}

/** The key and its secret from the answer to `POST /delivery_keys` (the secret is in `meta`, not in the record). */
export function createdKeyOf(doc: unknown): CreatedDeliveryKey {
  const { data, meta } = (doc ?? {}) as CreateDocument;
  const secret = typeof meta?.secret === 'string' && meta.secret ? meta.secret : null;
  return {
    id: String(data?.id ?? ''),
    name: typeof data?.attributes?.name === 'string' ? data.attributes.name : '',
    prefix: typeof data?.attributes?.prefix === 'string' ? data.attributes.prefix : '',
    secret,
  };
}

/**
 * Makes a key. Not through the data provider: react-admin's create keeps the record and drops the
 * document's `meta`, where the secret is. Field errors come back as the data provider's do, so the
 * form shows them beside their fields.
 */
export async function createDeliveryKey(values: NewDeliveryKey): Promise<CreatedDeliveryKey> {
  try {
    const response = await appHttpClient()(`${getRuntime().urls.umpire}/delivery_keys`, {
      method: 'POST',
      body: { data: { type: 'delivery_keys', attributes: { name: values.name, rate_limit_per_minute: values.rate_limit_per_minute } } },
    });
    return createdKeyOf(response.body);
  } catch (failure) {
    throw toHttpError(resourceDef('delivery_keys'), failure);
  }
}

/** Revokes a key (final): `POST /delivery_keys/{id}/revoke`. */
export async function revokeDeliveryKey(id: string): Promise<void> {
  await appHttpClient()(`${getRuntime().urls.umpire}/delivery_keys/${encodeURIComponent(id)}/revoke`, { method: 'POST' });
}
