// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi } from './api';
import { readConfig } from './config';
import { createFanSession } from './fan';
import { hydrateQuizzes } from './quiz';
import { component, fakeApi, fanAnswer, problem, ref, renderPage, settle, words, type Call } from './test/page';

/** A published quiz as GET /public/v1/quizzes/{id} answers it: open or not, its time limit and how many questions, not the questions. */
const quizDoc = (open = true) => ({
  data: { type: 'quizzes', id: '5', attributes: { title: 'Historia ligi', time_limit_seconds: 60, attempts_per_fan: 1, is_open: open, question_count: 2 } },
});

/** The attempt's start as POST …/attempt_starts answers it: its token, and the two questions with their answers in order, no key. */
const startDoc = {
  data: { type: 'quiz_attempt_starts', id: 's1', attributes: {}, relationships: { quiz_questions: { data: [ref('quiz_questions', '51').data, ref('quiz_questions', '52').data] } } },
  included: [
    { type: 'quiz_questions', id: '51', attributes: { text: 'Kto zdobył najwięcej tytułów?', position: 1 }, relationships: { quiz_answers: { data: [{ type: 'quiz_answers', id: '511' }, { type: 'quiz_answers', id: '512' }] } } },
    { type: 'quiz_questions', id: '52', attributes: { text: 'Które kluby grały w finale?', position: 2 }, relationships: { quiz_answers: { data: [{ type: 'quiz_answers', id: '521' }, { type: 'quiz_answers', id: '522' }] } } },
    { type: 'quiz_answers', id: '511', attributes: { text: 'Legia', position: 1 } },
    { type: 'quiz_answers', id: '512', attributes: { text: 'Górnik', position: 2 } },
    { type: 'quiz_answers', id: '521', attributes: { text: 'Lech', position: 1 } },
    { type: 'quiz_answers', id: '522', attributes: { text: 'Wisła', position: 2 } },
  ],
  meta: { token: 'start-token-1' },
};

function quizPage(locale: 'pl' | 'en' = 'pl') {
  renderPage({ locale, components: [component('c1', 'quiz', { quiz: ref('quizzes', '5') })], included: [{ type: 'quizzes', id: '5', attributes: { title: 'Historia ligi', time_limit_seconds: 60 } }] });
}

function start(routes: Parameters<typeof fakeApi>[0], now = () => clock) {
  const api = fakeApi(routes);
  const config = readConfig();
  const client = createApi(config, api.fetch);
  const storage = new Map<string, string>();
  const store = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) };
  hydrateQuizzes(config, document, { api: client, session: createFanSession(config, client, store), now });
  return { ...api, storage };
}

let clock = 0;
const button = () => document.querySelector<HTMLButtonElement>('[data-action="start-quiz"]')!;
const check = (label: string) => {
  const l = [...document.querySelectorAll('label')].find((x) => x.textContent === label)!;
  document.getElementById(l.htmlFor)!.click();
};
const submit = () => document.querySelector<HTMLFormElement>('.u-quiz-form')!.requestSubmit();

describe('a quiz', () => {
  beforeEach(() => {
    clock = 0;
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => vi.useRealTimers());

  it('draws the questions that come with the start of the attempt, registers the device once, and sends the answers with the time taken; shows score and place', async () => {
    quizPage();
    const attempts: Call[] = [];
    const api = start({
      'GET /quizzes/5': [200, quizDoc()],
      'POST /fans': [201, fanAnswer('77', 'device', 'fan-token-1')],
      'POST /quizzes/5/attempt_starts': [201, startDoc],
      'POST /quizzes/5/attempts': (call) => {
        attempts.push(call);
        return [201, { data: { type: 'quiz_user_attempts', id: '900', attributes: { score: 1, max_score: 2, time_taken_ms: 12500, rank: 3 } } }];
      },
    });
    button().click();
    await settle();
    const legends = [...document.querySelectorAll('.u-quiz-form legend')].map(words);
    expect(legends).toEqual(['Pytanie 1 z 2 Kto zdobył najwięcej tytułów?', 'Pytanie 2 z 2 Które kluby grały w finale?']);
    expect(document.querySelectorAll('.u-quiz-form input[type="checkbox"]')).toHaveLength(4);
    expect(words(document.querySelector('.u-timer'))).toBe('Pozostały czas: 1:00');
    expect(button().hidden).toBe(true);
    // The first answer has the focus; the reader answers in 12.5 s.
    expect(document.activeElement).toBe(document.querySelector('.u-quiz-form input'));
    check('Legia');
    check('Lech');
    check('Wisła');
    clock = 12_500;
    submit();
    await settle();
    expect(api.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /public/v1/quizzes/5', 'POST /public/v1/fans', 'POST /public/v1/quizzes/5/attempt_starts', 'POST /public/v1/quizzes/5/attempts']);
    expect(api.calls.every((c) => c.url.searchParams.get('client') === 'ekstraklasa-demo')).toBe(true);
    expect(api.calls[0].headers['accept-language']).toBe('pl');
    const device = (api.calls[1].body as any).data.attributes.device_id as string;
    expect(device).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(attempts[0].headers.authorization).toBe('Bearer fan-token-1');
    expect(api.calls[2].headers.authorization).toBe('Bearer fan-token-1');
    expect(attempts[0].body).toEqual({
      data: { type: 'quiz_user_attempts', attributes: { answers: [{ question: '51', answers: ['511'] }, { question: '52', answers: ['521', '522'] }], start_token: 'start-token-1', time_taken_ms: 12_500 } },
    });
    const result = document.querySelector<HTMLElement>('[data-quiz-result]')!;
    expect([...result.querySelectorAll('p')].map(words)).toEqual(['Twój wynik', 'Twój wynik: 1 z 2.', 'Miejsce w rankingu: 3.']);
    expect(document.activeElement).toBe(result);
    expect(document.querySelector('.u-quiz-form')).toBeNull();
    // The fan is kept: the device's id and its token, for the next form.
    expect(JSON.parse(api.storage.get('umpire:fan:ekstraklasa-demo')!)).toMatchObject({ token: 'fan-token-1', kind: 'device', id: '77' });
    expect(api.storage.get('umpire:device:ekstraklasa-demo')).toBe(device);
  });

  it('sends the answers as they are when the time runs out', async () => {
    quizPage();
    const api = start({
      'GET /quizzes/5': [200, quizDoc()],
      'POST /fans': [201, fanAnswer('77', 'device', 't')],
      'POST /quizzes/5/attempt_starts': [201, startDoc],
      'POST /quizzes/5/attempts': [201, { data: { type: 'quiz_user_attempts', id: '1', attributes: { score: 0, max_score: 2, rank: 9 } } }],
    });
    button().click();
    await settle();
    check('Górnik');
    clock = 30_000;
    vi.advanceTimersByTime(1000);
    expect(words(document.querySelector('.u-timer'))).toBe('Pozostały czas: 0:30');
    clock = 60_000;
    vi.advanceTimersByTime(1000);
    await settle();
    const attempt = api.calls.find((c) => c.url.pathname.endsWith('/attempts'))!;
    expect((attempt.body as any).data.attributes).toEqual({ answers: [{ question: '51', answers: ['512'] }, { question: '52', answers: [] }], start_token: 'start-token-1', time_taken_ms: 60_000 });
    expect(words(document.querySelector('[data-quiz-result]'))).toContain('Twój wynik: 0 z 2.');
  });

  it('says why an attempt is refused, in Polish and in English, and keeps the form closed when sending again cannot help', async () => {
    for (const [locale, expected] of [
      ['pl', 'Wykorzystano już wszystkie podejścia do tego quizu.'],
      ['en', 'You have used all your attempts at this quiz.'],
    ] as const) {
      quizPage(locale);
      start({
        'GET /quizzes/5': [200, quizDoc()],
        'POST /fans': [201, fanAnswer('77', 'device', 't')],
        'POST /quizzes/5/attempt_starts': [201, startDoc],
        'POST /quizzes/5/attempts': [409, problem(409, 'quizAttemptLimit', 'server words')],
      });
      button().click();
      await settle();
      clock = 5000;
      submit();
      await settle();
      expect(words(document.querySelector('.u-quiz-form [role="alert"]'))).toBe(expected);
      expect(document.querySelector<HTMLButtonElement>('.u-quiz-form button[type="submit"]')!.hidden).toBe(true);
    }
  });

  it('lets the reader send again after a network failure, with the same answers', async () => {
    quizPage('en');
    let fail = true;
    start({
      'GET /quizzes/5': [200, quizDoc()],
      'POST /fans': [201, fanAnswer('77', 'device', 't')],
      'POST /quizzes/5/attempt_starts': [201, startDoc],
      'POST /quizzes/5/attempts': () => {
        if (fail) throw new TypeError('Failed to fetch');
        return [201, { data: { type: 'quiz_user_attempts', id: '1', attributes: { score: 2, max_score: 2, rank: 1 } } }];
      },
    });
    // A fetch that throws (above) is a network failure.
    button().click();
    await settle();
    check('Legia');
    clock = 4000;
    submit();
    await settle();
    expect(words(document.querySelector('.u-quiz-form [role="alert"]'))).toBe('Could not reach the server. Check your internet connection and try again.');
    const fields = document.querySelector<HTMLFieldSetElement>('.u-quiz-form fieldset.u-plain')!;
    expect(fields.disabled).toBe(false);
    fail = false;
    submit();
    await settle();
    expect([...document.querySelectorAll('[data-quiz-result] p')].map(words)).toEqual(['Your result', 'Your score: 2 out of 2.', 'Your place in the ranking: 1.']);
  });

  it('replaces a device token the server no longer takes by registering the same device again', async () => {
    quizPage();
    let tokens = 0;
    const seen: string[] = [];
    const api = start({
      'GET /quizzes/5': [200, quizDoc()],
      'POST /fans': () => [200, fanAnswer('77', 'device', `token-${++tokens}`)],
      'POST /quizzes/5/attempt_starts': [201, startDoc],
      'POST /quizzes/5/attempts': (call) => {
        seen.push(call.headers.authorization);
        return call.headers.authorization === 'Bearer token-1' ? [401, problem(401, 'unauthorized')] : [201, { data: { type: 'quiz_user_attempts', id: '1', attributes: { score: 1, max_score: 2, rank: 2 } } }];
      },
    });
    button().click();
    await settle();
    clock = 3000;
    submit();
    await settle(10);
    expect(seen).toEqual(['Bearer token-1', 'Bearer token-2']);
    const registrations = api.calls.filter((c) => c.url.pathname.endsWith('/fans')).map((c) => (c.body as any).data.attributes.device_id);
    expect(registrations).toHaveLength(2);
    expect(registrations[0]).toBe(registrations[1]);
    expect(words(document.querySelector('[data-quiz-result]'))).toContain('Twój wynik: 1 z 2.');
  });

  it('says so when the start is refused (no attempt left) and shows no questions', async () => {
    quizPage('en');
    start({
      'GET /quizzes/5': [200, quizDoc()],
      'POST /fans': [201, fanAnswer('77', 'device', 't')],
      'POST /quizzes/5/attempt_starts': [409, problem(409, 'quizAttemptLimit', 'server words')],
    });
    button().click();
    await settle();
    expect(words(document.querySelector('[data-hydrate="quiz"] [role="alert"]'))).toBe('You have used all your attempts at this quiz.');
    expect(document.querySelector('.u-quiz-form')).toBeNull();
    expect(button().disabled).toBe(true);
  });

  it('says so when the quiz has no questions yet, without starting an attempt', async () => {
    quizPage('en');
    const api = start({ 'GET /quizzes/5': [200, { data: { ...quizDoc().data, attributes: { ...quizDoc().data.attributes, question_count: 0 } } }] });
    button().click();
    await settle();
    expect(words(document.querySelector('[data-hydrate="quiz"] [role="status"], [data-hydrate="quiz"] [role="alert"]'))).toBe('This quiz has no questions yet.');
    expect(api.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /public/v1/quizzes/5']);
  });

  it('says so when the quiz is closed or cannot be loaded, and keeps the start button for another try', async () => {
    quizPage('en');
    start({ 'GET /quizzes/5': [200, quizDoc(false)] });
    button().click();
    await settle();
    expect(words(document.querySelector('[data-hydrate="quiz"] [role="alert"]'))).toBe('This quiz is not taking answers now: it has not started yet or has ended.');
    expect(document.querySelector('.u-quiz-form')).toBeNull();

    quizPage('pl');
    start({ 'GET /quizzes/5': [404, problem(404, 'notFound')] });
    button().click();
    await settle();
    expect(words(document.querySelector('[data-hydrate="quiz"] [role="alert"]'))).toBe('Tego już nie ma albo nie jest jeszcze dostępne.');
    expect(button().disabled).toBe(false);
  });
});
