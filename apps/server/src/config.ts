import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { availableParallelism, hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyRequest } from 'fastify';
import { INTERFACE_LANGUAGES, isInterfaceLanguage, type InterfaceLanguage } from '@umpire/schema';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** How long browsers and CDNs keep delivery API answers, and whom to tell when content changes. */
export interface DeliveryConfig {
  /** Cache-Control max-age (browsers; 0: they ask again, with the ETag). */
  maxAge: number;
  /** s-maxage (CDNs): safe to be long when the purge hook is set, since changes purge at once. */
  sharedMaxAge: number;
  staleWhileRevalidate: number;
  /** POSTed `{"surrogate_keys":[…]}` after each commit that changed what public answers show. */
  purgeUrl: string | null;
  /** Sent as `Authorization: Bearer …` to the purge URL. */
  purgeToken: string | null;
}

/** At most `max` failed sign-ins within `windowSeconds` (a sliding window). */
export interface SignInLimit {
  max: number;
  windowSeconds: number;
}

/** The failure counters of auth/sign-in.ts; see there for which attempt each one judges. */
export interface SignInLimits {
  /** One username from one address: someone mistyping their password. */
  pair: SignInLimit;
  /** One address, any usernames: password spraying (attempts with a device cookie are exempt). */
  address: SignInLimit;
  /** One username, any addresses: distributed guessing (attempts with a device cookie are exempt). */
  username: SignInLimit;
  /** One device cookie: the only counter for an attempt that carries a valid one. */
  device: SignInLimit;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  pair: { max: 10, windowSeconds: 60 },
  address: { max: 100, windowSeconds: 15 * 60 },
  username: { max: 50, windowSeconds: 15 * 60 },
  device: { max: 10, windowSeconds: 60 },
};

/**
 * `SIGN_IN_LIMITS="address=200/900,pair=5/60"` overrides some counters (max/window seconds);
 * `SIGN_IN_LIMIT` alone still sets the per-pair maximum, as it set the one limit before.
 */
export function parseSignInLimits(spec: string | undefined, pairMax: string | undefined): SignInLimits {
  const limits = structuredClone(DEFAULT_SIGN_IN_LIMITS);
  if (pairMax !== undefined && pairMax !== '') limits.pair.max = Number(pairMax);
  for (const part of (spec ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^(pair|address|username|device)=(\d+)\/(\d+)$/.exec(part);
    if (!m) throw new Error(`SIGN_IN_LIMITS: "${part}" is not scope=max/seconds (scopes: pair, address, username, device)`);
    limits[m[1] as keyof SignInLimits] = { max: Number(m[2]), windowSeconds: Number(m[3]) };
  }
  for (const [scope, { max, windowSeconds }] of Object.entries(limits))
    if (!Number.isInteger(max) || max < 1 || !Number.isInteger(windowSeconds) || windowSeconds < 1)
      throw new Error(`sign-in limit ${scope}: max and window must be whole numbers of at least 1`);
  return limits;
}

/** Limits of the fan-facing API (delivery/rate-limit.ts): writes per fan, per address, and registrations per address. */
export interface FanLimits {
  fan: SignInLimit;
  address: SignInLimit;
  register: SignInLimit;
}

export const DEFAULT_FAN_LIMITS: FanLimits = {
  fan: { max: 30, windowSeconds: 60 },
  address: { max: 600, windowSeconds: 60 },
  register: { max: 30, windowSeconds: 60 * 60 },
};

/** `FAN_LIMITS="fan=60/60,address=1000/60"` overrides some of them (max/window seconds). */
export function parseFanLimits(spec: string | undefined): FanLimits {
  const limits = structuredClone(DEFAULT_FAN_LIMITS);
  for (const part of (spec ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^(fan|address|register)=(\d+)\/(\d+)$/.exec(part);
    if (!m || Number(m[2]) < 1 || Number(m[3]) < 1) throw new Error(`FAN_LIMITS: "${part}" is not scope=max/seconds with whole numbers of at least 1 (scopes: fan, address, register)`);
    limits[m[1] as keyof FanLimits] = { max: Number(m[2]), windowSeconds: Number(m[3]) };
  }
  return limits;
}

/**
 * The payment provider's webhook's own limit per address (PAYMENT_WEBHOOK_LIMIT, max/seconds),
 * counted before its signature is checked. A provider delivers from a few addresses and retries what
 * is refused, so a sale of thousands of tickets before kick-off fits, and a flood of forged calls
 * from one address costs no more than this many HMACs a minute.
 */
export const DEFAULT_PAYMENT_WEBHOOK_LIMIT: SignInLimit = { max: 300, windowSeconds: 60 };

export function parsePaymentWebhookLimit(spec: string | undefined): SignInLimit {
  const value = spec?.trim();
  if (!value) return { ...DEFAULT_PAYMENT_WEBHOOK_LIMIT };
  const m = /^([1-9]\d{0,8})\/([1-9]\d{0,8})$/.exec(value);
  if (!m) throw new ConfigError(`PAYMENT_WEBHOOK_LIMIT=${value}: write max/seconds, whole numbers of at least 1 (default ${DEFAULT_PAYMENT_WEBHOOK_LIMIT.max}/${DEFAULT_PAYMENT_WEBHOOK_LIMIT.windowSeconds}).`);
  return { max: Number(m[1]), windowSeconds: Number(m[2]) };
}

/** SLOW_REQUEST_MS: whole milliseconds, 0 logs every request as slow (default 1000). */
export function parseSlowRequestMs(spec: string | undefined): number {
  const value = spec?.trim();
  if (!value) return 1000;
  if (!/^\d{1,9}$/.test(value)) throw new ConfigError(`SLOW_REQUEST_MS=${value}: write whole milliseconds, 0 or more (default 1000).`);
  return Number(value);
}

/**
 * SITE_CACHE_MS: how long the website serves a page it rendered before it renders it again from
 * the delivery API's answers (apps/site, `cacheMs`); 0 keeps none (bench/site.mjs times renders so).
 */
export function parseSiteCacheMs(spec: string | undefined): number {
  const value = spec?.trim();
  if (!value) return 1000;
  if (!/^\d{1,9}$/.test(value)) throw new ConfigError(`SITE_CACHE_MS=${value}: write whole milliseconds, 0 or more (default 1000).`);
  return Number(value);
}

export type StorageConfig =
  | { driver: 'local'; directory: string }
  | {
      driver: 's3';
      /** An S3-compatible endpoint (MinIO, Ceph, R2, a test server); AWS itself when absent. */
      endpoint?: string;
      region: string;
      bucket: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      /** `https://host/bucket/key` rather than `https://bucket.host/key` (most self-hosted servers). */
      forcePathStyle: boolean;
    };

/**
 * STORAGE_DRIVER=local (default) keeps files in UPLOADS_DIR (default data/uploads).
 * STORAGE_DRIVER=s3 keeps them in S3_BUCKET at S3_ENDPOINT (AWS when unset; MinIO, R2 and others
 * otherwise), S3_REGION (default us-east-1), S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (else the
 * SDK's own chain: environment, profile, instance role), S3_FORCE_PATH_STYLE=true for servers
 * without bucket subdomains.
 */
export function parseStorage(env: NodeJS.ProcessEnv, dataDir: string): StorageConfig {
  const driver = env.STORAGE_DRIVER ?? 'local';
  if (driver === 'local') return { driver, directory: resolve(env.UPLOADS_DIR ?? join(dataDir, 'uploads')) };
  if (driver === 's3') {
    const bucket = env.S3_BUCKET?.trim();
    if (!bucket) throw new ConfigError('STORAGE_DRIVER=s3 needs S3_BUCKET, the bucket that keeps the files.');
    const endpoint = env.S3_ENDPOINT?.trim() || undefined;
    if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint))
      throw new ConfigError(`S3_ENDPOINT=${endpoint} is not an address; write it as http(s)://host[:port].`);
    if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY)
      throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK\'s credentials.');
    const pathStyle = env.S3_FORCE_PATH_STYLE ?? 'false';
    if (pathStyle !== 'true' && pathStyle !== 'false') throw new ConfigError(`S3_FORCE_PATH_STYLE=${pathStyle}: write true or false.`);
    return {
      driver,
      endpoint,
      region: env.S3_REGION?.trim() || 'us-east-1',
      bucket,
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: pathStyle === 'true',
    };
  }
  throw new ConfigError(`STORAGE_DRIVER=${driver} is not a storage driver; choose local or s3.`);
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set, else SQLite under dataDir. */
  databaseUrl: string | null;
  sqlitePath: string;
  jwtSecret: Uint8Array;
  /**
   * Secrets of before a rotation (UMPIRE_JWT_PREVIOUS_SECRETS, comma-separated): tokens they signed
   * are still accepted until they expire; new tokens are signed with `jwtSecret` only.
   */
  jwtPreviousSecrets: Uint8Array[];
  tokenTtlSeconds: number;
  /** Origins the sign-in gateway may redirect to. */
  allowedOrigins: string[];
  adminDist: string;
  /**
   * Whom X-Forwarded-For (and -Proto, -Host) is believed from (TRUST_PROXY, see parseTrustProxy):
   * the client's address that sign-in, fan and /cable limits count by. False: nobody.
   */
  trustProxy: ProxyTrust;
  /** Public origin when behind a proxy; otherwise derived from each request. */
  publicUrl: string | null;
  /** `X-DB-Queries` on /public/v1 answers too (PUBLIC_QUERY_COUNTS=true): for benchmarks, never in production. */
  publicQueryCounts: boolean;
  cdnId: string;
  /** The delivery API's caching by browsers and CDNs (delivery/delivery.ts). */
  delivery: DeliveryConfig;
  /**
   * The league's website served by this server (SITE_CLIENT: the league it shows; empty: none), at
   * SITE_BASE_PATH, a rendered page served for SITE_CACHE_MS before it is rendered again.
   */
  site: { client: string | null; basePath: string; cacheMs: number };
  /** Fans' live connections to /cable (no token) one address may hold at once. */
  cablePublicConnectionsPerAddress: number;
  /**
   * Bounds of one fan's /cable connection (realtime/cable.ts): subscriptions held at once
   * (CABLE_PUBLIC_SUBSCRIPTIONS_PER_CONNECTION), the size of a subscribe's identifier in bytes
   * (CABLE_PUBLIC_IDENTIFIER_BYTES), and new subscribes (CABLE_PUBLIC_SUBSCRIBE_RATE, max/seconds,
   * after as many at once as the subscriptions and the max together; past it the connection is
   * closed). Public snapshots kept in memory, each of found and of "no such" ones (CABLE_SNAPSHOT_CACHE).
   */
  cablePublic: { subscriptions: number; identifierBytes: number; subscribeRate: SignInLimit; snapshotCache: number };
  /** Where library files are kept (STORAGE_DRIVER; the local directory is UPLOADS_DIR, default data/uploads). */
  storage: StorageConfig;
  /** The interface languages this installation offers, in order (INTERFACE_LANGUAGES). */
  interfaceLanguages: InterfaceLanguage[];
  /** DEFAULT_LANGUAGE, else the first of interfaceLanguages (spec §9's order). */
  defaultLanguage: InterfaceLanguage;
  bodyLimit: number;
  signInLimits: SignInLimits;
  fanLimits: FanLimits;
  /** Calls of the payment webhook per address (PAYMENT_WEBHOOK_LIMIT), before any signature is checked. */
  paymentWebhookLimit: SignInLimit;
  /** How long a fan's token lasts (the app registers again, or signs in, after). */
  fanTokenTtlSeconds: number;
  /**
   * The proof of work fans' registrations and sign-ins may carry instead of being limited per
   * address (fan-api/challenge.ts): `FAN_CHALLENGE_COST` PBKDF2 iterations per try and up to
   * `FAN_CHALLENGE_MAX_COUNTER` tries (on average half: the difficulty), valid `FAN_CHALLENGE_TTL_SECONDS`.
   */
  fanChallenge: { cost: number; maxCounter: number; ttlSeconds: number };
  /** How long a browser stays a known device of an account after a successful sign-in. */
  deviceCookieDays: number;
  seedOnEmpty: boolean;
  logLevel: string;
  /** A request that takes longer (SLOW_REQUEST_MS, default 1000) is logged at warn, with its route, status and duration. */
  slowRequestMs: number;
  /** The image service (/img): rendered variants kept in IMAGE_CACHE_DIR (default data/image-cache). */
  images: ImageServiceConfig;
  /**
   * Durable jobs: poll interval (JOB_POLL_MS, default 1000), whether this instance runs them
   * (JOB_WORKER=false: no) and the lease of a claimed job (JOB_LEASE_MS, default 5 minutes): when an
   * instance dies mid-job, another takes the job over once the lease has run out. OTT jobs, whose
   * lease the running job renews every second, take the shorter of it and a minute. OTT_WORKER=false
   * keeps transcodings off an instance that runs other jobs (API-only instances beside transcoding
   * ones; test servers, which would otherwise transcode the demo's highlights at every start).
   */
  jobs: { pollMs: number; worker: boolean; ottWorker: boolean; leaseMs: number };
  /**
   * A planned stop (SIGTERM): the instance drains for SHUTDOWN_DRAIN_MS (default 2000), /healthz
   * answering 503 `draining` while it still serves what comes, long enough for the balancer's
   * health check to take it out (HAProxy here: `inter 1s fastinter 250ms fall 2`, out within about
   * 1.3 s; 0 without a balancer); then it closes. SHUTDOWN_TIMEOUT_MS (default 10000, from the
   * signal) ends the process whatever is left, as does a second signal. Ctrl-C (SIGINT) does not wait.
   */
  shutdown: { drainMs: number; timeoutMs: number };
  /**
   * Web Push: the VAPID subject (PUSH_VAPID_SUBJECT, a mailto: or https: address push services may
   * contact), how many deliveries run at once (PUSH_CONCURRENCY), and whether subscriptions may name
   * a push service on this machine (PUSH_ALLOW_LOOPBACK=true: tests and benchmarks only).
   */
  push: { vapidSubject: string; concurrency: number; batch: number; runners: number; sliceMs: number; allowLoopback: boolean; timeoutMs: number; firstRecipients: number };
  /**
   * OTT: the request header carrying the viewer's country for `allowed_country` (OTT_COUNTRY_HEADER,
   * default `cf-ipcountry`, as Cloudflare sends it; set it to what your CDN or proxy sends, and let
   * only that proxy reach the server); how long signed playback URLs last (OTT_PLAYBACK_TTL_SECONDS,
   * default 4 hours); limits of one transcoding (OTT_TRANSCODE_TIMEOUT_S, default 4 hours;
   * OTT_MAX_SOURCE_MB, default 20480; OTT_MAX_OUTPUT_MB, default 20480); the ladder's encoder preset
   * (OTT_X264_PRESET, default veryfast).
   */
  ott: { countryHeader: string; playbackTtlSeconds: number; transcodeTimeoutMs: number; maxSourceBytes: number; maxOutputBytes: number; x264Preset: string };
  /**
   * The live engine (RTMP and SRT ingest to HLS, src/ott/live): OTT_LIVE=false runs none (live
   * streams are then refused with liveEngineUnavailable); ingest listeners bind OTT_INGEST_HOST
   * (default 0.0.0.0) on ports of OTT_INGEST_PORTS (`from-to`, default: any free port) and are
   * announced to camera crews as OTT_INGEST_PUBLIC_HOST (default: this machine's name); the output's
   * x264 preset is OTT_LIVE_PRESET (default superfast) and its ladder OTT_LIVE_LADDER
   * (`WIDTHxHEIGHT@kbps,…`, largest first; default 1280x720@2800,640x360@800).
   *
   * Several instances: one owns each stream (its ingest and encoder) under a lease in the database
   * of OTT_LIVE_LEASE_MS (default 10 s), renewed five times in it; another takes the stream over
   * once it lapses. The others forward control calls to the owner at OTT_CONTROL_URL (this
   * instance's own address as the others reach it; default http://HOST:PORT, or this machine's name
   * when HOST is a wildcard), authenticated with a key derived from the JWT secret.
   */
  live: {
    enabled: boolean;
    host: string;
    publicHost: string;
    portRange?: { from: number; to: number };
    preset: string;
    ladder?: { name: string; width: number; height: number; videoKbps: number }[];
    leaseMs: number;
    controlUrl: string | null;
  };
}

export interface ImageServiceConfig {
  cacheDir: string;
  /** Renders at once (IMAGE_RENDERS, default: the number of cores); more wait in line. */
  renders: number;
  /** Renders waiting at most (IMAGE_RENDER_QUEUE, default 64); beyond it the answer is 503. */
  queue: number;
  /** A render taking longer is stopped (IMAGE_RENDER_TIMEOUT_MS, default 10 s). */
  timeoutMs: number;
  /** Recently served variants kept in memory (IMAGE_MEMORY_CACHE_MB, default 64). */
  memoryBytes: number;
}

/** A setting the server cannot start with; main prints its message alone, without a stack. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LANGUAGE_CHOICES = INTERFACE_LANGUAGES.join(', ');

/**
 * INTERFACE_LANGUAGES (default `pl,en`) and DEFAULT_LANGUAGE (default: the first of them).
 * A language the admin has no translations for, an empty list, or a default outside the list
 * stops the start with a message that says what to write instead.
 */
export function parseLanguages(env: NodeJS.ProcessEnv): Pick<Config, 'interfaceLanguages' | 'defaultLanguage'> {
  const raw = env.INTERFACE_LANGUAGES ?? INTERFACE_LANGUAGES.join(',');
  const named = raw.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (!named.length)
    throw new ConfigError(`INTERFACE_LANGUAGES is empty: name one or more of ${LANGUAGE_CHOICES}, separated by commas (e.g. INTERFACE_LANGUAGES=pl,en).`);
  const unknown = named.filter((lang) => !isInterfaceLanguage(lang));
  if (unknown.length)
    throw new ConfigError(
      `INTERFACE_LANGUAGES=${raw} names ${unknown.join(', ')}, which the admin has no translations for; the interface languages are ${LANGUAGE_CHOICES}.`,
    );
  const interfaceLanguages = [...new Set(named as InterfaceLanguage[])];
  const wanted = env.DEFAULT_LANGUAGE?.trim().toLowerCase();
  if (!wanted) return { interfaceLanguages, defaultLanguage: interfaceLanguages[0] };
  const defaultLanguage = interfaceLanguages.find((lang) => lang === wanted);
  if (!defaultLanguage)
    throw new ConfigError(`DEFAULT_LANGUAGE=${env.DEFAULT_LANGUAGE} is not one of INTERFACE_LANGUAGES (${interfaceLanguages.join(', ')}).`);
  return { interfaceLanguages, defaultLanguage };
}

/** `1280x720@2800,640x360@800` (OTT_LIVE_LADDER); nothing when unset (the engine's default). */
function parseLadder(spec: string | undefined): { name: string; width: number; height: number; videoKbps: number }[] | undefined {
  if (!spec?.trim()) return undefined;
  return spec.split(',').map((part) => {
    const m = /^(\d{2,4})x(\d{2,4})@(\d{2,5})$/.exec(part.trim());
    if (!m || Number(m[1]) % 2 || Number(m[2]) % 2) throw new ConfigError(`OTT_LIVE_LADDER: "${part}" is not WIDTHxHEIGHT@kbps with even sizes (e.g. 1280x720@2800).`);
    return { name: `${m[2]}p`, width: Number(m[1]), height: Number(m[2]), videoKbps: Number(m[3]) };
  });
}

/** `from-to` (OTT_INGEST_PORTS); nothing when unset. */
function parsePortRange(spec: string | undefined): { from: number; to: number } | undefined {
  if (!spec?.trim()) return undefined;
  const m = /^(\d+)-(\d+)$/.exec(spec.trim());
  const [from, to] = m ? [Number(m[1]), Number(m[2])] : [0, 0];
  if (!m || from < 1 || to > 65535 || to - from < 3) throw new ConfigError(`OTT_INGEST_PORTS=${spec}: write from-to, at least 4 ports (each stream listens on 4), within 1-65535.`);
  return { from, to };
}

/** The JWT secret comes from UMPIRE_JWT_SECRET, else a file under data/ made on first start. */
function loadSecret(env: NodeJS.ProcessEnv, dataDir: string): Uint8Array {
  const fromEnv = env.UMPIRE_JWT_SECRET;
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** FAN_CHALLENGE_COST, FAN_CHALLENGE_MAX_COUNTER, FAN_CHALLENGE_TTL_SECONDS: whole numbers of at least 1. */
function parseFanChallenge(env: NodeJS.ProcessEnv): Config['fanChallenge'] {
  const read = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^[1-9]\d{0,8}$/.test(raw)) throw new Error(`${name}: "${raw}" is not a whole number of at least 1`);
    return Number(raw);
  };
  return { cost: read('FAN_CHALLENGE_COST', 100), maxCounter: read('FAN_CHALLENGE_MAX_COUNTER', 2000), ttlSeconds: read('FAN_CHALLENGE_TTL_SECONDS', 300) };
}

/** Whom X-Forwarded-For is believed from: `(address, hop)` as proxy-addr asks it; false: nobody. */
export type ProxyTrust = false | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY: how many proxies stand in front (`1`: the load balancer, whose entry, the right-most
 * of X-Forwarded-For, is the client), or their addresses and ranges, comma-separated
 * (`10.0.0.5,10.1.0.0/16`, or proxy-addr's `loopback`, `linklocal`, `uniquelocal`), as Fastify's
 * trustProxy takes them. A hop count believes whoever connects: only for instances nothing but the
 * proxy reaches. `true` (believe every entry, so the left-most, which the client writes) is refused:
 * mapped to 1 it would silently count a CDN's address as every client's behind a CDN and a balancer.
 * Compiled once: Fastify's request.ip and /cable (clientAddress) ask the same function.
 */
export function parseTrustProxy(raw: string | undefined): ProxyTrust {
  const value = (raw ?? '').trim();
  if (value === '' || value.toLowerCase() === 'false' || /^0+$/.test(value)) return false;
  if (value.toLowerCase() === 'true')
    throw new ConfigError(
      'TRUST_PROXY=true would take the left-most X-Forwarded-For address, which the client writes itself; name what to trust instead: how many proxies are in front (TRUST_PROXY=1 for one load balancer) or their addresses (e.g. TRUST_PROXY=10.0.0.5,10.1.0.0/16).',
    );
  if (/^\d{1,3}$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
  const wrong = (why: string) =>
    new ConfigError(`TRUST_PROXY=${value}: ${why}; write how many proxies are in front (e.g. 1) or their addresses or ranges, comma-separated (e.g. 10.0.0.5,10.1.0.0/16).`);
  // ipaddr.js reads `1.5` as 1.0.0.5: a mistyped number must not become an address.
  const short = entries.find((e) => /^[\d.]+(\/\d+)?$/.test(e) && !/^\d+\.\d+\.\d+\.\d+(\/\d+)?$/.test(e));
  if (short) throw wrong(`${short} is neither a number of proxies nor an address`);
  try {
    return proxyAddr.compile(entries);
  } catch (error) {
    throw wrong((error as Error).message);
  }
}

/** The client's address: the socket's, or what the trusted proxies say it is; /cable's upgrades ask it as Fastify's request.ip does. */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): string {
  return (trust ? proxyAddr(req, trust) : req.socket.remoteAddress) ?? 'unknown';
}

/** The public /cable's bounds per connection (Config['cablePublic']). */
export function parseCablePublic(env: NodeJS.ProcessEnv): Config['cablePublic'] {
  const whole = (name: string, fallback: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    if (!/^[1-9]\d{0,8}$/.test(raw)) throw new ConfigError(`${name}=${raw}: write a whole number of at least 1 (default ${fallback}).`);
    return Number(raw);
  };
  const rate = env.CABLE_PUBLIC_SUBSCRIBE_RATE?.trim() || '20/10';
  const m = /^([1-9]\d{0,8})\/([1-9]\d{0,8})$/.exec(rate);
  if (!m) throw new ConfigError(`CABLE_PUBLIC_SUBSCRIBE_RATE=${rate}: write max/seconds, whole numbers of at least 1 (default 20/10).`);
  return {
    subscriptions: whole('CABLE_PUBLIC_SUBSCRIPTIONS_PER_CONNECTION', 50),
    identifierBytes: whole('CABLE_PUBLIC_IDENTIFIER_BYTES', 1024),
    subscribeRate: { max: Number(m[1]), windowSeconds: Number(m[2]) },
    snapshotCache: whole('CABLE_SNAPSHOT_CACHE', 1000),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // Checked first, so a bad value changes nothing on disk.
  const languages = parseLanguages(env);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  const cablePublic = parseCablePublic(env);
  const siteCacheMs = parseSiteCacheMs(env.SITE_CACHE_MS);
  const port = Number(env.PORT ?? 8080);
  const dataDir = resolve(env.DATA_DIR ?? join(REPO_ROOT, 'data'));
  mkdirSync(dataDir, { recursive: true });
  const list = (v: string | undefined) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const origins = list(env.ALLOWED_ORIGINS);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    sqlitePath: join(dataDir, 'umpire.sqlite'),
    jwtSecret: loadSecret(env, dataDir),
    jwtPreviousSecrets: list(env.UMPIRE_JWT_PREVIOUS_SECRETS).map((s) => new TextEncoder().encode(s)),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 12 * 3600),
    allowedOrigins: origins.length
      ? origins
      : [`http://localhost:${port}`, `http://127.0.0.1:${port}`, 'http://localhost:5173', 'http://127.0.0.1:5173'],
    adminDist: resolve(env.ADMIN_DIST ?? join(REPO_ROOT, 'apps/admin/dist')),
    trustProxy,
    publicUrl: env.PUBLIC_URL || null,
    publicQueryCounts: env.PUBLIC_QUERY_COUNTS === 'true',
    cdnId: env.CDN_ID ?? 'umpire',
    site: { client: env.SITE_CLIENT === undefined ? 'ekstraklasa-demo' : env.SITE_CLIENT.trim() || null, basePath: (env.SITE_BASE_PATH ?? '/site').replace(/\/+$/, ''), cacheMs: siteCacheMs },
    cablePublicConnectionsPerAddress: Number(env.CABLE_PUBLIC_CONNECTIONS_PER_ADDRESS ?? 50),
    cablePublic,
    delivery: {
      maxAge: Number(env.DELIVERY_MAX_AGE ?? 0),
      sharedMaxAge: Number(env.DELIVERY_S_MAXAGE ?? 60),
      staleWhileRevalidate: Number(env.DELIVERY_STALE_WHILE_REVALIDATE ?? 30),
      purgeUrl: env.DELIVERY_PURGE_URL?.trim() || null,
      purgeToken: env.DELIVERY_PURGE_TOKEN?.trim() || null,
    },
    storage: parseStorage(env, dataDir),
    ...languages,
    bodyLimit: Number(env.BODY_LIMIT ?? 1024 * 1024),
    signInLimits: parseSignInLimits(env.SIGN_IN_LIMITS, env.SIGN_IN_LIMIT),
    fanLimits: parseFanLimits(env.FAN_LIMITS),
    paymentWebhookLimit: parsePaymentWebhookLimit(env.PAYMENT_WEBHOOK_LIMIT),
    fanTokenTtlSeconds: Number(env.FAN_TOKEN_TTL_SECONDS ?? 90 * 24 * 3600),
    fanChallenge: parseFanChallenge(env),
    deviceCookieDays: Number(env.DEVICE_COOKIE_DAYS ?? 180),
    seedOnEmpty: env.SEED_ON_EMPTY !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    slowRequestMs: parseSlowRequestMs(env.SLOW_REQUEST_MS),
    images: {
      cacheDir: resolve(env.IMAGE_CACHE_DIR ?? join(dataDir, 'image-cache')),
      renders: Number(env.IMAGE_RENDERS ?? Math.max(1, availableParallelism())),
      queue: Number(env.IMAGE_RENDER_QUEUE ?? 64),
      timeoutMs: Number(env.IMAGE_RENDER_TIMEOUT_MS ?? 10_000),
      memoryBytes: Number(env.IMAGE_MEMORY_CACHE_MB ?? 64) * 1024 * 1024,
    },
    live: {
      enabled: env.OTT_LIVE !== 'false',
      host: env.OTT_INGEST_HOST?.trim() || '0.0.0.0',
      publicHost: env.OTT_INGEST_PUBLIC_HOST?.trim() || hostname(),
      portRange: parsePortRange(env.OTT_INGEST_PORTS),
      preset: /^(ultrafast|superfast|veryfast|faster|fast|medium)$/.test(env.OTT_LIVE_PRESET ?? '') ? String(env.OTT_LIVE_PRESET) : 'superfast',
      ladder: parseLadder(env.OTT_LIVE_LADDER),
      leaseMs: Math.max(1000, Number(env.OTT_LIVE_LEASE_MS ?? 10_000) || 10_000),
      controlUrl: env.OTT_CONTROL_URL?.trim().replace(/\/+$/, '') || null,
    },
    ott: {
      countryHeader: (env.OTT_COUNTRY_HEADER ?? 'cf-ipcountry').trim().toLowerCase() || 'cf-ipcountry',
      playbackTtlSeconds: Math.max(60, Number(env.OTT_PLAYBACK_TTL_SECONDS ?? 14_400) || 14_400),
      transcodeTimeoutMs: Math.max(10, Number(env.OTT_TRANSCODE_TIMEOUT_S ?? 14_400) || 14_400) * 1000,
      maxSourceBytes: Math.max(1, Number(env.OTT_MAX_SOURCE_MB ?? 20_480) || 20_480) * 1024 * 1024,
      maxOutputBytes: Math.max(1, Number(env.OTT_MAX_OUTPUT_MB ?? 20_480) || 20_480) * 1024 * 1024,
      x264Preset: /^(ultrafast|superfast|veryfast|faster|fast|medium)$/.test(env.OTT_X264_PRESET ?? '') ? String(env.OTT_X264_PRESET) : 'veryfast',
    },
    jobs: {
      pollMs: Math.max(10, Number(env.JOB_POLL_MS ?? 1000) || 1000),
      worker: env.JOB_WORKER !== 'false',
      ottWorker: env.OTT_WORKER !== 'false',
      leaseMs: Math.max(1000, Number(env.JOB_LEASE_MS ?? 5 * 60_000) || 5 * 60_000),
    },
    shutdown: {
      drainMs: Math.max(0, Number(env.SHUTDOWN_DRAIN_MS ?? 2000) || 0),
      timeoutMs: Math.max(1000, Number(env.SHUTDOWN_TIMEOUT_MS ?? 10_000) || 10_000),
    },
    push: {
      vapidSubject: env.PUSH_VAPID_SUBJECT ?? 'mailto:push@umpire.invalid',
      // Messages in flight: over HTTP/2 they are streams of one connection, cheap to have many of,
      // and 64 left the sender waiting on round trips (bench/push.mjs: 1,900/s at 64, 2,650/s at 256).
      concurrency: Math.max(1, Number(env.PUSH_CONCURRENCY ?? 256) || 256),
      // Deliveries claimed at a time (PUSH_BATCH): what a crash can leave unsent.
      batch: Math.max(1, Number(env.PUSH_BATCH ?? 500) || 500),
      // Runner jobs per notification (PUSH_RUNNERS): how many workers, on any instance, may share one send.
      runners: Math.min(64, Math.max(1, Number(env.PUSH_RUNNERS ?? 4) || 4)),
      // How long a runner sends before its continuation job (PUSH_SLICE_MS) lets another instance take over.
      sliceMs: Math.max(100, Number(env.PUSH_SLICE_MS ?? 5_000) || 5_000),
      allowLoopback: env.PUSH_ALLOW_LOOPBACK === 'true',
      timeoutMs: Math.max(100, Number(env.PUSH_TIMEOUT_MS ?? 15_000) || 15_000),
      // Recipients written before the first messages go (PUSH_FIRST_RECIPIENTS); the rest follow 10 times as many at a time.
      firstRecipients: Math.max(1, Number(env.PUSH_FIRST_RECIPIENTS ?? 1000) || 1000),
    },
    ...overrides,
  };
}

/**
 * The origin of addresses that caches keep for every reader (the website's canonical, Open Graph,
 * hreflang and sitemap links): PUBLIC_URL, else the address this server listens on (`localhost`
 * for a wildcard HOST, as `npm start` prints it), never a request's Host or X-Forwarded-Host.
 */
export function configuredOrigin(config: Pick<Config, 'publicUrl' | 'host'>, port: number): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const host = ['', '0.0.0.0', '::', '[::]'].includes(config.host) ? 'localhost' : config.host;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

/**
 * The origin the server is reached at: PUBLIC_URL behind a proxy, else the request's own (links,
 * redirects, locations). Its own Host, never X-Forwarded-Host: a proxy passes that header on as the
 * client wrote it, and a link built on it would sit in what a CDN keeps for everyone (the CDN keys
 * by the Host it was asked for, not by that header).
 */
export function requestOrigin(request: FastifyRequest, config: Config): string {
  return config.publicUrl ?? `${request.protocol}://${request.headers.host ?? request.host}`;
}
