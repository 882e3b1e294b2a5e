import { DEFAULT_FAN_ALERT_KINDS, MATCH_ALERT_KINDS, NEWS_TOPIC, type MatchAlertKind } from '@umpire/schema/engagement/push/match-alerts';
import type { Api, ApiDocument, ResourceLike } from './api';
import type { SiteConfig } from './config';
import type { FanSession, KeyValueStore } from './fan';

/**
 * What a fan follows (issue 41, point 2): push topics (`club:7`, `match:155`, `competition:3`)
 * stored with this browser's push subscription through `/public/v1/push/subscriptions`, with the
 * kinds of alert wanted and their language. The browser is asked for permission to notify only
 * when the fan follows something (or turns alerts on), never on its own.
 */

/** The parts of the browser's push machinery used here; tests give their own. */
export interface PushSubscriptionLike {
  endpoint: string;
  toJSON(): { endpoint?: string; keys?: Record<string, string>; expirationTime?: number | null };
  unsubscribe(): Promise<boolean>;
}
export interface PushEnv {
  /** Why this browser cannot take alerts: no support at all, or iOS outside an installed app; null when it can. */
  unsupported(): 'unsupported' | 'needs-install' | null;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** The subscription this browser holds for the site's service worker, without asking anything. */
  current(): Promise<PushSubscriptionLike | null>;
  /** Subscribes through the service worker with the league's key. */
  subscribe(applicationServerKey: string): Promise<PushSubscriptionLike>;
}

/** A subscription as GET /push/subscriptions answers it. */
export interface StoredSubscription {
  id: string;
  endpoint: string;
  locale: string;
  topics: string[];
  alertKinds: MatchAlertKind[];
}

export interface FollowState {
  /** This browser's own subscription, when the fan has one here. */
  here: StoredSubscription | null;
  /** What the fan follows: this browser's topics, else (an account fan on a new device) those of the fan's other subscriptions. */
  topics: string[];
  alertKinds: MatchAlertKind[];
  locale: string;
}

/** Why following did not happen: said to the fan in the page, not an error. */
export class FollowRefused extends Error {
  constructor(readonly reason: 'unsupported' | 'needs-install' | 'denied' | 'dismissed') {
    super(reason);
    this.name = 'FollowRefused';
  }
}

const SUBSCRIPTIONS = '/push/subscriptions';

const kindsOf = (v: unknown): MatchAlertKind[] =>
  Array.isArray(v) ? MATCH_ALERT_KINDS.filter((k) => v.includes(k)) : [...DEFAULT_FAN_ALERT_KINDS];

export function readSubscription(r: ResourceLike): StoredSubscription {
  const a = r.attributes ?? {};
  return {
    id: String(r.id),
    endpoint: typeof a.endpoint === 'string' ? a.endpoint : '',
    locale: typeof a.locale === 'string' ? a.locale : 'pl',
    // The news topic is how the server keeps the `news` kind (alert_kinds says it): not something followed.
    topics: Array.isArray(a.topics) ? a.topics.filter((t): t is string => typeof t === 'string' && t !== NEWS_TOPIC) : [],
    alertKinds: kindsOf(a.alert_kinds),
  };
}

/** The browser's own push machinery (service worker, Push API, Notification). */
export function browserPushEnv(win: Window & typeof globalThis = window): PushEnv {
  const nav = win.navigator;
  const registration = () => nav.serviceWorker.ready;
  return {
    unsupported() {
      if ('serviceWorker' in nav && 'PushManager' in win && 'Notification' in win) return null;
      // iOS and iPadOS give web push only to a site added to the home screen and opened from there.
      const apple = /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
      const installed = win.matchMedia?.('(display-mode: standalone)').matches || (nav as { standalone?: boolean }).standalone === true;
      return apple && !installed ? 'needs-install' : 'unsupported';
    },
    permission: () => win.Notification.permission,
    requestPermission: () => win.Notification.requestPermission(),
    current: async () => (await registration()).pushManager.getSubscription(),
    subscribe: async (key) => (await registration()).pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
  };
}

export interface Follows {
  load(): Promise<FollowState>;
  /** Follows a topic: asks for permission when it has not been given, subscribes this browser if needed. */
  follow(topic: string): Promise<FollowState>;
  unfollow(topic: string): Promise<FollowState>;
  /** Subscribes this browser to what the fan follows elsewhere (an account fan on a new device). */
  turnOn(): Promise<FollowState>;
  setAlertKinds(kinds: MatchAlertKind[]): Promise<FollowState>;
  setLocale(locale: string): Promise<FollowState>;
  /** Alerts off on this device: its subscription deleted here and on the server. */
  turnOff(): Promise<FollowState>;
}

export function createFollows(config: SiteConfig, deps: { api: Api; session: FanSession; env: PushEnv }): Follows {
  const { api, session, env } = deps;
  let state: FollowState | null = null;

  const stateOf = (all: StoredSubscription[], endpoint: string | null): FollowState => {
    const here = (endpoint && all.find((s) => s.endpoint === endpoint)) || null;
    const topics = here ? here.topics : [...new Set(all.flatMap((s) => s.topics))].sort();
    const other = all[0];
    return { here, topics, alertKinds: (here ?? other)?.alertKinds ?? [...DEFAULT_FAN_ALERT_KINDS], locale: (here ?? other)?.locale ?? config.locale };
  };

  async function load(): Promise<FollowState> {
    const current = env.unsupported() ? null : await env.current().catch(() => null);
    // A reader who never took part is not registered just to learn that they follow nothing.
    if (!session.current()) return (state = stateOf([], null));
    const doc = await session.run((token) => api.get<ApiDocument<ResourceLike[]>>(SUBSCRIPTIONS, { token }));
    return (state = stateOf(doc.data.map(readSubscription), current?.endpoint ?? null));
  }

  const known = async () => state ?? load();

  /** Permission first (asked only now, on the fan's tap), then this browser's subscription. */
  async function pushSubscription(): Promise<PushSubscriptionLike> {
    const why = env.unsupported();
    if (why) throw new FollowRefused(why);
    let permission = env.permission();
    if (permission === 'denied') throw new FollowRefused('denied');
    if (permission === 'default') permission = await env.requestPermission();
    if (permission !== 'granted') throw new FollowRefused(permission === 'denied' ? 'denied' : 'dismissed');
    const existing = await env.current();
    if (existing) return existing;
    const key = await api.get<ApiDocument<ResourceLike>>('/push/vapid_public_key');
    return env.subscribe(String(key.data.attributes?.public_key ?? ''));
  }

  /** Stores this browser's subscription with these topics (POST creates it, or updates the one of its endpoint). */
  async function save(topics: string[], s: FollowState): Promise<FollowState> {
    const sub = await pushSubscription();
    const json = sub.toJSON();
    const body = {
      data: {
        type: 'push_subscriptions',
        attributes: { endpoint: sub.endpoint, keys: json.keys, platform: 'web', locale: s.locale, topics, alert_kinds: s.alertKinds },
      },
    };
    const doc = await session.run((token) => api.post<ApiDocument<ResourceLike>>(SUBSCRIPTIONS, body, { token }));
    const here = readSubscription(doc.data);
    return (state = { here, topics: here.topics, alertKinds: here.alertKinds, locale: here.locale });
  }

  /** Changes this browser's subscription; topics and kinds always go together (the server keeps news as a topic). */
  async function patch(s: FollowState, change: { topics?: string[]; alert_kinds?: MatchAlertKind[]; locale?: string }): Promise<FollowState> {
    const here = s.here!;
    const attributes = { topics: s.topics, alert_kinds: s.alertKinds, ...change };
    const doc = await session.run((token) => api.patch<ApiDocument<ResourceLike>>(`${SUBSCRIPTIONS}/${encodeURIComponent(here.id)}`, { data: { type: 'push_subscriptions', id: here.id, attributes } }, { token }));
    const next = readSubscription(doc.data);
    return (state = { here: next, topics: next.topics, alertKinds: next.alertKinds, locale: next.locale });
  }

  return {
    load,
    async follow(topic) {
      const s = await known();
      if (s.topics.includes(topic) && s.here) return s;
      const topics = [...new Set([...s.topics, topic])];
      // Always through this browser's subscription: following is what makes alerts come here.
      if (s.here && (await env.current())?.endpoint === s.here.endpoint) return patch(s, { topics });
      return save(topics, s);
    },
    async unfollow(topic) {
      const s = await known();
      const topics = s.topics.filter((t) => t !== topic);
      if (s.here) return patch(s, { topics });
      // Followed only on the fan's other devices: those stop (an account's follows are the same everywhere).
      const doc = await session.run((token) => api.get<ApiDocument<ResourceLike[]>>(SUBSCRIPTIONS, { token }));
      for (const other of doc.data.map(readSubscription).filter((o) => o.topics.includes(topic)))
        await session.run((token) =>
          api.patch(`${SUBSCRIPTIONS}/${encodeURIComponent(other.id)}`, { data: { type: 'push_subscriptions', id: other.id, attributes: { topics: other.topics.filter((t) => t !== topic), alert_kinds: other.alertKinds } } }, { token }),
        );
      return load();
    },
    async turnOn() {
      const s = await known();
      return save(s.topics, s);
    },
    async setAlertKinds(kinds) {
      const s = await known();
      const alertKinds = MATCH_ALERT_KINDS.filter((k) => kinds.includes(k));
      if (!s.here) return (state = { ...s, alertKinds });
      return patch(s, { alert_kinds: alertKinds });
    },
    async setLocale(locale) {
      const s = await known();
      if (!s.here) return (state = { ...s, locale });
      return patch(s, { locale });
    },
    async turnOff() {
      const s = await known();
      if (s.here) {
        const id = s.here.id;
        await session.run((token) => api.delete(`${SUBSCRIPTIONS}/${encodeURIComponent(id)}`, { token }));
      }
      await (await env.current().catch(() => null))?.unsubscribe().catch(() => false);
      return load();
    },
  };
}

/** Names of what the fan follows, kept when they follow it (the page named it), for "My alerts". */
export function followNames(config: SiteConfig, store: KeyValueStore) {
  const key = `umpire:follow-names:${config.client}`;
  const read = (): Record<string, string> => {
    try {
      const v = JSON.parse(store.getItem(key) ?? '{}') as unknown;
      return v && typeof v === 'object' ? (v as Record<string, string>) : {};
    } catch {
      return {};
    }
  };
  return {
    get: (topic: string): string | undefined => read()[topic],
    set(topic: string, name: string) {
      if (!name) return;
      try {
        store.setItem(key, JSON.stringify({ ...read(), [topic]: name }));
      } catch {
        // Only a name: "My alerts" asks the API for it then.
      }
    },
  };
}
