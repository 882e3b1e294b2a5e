import { ApiProblem, attrNumber, attrText, createApi, includedIndex, problemText, relIds, type Api, type ApiDocument, type ResourceLike } from './api';
import type { SiteConfig } from './config';
import { clock, h, noticeLine, uid } from './dom';
import { fanSession, type FanSession } from './fan';
import { wordsFor, type Words } from './i18n';

/**
 * A quiz card (`[data-hydrate="quiz"][data-quiz-id]`): its start button loads the published quiz
 * (`GET /public/v1/quizzes/{id}`: open or not, its time limit and how many questions), then starts
 * the attempt (`POST …/attempt_starts`: the server times it from there, and its answer holds the
 * questions and answers in order, never which are right), draws one group of choices per question
 * (a question may have several right answers, so each answer is a checkbox) and a countdown of the
 * quiz's time limit, then sends the answers with the start's token (`POST …/attempts`, with the
 * device fan's token) and shows the score and the place in the ranking. At the time limit the
 * answers go as they are.
 */
export interface QuizDeps {
  api: Api;
  session: FanSession;
  /** Milliseconds of a monotonic clock (performance.now). */
  now?: () => number;
}

/** Refusals after which sending again cannot help: the form stays closed. */
const FINAL = new Set(['quizClosed', 'quizAttemptLimit', 'fanBanned', 'quizImpossibleTime', 'quizForeignAnswer', 'quizStartExpired', 'quizStartUsed', 'quizStartInvalid']);

export function hydrateQuiz(card: HTMLElement, words: Words, deps: QuizDeps): void {
  if (card.dataset.hydrated) return;
  const start = card.querySelector<HTMLButtonElement>('[data-action="start-quiz"]');
  if (!start) return;
  card.dataset.hydrated = 'true';
  const id = card.dataset.quizId!;
  const now = deps.now ?? (() => performance.now());
  const notice = noticeLine();
  start.insertAdjacentElement('afterend', notice.element);

  start.addEventListener('click', () => {
    start.disabled = true;
    start.setAttribute('aria-busy', 'true');
    notice.show(words.loading);
    const path = `/quizzes/${encodeURIComponent(id)}`;
    const failed = (error: unknown) => {
      start.removeAttribute('aria-busy');
      notice.show(problemText(error, words), 'error');
      // No attempt left, or the quiz closed: starting again cannot help.
      start.disabled = error instanceof ApiProblem && FINAL.has(error.code);
    };
    deps.api.get<ApiDocument<ResourceLike>>(path).then((doc) => {
      const quiz = doc.data;
      if (quiz.attributes?.is_open === false) return failed(new ApiProblem(422, 'quizClosed', ''));
      if (!attrNumber(quiz, 'question_count')) {
        start.removeAttribute('aria-busy');
        return notice.show(words.quizNoQuestions);
      }
      // The attempt's start: the server's clock for it starts, and its answer brings the questions.
      return deps.session.run((token) => deps.api.post<ApiDocument<ResourceLike> & { meta: { token: string } }>(`${path}/attempt_starts`, {}, { token })).then((started) => {
        const find = includedIndex(started);
        const questions = relIds(started.data, 'quiz_questions')
          .map((q) => find('quiz_questions', q))
          .filter((q): q is ResourceLike => !!q)
          .map((q) => ({ question: q, answers: relIds(q, 'quiz_answers').map((a) => find('quiz_answers', a)).filter((a): a is ResourceLike => !!a) }));
        start.removeAttribute('aria-busy');
        notice.clear();
        start.hidden = true;
        run(questions, attrNumber(quiz, 'time_limit_seconds') ?? 0, started.meta.token);
      });
    }).catch(failed);
  });

  function run(questions: { question: ResourceLike; answers: ResourceLike[] }[], limitSeconds: number, startToken: string) {
    const began = now();
    const timer = h('p', { class: 'u-timer', role: 'timer', 'aria-live': 'off' });
    const hint = h('p', { class: 'u-meta', id: uid('quiz-hint') }, words.chooseAll);
    const groups = questions.map(({ question, answers }, i) =>
      h(
        'fieldset',
        { class: 'u-choices', 'aria-describedby': hint.id, 'data-question-id': question.id },
        h('legend', {}, h('span', { class: 'u-meta u-question-number' }, words.questionOf(i + 1, questions.length)), ' ', attrText(question, 'text')),
        ...answers.map((answer) => {
          const inputId = uid('answer');
          return h('p', { class: 'u-choice' }, h('input', { type: 'checkbox', id: inputId, name: `q${question.id}`, value: answer.id }), h('label', { for: inputId }, attrText(answer, 'text')));
        }),
      ),
    );
    const submit = h('button', { type: 'submit', class: 'u-button' }, words.submitAnswers);
    const fields = h('fieldset', { class: 'u-plain' }, ...groups, submit);
    const result = noticeLine();
    const form = h('form', { class: 'u-fan-form u-quiz-form', novalidate: true }, limitSeconds > 0 ? timer : null, hint, fields, result.element);
    notice.element.insertAdjacentElement('beforebegin', form);
    form.querySelector('input')?.focus();

    let interval: ReturnType<typeof setInterval> | undefined;
    let timeUp = false;
    let sent = false;
    const tick = () => {
      const left = limitSeconds - (now() - began) / 1000;
      timer.textContent = `${words.timeLeft}: ${clock(left)}`;
      // Once, at the limit: the answers go as they are (a failed send is the reader's to repeat).
      if (left <= 0 && !timeUp) {
        timeUp = true;
        clearInterval(interval);
        if (!sent) {
          result.show(words.timeUp);
          send();
        }
      }
    };

    const send = () => {
      if (sent) return;
      sent = true;
      const elapsed = Math.max(0, Math.round(now() - began));
      const answers = groups.map((g) => ({
        question: g.dataset.questionId!,
        answers: [...g.querySelectorAll<HTMLInputElement>('input:checked')].map((i) => i.value),
      }));
      fields.disabled = true;
      if (!timeUp) result.show(words.sending);
      // The server times the attempt from its start; this reader's own time only trims the network's share.
      const body = { data: { type: 'quiz_user_attempts', attributes: { answers, start_token: startToken, time_taken_ms: elapsed } } };
      deps.session.run((token) => deps.api.post<ApiDocument<ResourceLike>>(`/quizzes/${encodeURIComponent(id)}/attempts`, body, { token })).then(
        (doc) => {
          clearInterval(interval);
          const score = attrNumber(doc.data, 'score') ?? 0;
          const max = attrNumber(doc.data, 'max_score') ?? questions.length;
          const rank = attrNumber(doc.data, 'rank');
          const summary = h(
            'div',
            { class: 'u-result', tabindex: '-1', 'data-quiz-result': '' },
            h('p', { class: 'u-result-title' }, words.quizResultTitle),
            h('p', { class: 'u-result-score' }, words.quizScore(score, max)),
            rank !== null ? h('p', {}, words.quizRank(rank)) : null,
          );
          form.replaceWith(summary);
          summary.focus();
        },
        (error: unknown) => {
          const final = error instanceof ApiProblem && FINAL.has(error.code);
          result.show(problemText(error, words), 'error');
          if (final) {
            clearInterval(interval);
            submit.hidden = true;
            timer.hidden = true;
            return;
          }
          // Sending again may help (the network, a moment's limit): the answers stay as they were.
          sent = false;
          fields.disabled = false;
          submit.focus();
        },
      );
    };

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      send();
    });
    if (limitSeconds > 0) {
      tick();
      interval = setInterval(tick, 1000);
    }
  }
}

export function hydrateQuizzes(config: SiteConfig, root: ParentNode = document, deps?: Partial<QuizDeps>): void {
  const words = wordsFor(config.locale);
  const api = deps?.api ?? createApi(config);
  const full: QuizDeps = { api, session: deps?.session ?? fanSession(config, api), now: deps?.now };
  for (const card of root.querySelectorAll<HTMLElement>('[data-hydrate="quiz"][data-quiz-id]')) hydrateQuiz(card, words, full);
}
