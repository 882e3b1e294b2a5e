import { ApiProblem, type Api, type ApiDocument, type ResourceLike } from './api';
import type { SiteConfig } from './config';

/**
 * The reader as a fan of the league: a device registered once (`POST /public/v1/fans` with a
 * device id made here and kept), or an account signed in; its token is kept in localStorage per
 * league and sent with fans' writes. A device token that the server no longer takes (expired, a
 * rotated secret) is replaced by registering the same device again, which is the same fan.
 */
export interface StoredFan {
  token: string;
  /** ISO time the token expires (the server's meta.expires_at). */
  expiresAt: string;
  kind: 'device' | 'account';
  id: string;
  displayName: string;
}

export interface FanSession {
  /** The fan kept for this league, while its token is valid. */
  current(): StoredFan | null;
  /** The kept token, else a device registered now (once, however many forms ask at the same time). */
  token(): Promise<string>;
  signIn(email: string, password: string): Promise<StoredFan>;
  /**
   * Runs a fan's call with a token; when the server refuses a device's token (401), registers
   * the device again and runs it once more.
   */
  run<T>(call: (token: string) => Promise<T>): Promise<T>;
  forget(): void;
}

/** localStorage, or a map for this page when the browser keeps none (private modes, blocked storage). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function pageStorage(): KeyValueStore {
  try {
    const s = window.localStorage;
    const probe = '__umpire_probe__';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    const map = new Map<string, string>();
    return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
  }
}

/** A store whose refusals (quota, storage blocked meanwhile) fall back to this page's memory. */
function resilient(store: KeyValueStore): KeyValueStore {
  const memory = new Map<string, string>();
  return {
    getItem: (k) => {
      try {
        return store.getItem(k) ?? memory.get(k) ?? null;
      } catch {
        return memory.get(k) ?? null;
      }
    },
    setItem: (k, v) => {
      memory.set(k, v);
      try {
        store.setItem(k, v);
      } catch {
        // Kept for this page only.
      }
    },
    removeItem: (k) => {
      memory.delete(k);
      try {
        store.removeItem(k);
      } catch {
        // Nothing kept to remove.
      }
    },
  };
}

/** 32 random hex characters (the API takes 16–128 of A–Z a–z 0–9 _ -); getRandomValues works on plain http too. */
function newDeviceId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Seconds of slack before a token's expiry: a call should not start with a token about to lapse. */
const EXPIRY_MARGIN_MS = 60_000;

/** Finds a solved proof of work (proof.ts); tests give their own. */
export type Prover = (api: Api) => Promise<unknown>;

export function createFanSession(config: SiteConfig, api: Api, kept: KeyValueStore = pageStorage(), now: () => number = Date.now, prove?: Prover): FanSession {
  const store = resilient(kept);
  const fanKey = `umpire:fan:${config.client}`;
  const deviceKey = `umpire:device:${config.client}`;
  let registering: Promise<string> | null = null;

  const read = (): StoredFan | null => {
    try {
      const value = JSON.parse(store.getItem(fanKey) ?? 'null') as StoredFan | null;
      if (!value || typeof value.token !== 'string') return null;
      if (Date.parse(value.expiresAt) - EXPIRY_MARGIN_MS <= now()) return null;
      return value;
    } catch {
      return null;
    }
  };

  const keep = (doc: ApiDocument<ResourceLike>): StoredFan => {
    const token = (doc.meta as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string') throw new ApiProblem(200, 'http');
    const fan: StoredFan = {
      token,
      expiresAt: String((doc.meta as { expires_at?: unknown }).expires_at ?? new Date(now() + 3600_000).toISOString()),
      kind: doc.data.attributes?.kind === 'account' ? 'account' : 'device',
      id: String(doc.data.id),
      displayName: typeof doc.data.attributes?.display_name === 'string' ? doc.data.attributes.display_name : '',
    };
    store.setItem(fanKey, JSON.stringify(fan));
    return fan;
  };

  /**
   * Sends a registration or sign-in; when the limit per address refuses it (a stadium's Wi-Fi, a
   * carrier's shared address: 429), solves a proof-of-work challenge and sends it again with the
   * proof in its `meta`, which the limit lets through. A second at most, and the fan sees nothing.
   */
  const provedIfLimited = async <T>(send: (extra: { meta?: { proof: unknown } }) => Promise<T>): Promise<T> => {
    try {
      return await send({});
    } catch (error) {
      if (!(error instanceof ApiProblem) || error.status !== 429) throw error;
      const proof = await (prove ?? (async (a: Api) => (await import('./proof')).solvedProof(a)))(api).catch(() => null);
      if (!proof) throw error;
      return send({ meta: { proof } });
    }
  };

  const registerDevice = (): Promise<string> => {
    registering ??= (async () => {
      let device = store.getItem(deviceKey);
      if (!device || !/^[A-Za-z0-9_-]{16,128}$/.test(device)) {
        device = newDeviceId();
        store.setItem(deviceKey, device);
      }
      const doc = await provedIfLimited((extra) => api.post<ApiDocument<ResourceLike>>('/fans', { data: { type: 'fans', attributes: { device_id: device } }, ...extra }));
      return keep(doc).token;
    })().finally(() => {
      registering = null;
    });
    return registering;
  };

  const session: FanSession = {
    current: read,
    async token() {
      return read()?.token ?? registerDevice();
    },
    async signIn(email, password) {
      const doc = await provedIfLimited((extra) => api.post<ApiDocument<ResourceLike>>('/fans/sign_in', { data: { type: 'fans', attributes: { email, password } }, ...extra }));
      return keep(doc);
    },
    async run(call) {
      const before = read();
      const token = await session.token();
      try {
        return await call(token);
      } catch (error) {
        // A device's token the server refuses: register the same device again, once. An account's is not replaced behind the reader's back.
        if (!(error instanceof ApiProblem) || error.status !== 401 || before?.kind === 'account') throw error;
        store.removeItem(fanKey);
        return call(await registerDevice());
      }
    },
    forget() {
      store.removeItem(fanKey);
    },
  };
  return session;
}

let shared: { key: string; session: FanSession } | null = null;

/** One session per page, shared by every form on it (one device registration, one token). */
export function fanSession(config: SiteConfig, api: Api): FanSession {
  const key = `${config.api}|${config.client}`;
  if (!shared || shared.key !== key) shared = { key, session: createFanSession(config, api) };
  return shared.session;
}
