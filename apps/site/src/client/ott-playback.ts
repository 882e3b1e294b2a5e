import { textsFor } from '@umpire/render/texts';
import { ApiProblem, createApi, problemText, type Api, type ApiDocument, type ResourceLike } from './api';
import type { SiteConfig } from './config';
import { h, noticeLine } from './dom';
import { fanSession, type FanSession } from './fan';
import { wordsFor, type Words } from './i18n';
import { signInForm } from './sign-in';
import { attachHls, type AttachOptions } from './video';

/**
 * Broadcasts (OTT events) on the page's cards: a "Watch" button asks
 * `GET /public/v1/ott/events/{id}/playback` (with the fan's token when there is one) and plays
 * what it answers in the card. A refusal says why in the page's language: sign in (a paid event
 * and no fan), buy access (no ticket or subscription; an account with one may sign in), not in
 * this country, not available, not started yet.
 */
export interface OttDeps {
  api: Api;
  session: FanSession;
  attach?: (video: HTMLVideoElement, url: string, options: AttachOptions) => Promise<() => void>;
}

interface Playback {
  kind: string | null;
  url: string | null;
}

export function hydrateOttEvent(card: HTMLElement, words: Words, watchWord: string, deps: OttDeps): void {
  if (card.dataset.hydrated) return;
  card.dataset.hydrated = 'true';
  const id = card.dataset.ottId!;
  const title = card.querySelector('.u-card-title')?.textContent?.trim() ?? '';
  const body = card.querySelector<HTMLElement>('.u-card-body') ?? card;
  const button = h('button', { type: 'button', class: 'u-button u-watch', 'data-action': 'watch' }, watchWord, title ? h('span', { class: 'u-visually-hidden' }, `: ${title}`) : null);
  const notice = noticeLine();
  const extra = h('div', { class: 'u-watch-extra' });
  body.append(button, notice.element, extra);
  let stop: (() => void) | null = null;

  const showPlayer = (url: string) => {
    stop?.();
    card.querySelector('.u-player')?.remove();
    const video = h('video', { class: 'u-player', controls: true, playsinline: true, 'aria-label': words.videoTitle(title || watchWord) });
    const image = card.querySelector<HTMLElement>('.u-card-image');
    if (image) image.hidden = true;
    card.insertBefore(video, card.firstChild);
    button.hidden = true;
    notice.clear();
    void (deps.attach ?? attachHls)(video, url, {
      play: true,
      onError: () => {
        notice.show(words.videoFailed, 'error');
        button.hidden = false;
      },
    }).then((release) => (stop = release));
    video.focus();
  };

  const request = async () => {
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    extra.replaceChildren();
    notice.show(words.loading);
    const fan = deps.session.current();
    try {
      const doc = await deps.api.get<ApiDocument<ResourceLike>>(`/ott/events/${encodeURIComponent(id)}/playback`, { token: fan?.token });
      const playback = (doc.data.attributes ?? {}) as unknown as Playback;
      if (typeof playback.url !== 'string' || !playback.url) {
        notice.show(words.playbackNotYet);
        return;
      }
      showPlayer(playback.url);
    } catch (error) {
      const account = deps.session.current()?.kind === 'account';
      if (error instanceof ApiProblem && error.status === 401) {
        // A token the server no longer takes is of no use: sign in again.
        if (fan) deps.session.forget();
        notice.show(words.signInToWatch, 'error');
        offerSignIn();
      } else if (error instanceof ApiProblem && error.code === 'entitlementRequired') {
        notice.show(words.buyAccess, 'error');
        if (!account) offerSignIn(words.haveAccessSignIn);
      } else {
        notice.show(problemText(error, words, { notFound: words.notAvailable }), 'error');
      }
    } finally {
      button.disabled = false;
      button.removeAttribute('aria-busy');
    }
  };

  const offerSignIn = (lead?: string) => {
    const form = signInForm(words, deps.session, () => {
      extra.replaceChildren();
      void request();
    });
    extra.replaceChildren(...(lead ? [h('p', {}, lead)] : []), form);
    form.querySelector('input')?.focus();
  };

  button.addEventListener('click', () => void request());
}

export function hydrateOttEvents(config: SiteConfig, root: ParentNode = document, deps?: Partial<OttDeps>): void {
  const words = wordsFor(config.locale);
  const api = deps?.api ?? createApi(config);
  const full: OttDeps = { api, session: deps?.session ?? fanSession(config, api), attach: deps?.attach };
  const watch = textsFor(config.locale).watch;
  for (const card of root.querySelectorAll<HTMLElement>('[data-ott-type="ott_events"][data-ott-id]')) hydrateOttEvent(card, words, watch, full);
}
