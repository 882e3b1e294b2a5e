import { ApiProblem, createApi, problemText, type Api, type ApiDocument, type ResourceLike } from './api';
import type { SiteConfig } from './config';
import { h, noticeLine, uid } from './dom';
import { fanSession, type FanSession, type KeyValueStore } from './fan';
import { wordsFor, type Words } from './i18n';

/**
 * A survey card (`[data-hydrate="survey"][data-survey-id]`): its button loads the published survey
 * (`GET /public/v1/surveys/{id}`), draws its questions (one choice: radio buttons; several:
 * checkboxes; free text: a text area), checks the required ones in the page's language, and
 * sends the answers once with the device fan's token (`POST /public/v1/survey_user_answers`).
 * A survey answered from this browser says so on the next visit instead of offering the form.
 */
export interface SurveyDeps {
  api: Api;
  session: FanSession;
  /** Where this browser remembers the surveys it answered (localStorage). */
  store?: KeyValueStore | null;
}

interface SurveyQuestion {
  id: string;
  prompt: string;
  kind: 'single' | 'multiple' | 'text';
  required: boolean;
  answers: { id: string; text: string }[];
}

const TEXT_MAX = 2000;

function questionsOf(survey: ResourceLike): SurveyQuestion[] {
  const raw = survey.attributes?.questions;
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((q): q is Record<string, unknown> => !!q && typeof q === 'object')
    .map((q) => ({
      id: String(q.id),
      prompt: typeof q.prompt === 'string' ? q.prompt : '',
      kind: q.kind === 'multiple' || q.kind === 'text' ? q.kind : 'single',
      required: q.required === true,
      answers: (Array.isArray(q.answers) ? (q.answers as Record<string, unknown>[]) : []).map((a) => ({ id: String(a.id), text: typeof a.text === 'string' ? a.text : '' })),
    }));
}

function defaultStore(): KeyValueStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function hydrateSurvey(card: HTMLElement, words: Words, deps: SurveyDeps, client: string): void {
  if (card.dataset.hydrated) return;
  const start = card.querySelector<HTMLButtonElement>('[data-action="take-survey"]');
  if (!start) return;
  card.dataset.hydrated = 'true';
  const id = card.dataset.surveyId!;
  const store = deps.store === undefined ? defaultStore() : deps.store;
  const answeredKey = `umpire:survey-answered:${client}:${id}`;
  const notice = noticeLine();
  start.insertAdjacentElement('afterend', notice.element);
  const remember = () => {
    try {
      store?.setItem(answeredKey, new Date().toISOString());
    } catch {
      // Nothing kept: the server still refuses a second answer.
    }
  };
  const thank = (text: string, focus: boolean) => {
    const done = h('p', { class: 'u-result', tabindex: '-1', 'data-survey-result': '' }, text);
    card.querySelector('.u-survey-form')?.remove();
    start.replaceWith(done);
    notice.clear();
    if (focus) done.focus();
  };
  if (store?.getItem(answeredKey)) return thank(words.surveyAlreadyAnswered, false);

  start.addEventListener('click', () => {
    start.disabled = true;
    start.setAttribute('aria-busy', 'true');
    notice.show(words.loading);
    deps.api.get<ApiDocument<ResourceLike>>(`/surveys/${encodeURIComponent(id)}`).then(
      (doc) => {
        start.removeAttribute('aria-busy');
        const questions = questionsOf(doc.data);
        if (doc.data.attributes?.open === false) return notice.show(words.surveyNotOpen, 'error');
        if (!questions.length) return notice.show(words.surveyNoQuestions);
        notice.clear();
        start.hidden = true;
        draw(questions);
      },
      (error: unknown) => {
        start.disabled = false;
        start.removeAttribute('aria-busy');
        notice.show(problemText(error, words), 'error');
      },
    );
  });

  function draw(questions: SurveyQuestion[]) {
    const parts = questions.map((q) => {
      const marker = q.required ? h('span', { class: 'u-required' }, ` ${words.required}`) : null;
      if (q.kind === 'text') {
        const inputId = uid('survey-text');
        return {
          q,
          element: h(
            'p',
            { class: 'u-field', 'data-question-id': q.id },
            h('label', { for: inputId }, q.prompt, marker),
            h('textarea', { id: inputId, name: `q${q.id}`, rows: 3, maxlength: TEXT_MAX, 'aria-required': q.required ? 'true' : null }),
          ),
        };
      }
      return {
        q,
        element: h(
          'fieldset',
          { class: 'u-choices', 'data-question-id': q.id },
          h('legend', {}, q.prompt, marker),
          ...q.answers.map((a) => {
            const inputId = uid('survey-answer');
            return h('p', { class: 'u-choice' }, h('input', { type: q.kind === 'single' ? 'radio' : 'checkbox', id: inputId, name: `q${q.id}`, value: a.id }), h('label', { for: inputId }, a.text));
          }),
        ),
      };
    });
    const submit = h('button', { type: 'submit', class: 'u-button' }, words.send);
    const fields = h('fieldset', { class: 'u-plain' }, ...parts.map((p) => p.element), submit);
    const result = noticeLine();
    const form = h('form', { class: 'u-fan-form u-survey-form', novalidate: true }, fields, result.element);
    notice.element.insertAdjacentElement('beforebegin', form);
    form.querySelector<HTMLElement>('input, textarea')?.focus();

    const answerOf = ({ q, element }: (typeof parts)[number]) => {
      if (q.kind === 'text') {
        const text = element.querySelector('textarea')!.value.trim();
        return text ? { question_id: q.id, text } : null;
      }
      const ids = [...element.querySelectorAll<HTMLInputElement>('input:checked')].map((i) => i.value);
      return ids.length ? { question_id: q.id, answer_ids: ids } : null;
    };

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const answers = parts.map((p) => ({ part: p, answer: answerOf(p) }));
      for (const { part } of answers) part.element.removeAttribute('aria-invalid');
      const missing = answers.filter((a) => a.part.q.required && !a.answer);
      if (missing.length) {
        for (const { part } of missing) part.element.querySelector('input, textarea')?.setAttribute('aria-invalid', 'true');
        result.show(words.answerRequired, 'error');
        missing[0].part.element.querySelector<HTMLElement>('input, textarea')?.focus();
        return;
      }
      fields.disabled = true;
      result.show(words.sending);
      const body = {
        data: {
          type: 'survey_user_answers',
          attributes: { answers: answers.flatMap((a) => (a.answer ? [a.answer] : [])) },
          relationships: { survey: { data: { type: 'surveys', id } } },
        },
      };
      deps.session.run((token) => deps.api.post('/survey_user_answers', body, { token })).then(
        () => {
          remember();
          thank(words.surveyThanks, true);
        },
        (error: unknown) => {
          if (error instanceof ApiProblem && error.code === 'surveyAlreadyAnswered') {
            remember();
            return thank(words.surveyAlreadyAnswered, true);
          }
          result.show(problemText(error, words, { required: words.answerRequired }), 'error');
          const final = error instanceof ApiProblem && (error.code === 'surveyNotOpen' || error.code === 'fanBanned');
          if (final) submit.hidden = true;
          else fields.disabled = false;
        },
      );
    });
  }
}

export function hydrateSurveys(config: SiteConfig, root: ParentNode = document, deps?: Partial<SurveyDeps>): void {
  const words = wordsFor(config.locale);
  const api = deps?.api ?? createApi(config);
  const full: SurveyDeps = { api, session: deps?.session ?? fanSession(config, api), store: deps?.store };
  for (const card of root.querySelectorAll<HTMLElement>('[data-hydrate="survey"][data-survey-id]')) hydrateSurvey(card, words, full, config.client);
}
