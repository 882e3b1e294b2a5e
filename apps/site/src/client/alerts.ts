import { MATCH_ALERT_KINDS, type MatchAlertKind } from '@umpire/schema/engagement/push/match-alerts';
import { attrText, createApi, includedIndex, problemText, relIds, type Api, type ApiDocument, type ResourceLike } from './api';
import type { SiteConfig } from './config';
import { h, noticeLine, uid } from './dom';
import { fanSession, type FanSession, type KeyValueStore } from './fan';
import { browserPushEnv, createFollows, followNames, FollowRefused, type Follows, type FollowState, type PushEnv } from './follows';
import { wordsFor, type Words } from './i18n';
import { signInForm } from './sign-in';

/**
 * Following on the site's pages (issue 41, point 2): the Follow button of a club's, a match's and a
 * table's page (`[data-follow="club:7"][data-follow-name]`, drawn by the server) and the "My alerts"
 * page (`[data-hydrate="my-alerts"]`). Every refusal (permission, a browser without push, iOS
 * outside an installed app) is explained in the page, in its language.
 */
export interface AlertsDeps {
  api: Api;
  session: FanSession;
  env: PushEnv;
  store: KeyValueStore;
}

function defaultDeps(config: SiteConfig): AlertsDeps {
  const api = createApi(config);
  let store: KeyValueStore;
  try {
    store = window.localStorage;
  } catch {
    const map = new Map<string, string>();
    store = { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
  }
  return { api, session: fanSession(config, api), env: browserPushEnv(), store };
}

/** The page's one set of follows: the buttons and "My alerts" share what they learnt. */
let shared: { config: SiteConfig; follows: Follows } | null = null;
const followsOf = (config: SiteConfig, deps: AlertsDeps) => {
  if (!shared || shared.config !== config) shared = { config, follows: createFollows(config, deps) };
  return shared.follows;
};

/** What to tell the fan when following did not happen. */
export function refusalText(error: unknown, words: Words): string {
  if (error instanceof FollowRefused) {
    if (error.reason === 'needs-install') return words.pushNeedsInstall;
    if (error.reason === 'unsupported') return words.pushUnsupported;
    if (error.reason === 'denied') return words.permissionDenied;
    return words.permissionDismissed;
  }
  return problemText(error, words);
}

const kindOfTopic = (topic: string) => topic.split(':')[0];
const myAlertsHref = (config: SiteConfig, doc: Document) => `${doc.documentElement.dataset.siteBase ?? ''}/${config.locale}/${config.locale === 'pl' ? 'moje-alerty' : 'my-alerts'}`;

/** One toggle per hook: aria-pressed says whether the fan follows; the status line says what happened. */
export async function hydrateFollowButtons(config: SiteConfig, root: Document = document, deps: AlertsDeps = defaultDeps(config)): Promise<void> {
  const words = wordsFor(config.locale);
  const follows = followsOf(config, deps);
  const names = followNames(config, deps.store);
  const hooks = [...root.querySelectorAll<HTMLElement>('[data-follow]')].filter((el) => !el.dataset.hydrated);
  if (!hooks.length) return;
  const state = await follows.load().catch(() => null);
  for (const hook of hooks) {
    hook.dataset.hydrated = 'true';
    const topic = hook.dataset.follow ?? '';
    const name = hook.dataset.followName ?? '';
    const what = words.followWhat[kindOfTopic(topic)]?.(name) ?? name;
    // The visible word starts the name (label in name); the pressed state is the toggle's, not its words.
    const button = h('button', { type: 'button', class: 'u-button u-follow-button', 'aria-pressed': String(!!state?.topics.includes(topic)) }, h('span', { class: 'u-follow-mark', 'aria-hidden': 'true' }), words.follow, h('span', { class: 'u-visually-hidden' }, ` ${what}`));
    const notice = noticeLine();
    const link = h('a', { class: 'u-follow-link', href: myAlertsHref(config, root) }, words.myAlertsLink);
    hook.replaceChildren(button, link, notice.element);
    button.addEventListener('click', () => {
      const following = button.getAttribute('aria-pressed') === 'true';
      button.disabled = true;
      if (!following && deps.env.permission?.() === 'default' && !deps.env.unsupported()) notice.show(words.askingPermission);
      (following ? follows.unfollow(topic) : follows.follow(topic)).then(
        (next: FollowState) => {
          const now = next.topics.includes(topic);
          if (now) names.set(topic, name);
          button.setAttribute('aria-pressed', String(now));
          button.disabled = false;
          notice.show(now ? words.following(name) : words.unfollowed(name), 'success');
        },
        (error: unknown) => {
          button.disabled = false;
          // A refusal is explained as information: the fan chose, or the browser cannot.
          notice.show(refusalText(error, words), error instanceof FollowRefused ? 'info' : 'error');
        },
      );
    });
  }
}

/** The name of a followed topic: the one kept when it was followed, else the delivery API's. */
async function nameOf(topic: string, api: Api, kept: string | undefined, words: Words): Promise<string> {
  if (kept) return kept;
  const [kind, id] = topic.split(':');
  try {
    if (kind === 'club') return attrText((await api.get<ApiDocument<ResourceLike>>(`/clubs/${encodeURIComponent(id)}`, { query: { 'fields[clubs]': 'name' } })).data, 'name') || topic;
    if (kind === 'competition') return attrText((await api.get<ApiDocument<ResourceLike>>(`/competitions/${encodeURIComponent(id)}`, { query: { 'fields[competitions]': 'name' } })).data, 'name') || topic;
    if (kind === 'match') {
      const doc = await api.get<ApiDocument<ResourceLike>>(`/matches/${encodeURIComponent(id)}`, { query: { include: 'home_squad.team.club,away_squad.team.club' } });
      const get = includedIndex(doc);
      const side = (rel: string) => {
        const squad = get('squads', relIds(doc.data, rel)[0]);
        const team = get('teams', relIds(squad, 'team')[0]);
        return attrText(get('clubs', relIds(team, 'club')[0]), 'name') || attrText(team, 'name') || attrText(squad, 'name');
      };
      const [home, away] = [side('home_squad'), side('away_squad')];
      return home && away ? `${home} – ${away}` : topic;
    }
  } catch {
    // Gone or not public: the topic as it is written.
  }
  return words.followWhat[kind]?.(id) ?? topic;
}

/**
 * "My alerts": what the fan follows (by name) with an Unfollow button each, the kinds of alert
 * and their language (saved as they change), and alerts on or off on this device.
 */
export async function hydrateMyAlerts(config: SiteConfig, root: Document = document, deps: AlertsDeps = defaultDeps(config)): Promise<void> {
  const words = wordsFor(config.locale);
  const follows = followsOf(config, deps);
  const names = followNames(config, deps.store);
  for (const section of root.querySelectorAll<HTMLElement>('[data-hydrate="my-alerts"]')) {
    if (section.dataset.hydrated) continue;
    section.dataset.hydrated = 'true';
    const notice = noticeLine();
    const body = h('div', { class: 'u-my-alerts-body' });
    section.replaceChildren(body, notice.element);
    const why = deps.env.unsupported();

    const draw = async (state: FollowState) => {
      const parts: Node[] = [];
      if (why) parts.push(h('p', { class: 'u-alerts-why', 'data-alerts-why': why }, why === 'needs-install' ? words.pushNeedsInstall : words.pushUnsupported));
      else if (deps.env.permission() === 'denied') parts.push(h('p', { class: 'u-alerts-why', 'data-alerts-why': 'denied' }, words.permissionDenied));

      // What the fan follows.
      const listTitle = uid('followed');
      parts.push(h('h2', { id: listTitle }, words.followedTitle));
      if (!state.topics.length) parts.push(h('p', { class: 'u-empty' }, words.nothingFollowed));
      else {
        const list = h('ul', { class: 'u-follow-list', 'aria-labelledby': listTitle });
        const shown = await Promise.all(state.topics.map(async (topic) => ({ topic, name: await nameOf(topic, deps.api, names.get(topic), words) })));
        for (const { topic, name } of shown) {
          const unfollow = h('button', { type: 'button', class: 'u-link-button', 'data-unfollow': topic, 'aria-label': words.unfollowWhat(name) }, words.unfollow);
          unfollow.addEventListener('click', () => act(() => follows.unfollow(topic), words.unfollowed(name)));
          list.append(h('li', { 'data-topic': topic }, h('span', { class: 'u-follow-name' }, name), ' ', unfollow));
        }
        parts.push(list);
      }

      if (state.here) {
        // The kinds of alert, saved as they change.
        const kinds = h('fieldset', { class: 'u-alert-kinds' }, h('legend', {}, words.alertKindsTitle));
        for (const kind of MATCH_ALERT_KINDS) {
          const id = uid(`kind-${kind}`);
          const box = h('input', { type: 'checkbox', id, name: 'alert_kinds', value: kind, checked: state.alertKinds.includes(kind) });
          box.addEventListener('change', () => {
            const chosen = [...kinds.querySelectorAll<HTMLInputElement>('input[name="alert_kinds"]:checked')].map((b) => b.value as MatchAlertKind);
            if (!chosen.length) {
              box.checked = true;
              notice.show(words.atLeastOneKind, 'error');
              return;
            }
            act(() => follows.setAlertKinds(chosen), words.saved, false);
          });
          kinds.append(h('p', { class: 'u-check' }, box, h('label', { for: id }, words.alertKinds[kind] ?? kind)));
        }
        const language = h('fieldset', { class: 'u-alert-language' }, h('legend', {}, words.alertLanguageTitle));
        for (const l of ['pl', 'en']) {
          const id = uid(`lang-${l}`);
          const radio = h('input', { type: 'radio', id, name: 'alert_locale', value: l, checked: state.locale === l });
          radio.addEventListener('change', () => act(() => follows.setLocale(l), words.saved, false));
          language.append(h('p', { class: 'u-check' }, radio, h('label', { for: id, lang: l }, words.languages[l] ?? l)));
        }
        const off = h('button', { type: 'button', class: 'u-button', 'data-action': 'alerts-off' }, words.turnOff);
        off.addEventListener('click', () => act(() => follows.turnOff(), words.turnedOff));
        parts.push(kinds, language, off);
      } else if (!why) {
        parts.push(h('p', {}, state.topics.length ? words.alertsOffHereFollowing : words.alertsOffHere));
        if (state.topics.length) {
          const on = h('button', { type: 'button', class: 'u-button', 'data-action': 'alerts-on' }, words.turnOn);
          on.addEventListener('click', () => act(() => follows.turnOn(), words.turnedOn));
          parts.push(on);
        }
      }
      body.replaceChildren(...parts);
    };

    /** Runs a change; redraws (when the page's parts change with it) and says how it went. */
    const act = (change: () => Promise<FollowState>, done: string, redraw = true) => {
      for (const control of body.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input')) control.disabled = true;
      change().then(
        async (next) => {
          if (redraw) await draw(next);
          else for (const control of body.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input')) control.disabled = false;
          notice.show(done, 'success');
        },
        (error: unknown) => {
          for (const control of body.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input')) control.disabled = false;
          notice.show(refusalText(error, words), error instanceof FollowRefused ? 'info' : 'error');
        },
      );
    };

    try {
      await draw(await follows.load());
    } catch (error) {
      notice.show(problemText(error, words), 'error');
    }
    // A device's fan may sign in to their account: its follows are the same on each device (the server keeps them so).
    if (deps.session.current()?.kind !== 'account') {
      const title = uid('account');
      const account = h('section', { class: 'u-alerts-account', 'aria-labelledby': title }, h('h2', { id: title }, words.fanAccountTitle), h('p', {}, words.fanAccountIntro));
      account.append(
        signInForm(words, deps.session, () => {
          account.remove();
          act(() => follows.load(), words.accountFollows);
        }),
      );
      section.append(account);
    }
    section.dataset.ready = 'true';
  }
}
