import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nContextProvider } from 'react-admin';
import { initI18n } from '../../lib/i18n';
import { setRuntime, type Runtime } from '../../lib/configuration';
import { createI18nProvider } from '../../providers/i18n-provider';
import { LanguagePicker } from './language-picker';

function renderWith(languages: string[]) {
  setRuntime({ languages, language: 'pl' } as Runtime);
  return render(
    <I18nContextProvider value={createI18nProvider(languages)}>
      <LanguagePicker />
    </I18nContextProvider>,
  );
}

describe('language picker', () => {
  beforeAll(() => initI18n('pl', { languages: { pl: 'Polski', en: 'English' }, shell: { chooseLanguage: 'Język: {{language}}' } }));
  afterEach(cleanup);

  it('is hidden when only one interface language is configured', () => {
    const { container } = renderWith(['pl']);
    expect(container.innerHTML).toBe('');
  });

  it('lists the configured languages, each named in its own language', () => {
    renderWith(['pl', 'en']);
    fireEvent.click(screen.getByRole('button', { name: 'PL, Język: Polski' }));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('lang')])).toEqual([
      ['Polski', 'pl'],
      ['English', 'en'],
    ]);
  });
});
