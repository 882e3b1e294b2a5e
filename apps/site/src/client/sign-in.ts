import { problemText } from './api';
import { h, noticeLine, uid } from './dom';
import type { FanSession, StoredFan } from './fan';
import type { Words } from './i18n';

/**
 * A fan account's sign-in form (e-mail and password, `POST /public/v1/fans/sign_in`), for what
 * needs an account: paid broadcasts. The token it gets replaces the device's for this league.
 * Field checks are ours, in the page's language, not the browser's bubbles.
 */
export function signInForm(words: Words, session: FanSession, onSignedIn: (fan: StoredFan) => void): HTMLFormElement {
  const emailId = uid('email');
  const passwordId = uid('password');
  const email = h('input', { id: emailId, name: 'email', type: 'email', autocomplete: 'email', required: true, spellcheck: 'false' });
  const password = h('input', { id: passwordId, name: 'password', type: 'password', autocomplete: 'current-password', required: true });
  const submit = h('button', { type: 'submit', class: 'u-button' }, words.signIn);
  const notice = noticeLine();
  const fieldset = h(
    'fieldset',
    {},
    h('legend', {}, words.signInTitle),
    h('p', { class: 'u-field' }, h('label', { for: emailId }, words.email), email),
    h('p', { class: 'u-field' }, h('label', { for: passwordId }, words.password), password),
    submit,
  );
  const form = h('form', { class: 'u-fan-form u-sign-in', novalidate: true }, fieldset, notice.element);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!email.value.trim() || !password.value) {
      notice.show(words.fillBoth, 'error');
      (email.value.trim() ? password : email).focus();
      return;
    }
    fieldset.disabled = true;
    notice.show(words.sending);
    session.signIn(email.value.trim(), password.value).then(
      (fan) => {
        password.value = '';
        notice.show(words.signedIn(fan.displayName), 'success');
        onSignedIn(fan);
      },
      (error: unknown) => {
        fieldset.disabled = false;
        notice.show(problemText(error, words), 'error');
        password.focus();
      },
    );
  });
  return form;
}
