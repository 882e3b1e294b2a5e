// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { JsonApiDocument } from '@umpire/render';
import { createApi } from './api';
import { readConfig } from './config';
import { hydrateComments } from './comments';
import { createFanSession, type KeyValueStore } from './fan';
import { component, fakeApi, fanAnswer, football, problem, ref, renderPage, settle, words } from './test/page';

/** Fans' comments on a match centre: the newest drawn by the server, a form, reports, the older ones on demand. */
const comment = (id: string, body: string, author: string | null, at: string) => ({
  type: 'comments',
  id,
  attributes: { body, author_name: author, created_at: at },
  relationships: { match: ref('matches', '103'), article: { data: null } },
});

function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

function commentsPage(locale: 'pl' | 'en', fed: JsonApiDocument, routes: Parameters<typeof fakeApi>[0]) {
  renderPage({ locale, components: [component('c1', 'match', { match: ref('matches', '103') })], included: football, feeds: { 'c1:comments': fed } });
  const api = fakeApi(routes);
  const config = readConfig();
  const client = createApi(config, api.fetch);
  hydrateComments(config, document, { api: client, session: createFanSession(config, client, memoryStore()) });
  return { ...api, section: document.querySelector<HTMLElement>('[data-hydrate="comments"]')! };
}

const list = (section: HTMLElement) => [...section.querySelectorAll<HTMLElement>('li[data-comment-id]')].map((li) => li.dataset.commentId);

describe('comments on a match', () => {
  it('posts a comment as the browser’s fan and says it waits for moderation, or shows it when the league publishes at once', async () => {
    let visible = false;
    const api = commentsPage('pl', { data: [], meta: { total: 0, page: 1, size: 20 } }, {
      'POST /fans': [201, fanAnswer('5', 'device', 'fan')],
      'POST /comments': (call) => [201, { data: { ...comment('90', (call.body as any).data.attributes.body, null, '2026-11-28T18:00:00Z') }, meta: { status: visible ? 'approved' : 'pending', visible } }],
    });
    const { section } = api;
    expect(words(section.querySelector('.u-empty'))).toBe('Nie ma jeszcze komentarzy.');
    const form = section.querySelector<HTMLFormElement>('form.u-comment-form')!;
    // Under the heading, labelled.
    expect(section.querySelector('h3')!.nextElementSibling).toBe(form);
    const field = form.querySelector('textarea')!;
    expect(words(form.querySelector(`label[for="${field.id}"]`))).toBe('Twój komentarz');
    expect(field.getAttribute('maxlength')).toBe('2000');

    form.requestSubmit();
    expect(words(form.querySelector('[role="alert"]'))).toBe('Napisz komentarz.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);

    field.value = 'Brawo Legia!';
    form.requestSubmit();
    await settle();
    const posted = api.calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/comments'))!;
    expect(posted.body).toEqual({ data: { type: 'comments', attributes: { body: 'Brawo Legia!' }, relationships: { match: { data: { type: 'matches', id: '103' } } } } });
    expect(posted.headers.authorization).toBe('Bearer fan');
    expect(words(form.querySelector('[role="status"]'))).toBe('Dziękujemy! Komentarz pojawi się, gdy zatwierdzi go moderator.');
    expect(field.value).toBe('');
    expect(list(section)).toEqual([]);

    visible = true;
    field.value = 'Drugi';
    form.requestSubmit();
    await settle();
    expect(list(section)).toEqual(['90']);
    expect(words(section.querySelector('li .u-comment-body'))).toBe('Drugi');
    expect(words(section.querySelector('li .u-comment-author'))).toBe('Kibic');
    expect(section.querySelector('.u-empty')).toBeNull();
  });

  it('says why a comment was refused, in the page’s language', async () => {
    const api = commentsPage('en', { data: [] }, { 'POST /fans': [201, fanAnswer('5', 'device', 'fan')], 'POST /comments': [403, problem(403, 'fanBanned')] });
    const form = api.section.querySelector<HTMLFormElement>('form')!;
    form.querySelector('textarea')!.value = 'x';
    form.requestSubmit();
    await settle();
    expect(words(form.querySelector('[role="alert"]'))).toBe('Your fan account is blocked: you can read but not take part.');
  });

  it('reports a comment once, naming whose it is, and reads the older ones a page at a time', async () => {
    const fed = {
      data: [comment('72', 'Najnowszy', 'Ola', '2026-11-28T18:00:00Z'), comment('71', 'Starszy', null, '2026-11-28T17:00:00Z')],
      meta: { total: 4, page: 1, size: 2 },
    };
    const api = commentsPage('pl', fed, {
      'POST /fans': [201, fanAnswer('5', 'device', 'fan')],
      'POST /comments/72/reports': [201, { data: { type: 'comment_reports', id: '72-5' } }],
      // A comment posted meanwhile shifts the pages: what is shown already is not shown twice.
      'GET /comments': [200, { data: [comment('71', 'Starszy', null, '2026-11-28T17:00:00Z'), comment('70', 'Pierwszy', 'Jan', '2026-11-28T16:00:00Z')], meta: { total: 5, page: 2, size: 2 } }],
    });
    const { section } = api;
    expect(words(section.querySelector('p.u-meta'))).toBe('Najnowsze komentarze: 2 z 4.');
    const report = section.querySelector<HTMLButtonElement>('li[data-comment-id="72"] [data-action="report"]')!;
    expect(report.getAttribute('aria-label')).toBe('Zgłoś komentarz: Ola');
    expect(words(report)).toBe('Zgłoś');
    report.click();
    await settle();
    expect(api.calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/comments/72/reports'))).toBe(true);
    expect(report.hidden).toBe(true);
    expect(words(section.querySelector('li[data-comment-id="72"] [role="status"]'))).toBe('Zgłoszono. Dziękujemy.');

    const more = section.querySelector<HTMLButtonElement>('[data-action="older-comments"]')!;
    expect(words(more)).toBe('Pokaż starsze komentarze');
    more.click();
    await settle();
    const read = api.calls.find((c) => c.method === 'GET')!;
    expect(Object.fromEntries(read.url.searchParams)).toEqual({ client: 'ekstraklasa-demo', 'filter[match]': '103', 'page[number]': '2', 'page[size]': '2' });
    expect(list(section)).toEqual(['72', '71', '70']);
    expect(document.activeElement).toBe(section.querySelector('li[data-comment-id="70"]'));
    // Every older one has its Report button too.
    expect(section.querySelector('li[data-comment-id="70"] [data-action="report"]')).not.toBeNull();
    expect(more.hidden).toBe(false);
  });
});
