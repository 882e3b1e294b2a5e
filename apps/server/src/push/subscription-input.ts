import { createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { MATCH_ALERT_KINDS, PUSH_LOCALES, PUSH_PLATFORMS, PUSH_TOPIC_PATTERN } from '@umpire/schema';
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
  /** The kinds of match alert the fan wants (MATCH_ALERT_KINDS), in that list's order. */
  alertKinds?: string[];
}

export const MAX_TOPICS = 50;
const MAX_ENDPOINT = 2048;
const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const probe = createECDH('prime256v1');
probe.generateKeys();

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// IPv4 inside IPv6 that reaches the IPv4 it carries: NAT64's well-known prefix (RFC 6052).
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
// The only IPv6 block IANA hands out as global unicast: the rest (::/8 with its IPv4-compatible
// addresses, 100::/64, 5f00::/16…) is nothing a push service lives at.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether the server may call an IP address for a fan: only a global unicast one, by ipaddr.js's
 * table of special ranges (loopback, private, carrier-grade NAT, link-local, multicast, broadcast,
 * documentation, benchmarking, unique local, 6to4, Teredo…), kept with the package rather than by
 * hand here. IPv4 carried in IPv6 (`::ffff:10.0.0.1`, `64:ff9b::a00:1`) is judged as that IPv4.
 */
export function isPublicAddress(address: string): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (!v6.isIPv4MappedAddress() && !v6.match(NAT64)) return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
    ip = ipaddr.fromByteArray(v6.toByteArray().slice(12));
  }
  return ip.range() === 'unicast';
}

/**
 * A host a fan must not make the server call: an address that is not public, or a name of this
 * machine or a local network. Other names are judged by what they resolve to, when the server
 * connects (push-request.ts).
 */
export function isInternalHost(host: string): boolean {
  // `localhost.` is `localhost`.
  const h = host.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');
  if (isIP(h)) return !isPublicAddress(h);
  return h === 'localhost' || ['.localhost', '.internal', '.local', '.home.arpa'].some((suffix) => h.endsWith(suffix));
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
  const allowed = opts.create
    ? ['endpoint', 'keys', 'platform', 'locale', 'topics', 'alert_kinds', 'expirationTime', 'expiration_time']
    : ['platform', 'locale', 'topics', 'alert_kinds'];
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
  if (a.alert_kinds !== undefined) {
    const kinds: readonly unknown[] = MATCH_ALERT_KINDS;
    if (!Array.isArray(a.alert_kinds)) errors.push(fieldError('/data/attributes/alert_kinds', 'alert_kinds', 'invalidType', { expected: 'array' }));
    else {
      const given: unknown[] = a.alert_kinds;
      const bad = given.findIndex((k) => !kinds.includes(k));
      if (bad >= 0) errors.push(fieldError(`/data/attributes/alert_kinds/${bad}`, 'alert_kinds', 'invalidEnum', { values: [...MATCH_ALERT_KINDS] }));
      else input.alertKinds = MATCH_ALERT_KINDS.filter((k) => given.includes(k));
    }
  }
  return { input, errors };
}
