import { formatsFor, textsFor } from '@umpire/render/texts';
import { attrText, createApi, problemText, type Api, type ApiDocument, type ResourceLike } from './api';
import type { SiteConfig } from './config';
import { h, noticeLine, uid } from './dom';
import { fanSession, type FanSession } from './fan';
import { wordsFor, type Words } from './i18n';

/**
 * Fans' comments on a match (`[data-hydrate="comments"][data-comments-match]`, the newest drawn by
 * the server): a form that posts one as the browser's fan (`POST /public/v1/comments` with
 * `relationships.match`; the league's moderation decides whether others see it at once, and the
 * answer's `meta.visible` says so), a Report button on each comment
 * (`POST /public/v1/comments/{id}/reports`) and, when there are more than the page shows, the
 * older ones on demand (`GET /public/v1/comments?filter[match]=…`, page after page).
 */
export interface CommentDeps {
  api: Api;
  session: FanSession;
}

export function hydrateCommentSection(section: HTMLElement, config: SiteConfig, words: Words, deps: CommentDeps): void {
  if (section.dataset.hydrated) return;
  section.dataset.hydrated = 'true';
  const matchId = section.dataset.commentsMatch ?? '';
  const max = Number(section.dataset.commentMax) || 2000;
  const texts = textsFor(config.locale);
  const formats = formatsFor(config.locale);
  let list = section.querySelector<HTMLOListElement>('.u-comment-list');

  const ensureList = () => {
    if (!list) {
      list = h('ol', { class: 'u-comment-list' });
      section.querySelector('.u-empty')?.remove();
      section.append(list);
    }
    return list;
  };

  /** A comment as the server draws it (match-centre.tsx), with its Report button. */
  const commentItem = (c: ResourceLike) => {
    const at = c.attributes?.created_at;
    const item = h(
      'li',
      { 'data-comment-id': c.id },
      h(
        'p',
        { class: 'u-comment-meta' },
        h('span', { class: 'u-comment-author' }, attrText(c, 'author_name') || texts.fan),
        formats.dateTime(at) ? ' · ' : null,
        formats.dateTime(at) ? h('time', { datetime: formats.iso(at) }, formats.dateTime(at)) : null,
      ),
      h('p', { class: 'u-comment-body' }, attrText(c, 'body')),
    );
    addReport(item);
    return item;
  };

  function addReport(item: HTMLElement) {
    const id = item.dataset.commentId;
    if (!id || item.querySelector('[data-action="report"]')) return;
    const author = item.querySelector('.u-comment-author')?.textContent?.trim() ?? texts.fan;
    // The name says whose comment: the visible word begins it (label in name).
    const button = h('button', { type: 'button', class: 'u-link-button', 'data-action': 'report', 'aria-label': words.reportCommentOf(author) }, words.reportComment);
    const notice = noticeLine();
    item.append(h('div', { class: 'u-comment-actions' }, button, notice.element));
    button.addEventListener('click', () => {
      button.disabled = true;
      deps.session.run((token) => deps.api.post(`/comments/${encodeURIComponent(id)}/reports`, {}, { token })).then(
        () => {
          button.hidden = true;
          notice.show(words.commentReported, 'success');
        },
        (error: unknown) => {
          button.disabled = false;
          notice.show(problemText(error, words), 'error');
        },
      );
    });
  }

  for (const item of section.querySelectorAll<HTMLElement>('li[data-comment-id]')) addReport(item);

  // The form, under the heading: what a fan writes comes first, above the newest comments.
  const fieldId = uid('comment');
  const field = h('textarea', { id: fieldId, name: 'body', rows: 3, maxlength: max, required: true });
  const status = noticeLine();
  const submit = h('button', { type: 'submit', class: 'u-button' }, words.sendComment);
  const form = h('form', { class: 'u-fan-form u-comment-form', novalidate: true }, h('label', { for: fieldId }, words.commentLabel), field, submit, status.element);
  section.querySelector('h3')?.after(form);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const body = field.value.trim();
    field.removeAttribute('aria-invalid');
    if (!body || body.length > max) {
      field.setAttribute('aria-invalid', 'true');
      status.show(body ? words.commentTooLong(max) : words.commentEmpty, 'error');
      field.focus();
      return;
    }
    submit.disabled = true;
    status.show(words.sending);
    const doc = { data: { type: 'comments', attributes: { body }, relationships: { match: { data: { type: 'matches', id: matchId } } } } };
    deps.session.run((token) => deps.api.post<ApiDocument<ResourceLike>>('/comments', doc, { token })).then(
      (saved) => {
        submit.disabled = false;
        field.value = '';
        if (saved.meta?.visible === true) {
          ensureList().prepend(commentItem(saved.data));
          status.show(words.commentPublished, 'success');
        } else status.show(words.commentWaiting, 'success');
      },
      (error: unknown) => {
        submit.disabled = false;
        status.show(problemText(error, words), 'error');
      },
    );
  });

  // The older comments, a page at a time, in the page size the server drew the first with.
  const total = Number(section.dataset.commentsTotal) || 0;
  const size = Number(section.dataset.commentsSize) || Number(section.dataset.commentsShown) || 0;
  if (size > 0 && total > (list?.children.length ?? 0)) {
    let page = 1;
    const more = h('button', { type: 'button', class: 'u-button', 'data-action': 'older-comments' }, words.olderComments);
    const notice = noticeLine();
    section.append(more, notice.element);
    more.addEventListener('click', () => {
      more.disabled = true;
      notice.show(words.loading);
      deps.api
        .get<ApiDocument<ResourceLike[]>>('/comments', { query: { 'filter[match]': matchId, 'page[number]': String(page + 1), 'page[size]': String(size) } })
        .then(
          (doc) => {
            page++;
            notice.clear();
            const target = ensureList();
            const shown = new Set([...target.querySelectorAll<HTMLElement>('li[data-comment-id]')].map((li) => li.dataset.commentId));
            const older = (Array.isArray(doc.data) ? doc.data : []).filter((c) => c.type === 'comments' && !shown.has(c.id));
            const first = older.length ? commentItem(older[0]) : null;
            if (first) target.append(first, ...older.slice(1).map(commentItem));
            more.disabled = false;
            const known = Number((doc.meta as { total?: unknown } | undefined)?.total ?? total);
            if (page * size >= known || !older.length) {
              more.hidden = true;
              notice.show(words.commentsAllShown);
            }
            // The reader carries on from the first comment added.
            if (first) {
              first.tabIndex = -1;
              first.focus();
            }
          },
          (error: unknown) => {
            more.disabled = false;
            notice.show(problemText(error, words), 'error');
          },
        );
    });
  }
}

export function hydrateComments(config: SiteConfig, root: ParentNode = document, deps?: Partial<CommentDeps>): void {
  const words = wordsFor(config.locale);
  const api = deps?.api ?? createApi(config);
  const full: CommentDeps = { api, session: deps?.session ?? fanSession(config, api) };
  for (const section of root.querySelectorAll<HTMLElement>('[data-hydrate="comments"][data-comments-match]')) hydrateCommentSection(section, config, words, full);
}
