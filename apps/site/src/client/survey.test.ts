// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createApi } from './api';
import { readConfig } from './config';
import { createFanSession, type KeyValueStore } from './fan';
import { hydrateSurveys } from './survey';
import { component, fakeApi, fanAnswer, problem, ref, renderPage, settle, words } from './test/page';

/** A published survey as GET /public/v1/surveys/{id} answers it. */
const surveyDoc = (open = true) => ({
  data: {
    type: 'surveys',
    id: '4',
    attributes: {
      title: 'Piłkarz sezonu',
      open,
      questions: [
        { id: '41', prompt: 'Kto był najlepszy?', kind: 'single', required: true, answers: [{ id: '411', text: 'Nowak' }, { id: '412', text: 'Kowalski' }] },
        { id: '42', prompt: 'Co lubisz?', kind: 'multiple', required: false, answers: [{ id: '421', text: 'Gole' }, { id: '422', text: 'Obrony' }] },
        { id: '43', prompt: 'Uwagi', kind: 'text', required: false, answers: [] },
      ],
    },
  },
});

function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

function surveyPage(locale: 'pl' | 'en', routes: Parameters<typeof fakeApi>[0], store = memoryStore()) {
  renderPage({ locale, components: [component('c1', 'survey', { survey: ref('surveys', '4') })], included: [{ type: 'surveys', id: '4', attributes: { title: 'Piłkarz sezonu' } }] });
  const api = fakeApi(routes);
  const config = readConfig();
  const client = createApi(config, api.fetch);
  hydrateSurveys(config, document, { api: client, session: createFanSession(config, client, memoryStore()), store });
  return { ...api, store };
}

const take = () => document.querySelector<HTMLButtonElement>('[data-action="take-survey"]')!;
const pick = (label: string) => {
  const l = [...document.querySelectorAll('label')].find((x) => x.textContent === label)!;
  document.getElementById(l.htmlFor)!.click();
};
const send = () => document.querySelector<HTMLFormElement>('.u-survey-form')!.requestSubmit();

describe('a survey', () => {
  it('draws one choice, several choices and free text; checks the required question in the page’s language; sends the answers once', async () => {
    const api = surveyPage('pl', {
      'GET /surveys/4': [200, surveyDoc()],
      'POST /fans': [201, fanAnswer('5', 'device', 'fan-token')],
      'POST /survey_user_answers': [201, { data: { type: 'survey_user_answers', id: '1', attributes: {} } }],
    });
    take().click();
    await settle();
    const form = document.querySelector('.u-survey-form')!;
    expect(form.querySelectorAll('input[type="radio"][name="q41"]')).toHaveLength(2);
    expect(form.querySelectorAll('input[type="checkbox"][name="q42"]')).toHaveLength(2);
    expect(form.querySelector('textarea')!.getAttribute('maxlength')).toBe('2000');
    expect(words(form.querySelector('legend'))).toBe('Kto był najlepszy? (wymagane)');
    // The required question unanswered: said, marked, focused, nothing sent.
    send();
    expect(words(form.querySelector('[role="alert"]'))).toBe('Odpowiedz na wszystkie wymagane pytania.');
    expect(document.activeElement?.getAttribute('name')).toBe('q41');
    expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.map((c) => c.url.pathname)).toEqual(['/public/v1/surveys/4']);
    pick('Kowalski');
    pick('Gole');
    pick('Obrony');
    form.querySelector('textarea')!.value = '  Więcej meczów w weekend ';
    send();
    await settle();
    const answer = api.calls.find((c) => c.url.pathname.endsWith('/survey_user_answers'))!;
    expect(answer.headers.authorization).toBe('Bearer fan-token');
    expect(answer.body).toEqual({
      data: {
        type: 'survey_user_answers',
        attributes: { answers: [{ question_id: '41', answer_ids: ['412'] }, { question_id: '42', answer_ids: ['421', '422'] }, { question_id: '43', text: 'Więcej meczów w weekend' }] },
        relationships: { survey: { data: { type: 'surveys', id: '4' } } },
      },
    });
    const thanks = document.querySelector<HTMLElement>('[data-survey-result]')!;
    expect(words(thanks)).toBe('Dziękujemy! Twoja odpowiedź została zapisana.');
    expect(document.activeElement).toBe(thanks);
    expect(api.store.map.get('umpire:survey-answered:ekstraklasa-demo:4')).toBeTruthy();
  });

  it('takes a second answer from the server’s refusal as answered, and says so at once on the next visit', async () => {
    const store = memoryStore();
    surveyPage('en', {
      'GET /surveys/4': [200, surveyDoc()],
      'POST /fans': [200, fanAnswer('5', 'device', 'fan-token')],
      'POST /survey_user_answers': [409, problem(409, 'surveyAlreadyAnswered')],
    }, store);
    take().click();
    await settle();
    pick('Nowak');
    send();
    await settle();
    expect(words(document.querySelector('[data-survey-result]'))).toBe('You have already answered this survey. Thank you!');
    const again = surveyPage('en', {}, store);
    expect(take()).toBeNull();
    expect(words(document.querySelector('[data-survey-result]'))).toBe('You have already answered this survey. Thank you!');
    expect(again.calls).toEqual([]);
  });

  it('says when the survey is closed, before and after drawing it', async () => {
    surveyPage('pl', { 'GET /surveys/4': [200, surveyDoc(false)] });
    take().click();
    await settle();
    expect(words(document.querySelector('[data-hydrate="survey"] [role="alert"]'))).toBe('Ta ankieta nie przyjmuje teraz odpowiedzi.');
    expect(document.querySelector('.u-survey-form')).toBeNull();

    surveyPage('en', {
      'GET /surveys/4': [200, surveyDoc()],
      'POST /fans': [201, fanAnswer('5', 'device', 't')],
      'POST /survey_user_answers': [422, problem(422, 'surveyNotOpen')],
    });
    take().click();
    await settle();
    pick('Nowak');
    send();
    await settle();
    expect(words(document.querySelector('.u-survey-form [role="alert"]'))).toBe('This survey is not taking answers now.');
    expect(document.querySelector<HTMLButtonElement>('.u-survey-form button[type="submit"]')!.hidden).toBe(true);
  });
});
