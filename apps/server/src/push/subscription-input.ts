import { createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import { PUSH_LOCALES, PUSH_PLATFORMS, PUSH_TOPIC_PATTERN } from '@umpire/schema';
import type { ErrorSpec } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';

/** A browser's PushSubscription (its toJSON()), plus what the fan chose. */
export interface SubscriptionInput {
  endpoint?: string;
  p256dh?: string;
  auth?: string;
  platform?: string;
  locale?: string;
  topics?: string[];
}

export const MAX_TOPICS = 50;
const MAX_ENDPOINT = 2048;
const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const probe = createECDH('prime256v1');
probe.generateKeys();

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A host on this machine or a private network: a fan must not make the server call inside it. */
export function isInternalHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.internal')) return true;
  if (isIP(h) === 4) {
    const [a, b] = h.split('.').map(Number);
    return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  if (isIP(h) === 6) return h === '::1' || h === '::' || h.startsWith('fc') || h.startsWith('fd') || h.startsWith('fe80') || h.startsWith('::ffff:');
  return false;
}

/** An https push service on the internet; with `allowLoopback`, also http:// or https://127.0.0.1 (the tests' local service). */
export function endpointError(value: unknown, allowLoopback: boolean): boolean {
  if (typeof value !== 'string' || value.length > MAX_ENDPOINT) return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return true;
  }
  if (url.username || url.password || url.hash) return true;
  if (allowLoopback && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname === '127.0.0.1') return false;
  return url.protocol !== 'https:' || isInternalHost(url.hostname);
}

/** The subscription's public key: an uncompressed point on P-256 (65 bytes). */
export function isP256Point(value: unknown): boolean {
  if (typeof value !== 'string' || !B64URL.test(value)) return false;
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 4) return false;
  try {
    probe.computeSecret(bytes);
    return true;
  } catch {
    return false;
  }
}

export const isAuthSecret = (value: unknown) => typeof value === 'string' && B64URL.test(value) && Buffer.from(value, 'base64url').length === 16;

/**
 * Reads `{data:{type:'push_subscriptions', attributes:{endpoint, keys:{p256dh, auth}, platform, locale, topics}}}`.
 * `create` needs the endpoint and keys; an update may change only the choices.
 */
export function readSubscription(body: unknown, opts: { create: boolean; allowLoopback: boolean }): { input: SubscriptionInput; errors: ErrorSpec[] } {
  const errors: ErrorSpec[] = [];
  const data = isObject(body) ? body.data : undefined;
  if (!isObject(data) || data.type !== 'push_subscriptions') return { input: {}, errors: [fieldError('/data/type', 'type', 'invalidType', { expected: 'push_subscriptions' })] };
  const a = isObject(data.attributes) ? data.attributes : {};
  const input: SubscriptionInput = {};
  const allowed = opts.create ? ['endpoint', 'keys', 'platform', 'locale', 'topics', 'expirationTime', 'expiration_time'] : ['platform', 'locale', 'topics'];
  for (const name of Object.keys(a)) if (!allowed.includes(name)) errors.push(fieldError(`/data/attributes/${name}`, name, 'unknownAttribute'));
  if (opts.create) {
    if (a.endpoint == null) errors.push(fieldError('/data/attributes/endpoint', 'endpoint', 'required'));
    else if (endpointError(a.endpoint, opts.allowLoopback)) errors.push(fieldError('/data/attributes/endpoint', 'endpoint', 'invalidPushEndpoint'));
    else input.endpoint = a.endpoint as string;
    const keys = isObject(a.keys) ? a.keys : null;
    if (!keys) errors.push(fieldError('/data/attributes/keys', 'keys', 'required'));
    else {
      if (!isP256Point(keys.p256dh)) errors.push(fieldError('/data/attributes/keys/p256dh', 'p256dh', 'invalidPushKey'));
      else input.p256dh = keys.p256dh as string;
      if (!isAuthSecret(keys.auth)) errors.push(fieldError('/data/attributes/keys/auth', 'auth', 'invalidPushKey'));
      else input.auth = keys.auth as string;
    }
  }
  if (a.platform !== undefined) {
    if (!(PUSH_PLATFORMS as readonly unknown[]).includes(a.platform)) errors.push(fieldError('/data/attributes/platform', 'platform', 'invalidEnum', { values: [...PUSH_PLATFORMS] }));
    else input.platform = a.platform as string;
  }
  if (a.locale !== undefined) {
    if (!(PUSH_LOCALES as readonly unknown[]).includes(a.locale)) errors.push(fieldError('/data/attributes/locale', 'locale', 'invalidEnum', { values: [...PUSH_LOCALES] }));
    else input.locale = a.locale as string;
  }
  if (a.topics !== undefined) {
    if (!Array.isArray(a.topics)) errors.push(fieldError('/data/attributes/topics', 'topics', 'invalidType', { expected: 'array' }));
    else if (a.topics.length > MAX_TOPICS) errors.push(fieldError('/data/attributes/topics', 'topics', 'maxLength', { max: MAX_TOPICS }, { items: true }));
    else {
      const bad = a.topics.findIndex((t) => typeof t !== 'string' || !PUSH_TOPIC_PATTERN.test(t));
      if (bad >= 0) errors.push(fieldError(`/data/attributes/topics/${bad}`, 'topics', 'pattern'));
      else input.topics = [...new Set(a.topics as string[])];
    }
  }
  return { input, errors };
}
