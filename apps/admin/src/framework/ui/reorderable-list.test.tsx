import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nContextProvider } from 'react-admin';
import { initI18n } from '../../lib/i18n';
import { setRuntime, type Runtime } from '../../lib/configuration';
import { moveItem } from '../../lib/move-item';
import { createI18nProvider } from '../../providers/i18n-provider';
import { ReorderableList } from './reorderable-list';

function Harness() {
  const [items, setItems] = useState(['Header', 'Hero', 'News']);
  return (
    <ReorderableList
      items={items}
      keyOf={(item) => item}
      nameOf={(item) => item}
      onMove={(from, to) => setItems((list) => moveItem(list, from, to))}
      renderItem={(item) => <span>{item}</span>}
      testId="list"
    />
  );
}

const order = () => screen.getAllByRole('listitem').map((li) => li.querySelector('span')?.textContent);
const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));

describe('reorderable list', () => {
  beforeAll(() =>
    initI18n('en', {
      reorder: { item: '{{name}}, number {{position}} of {{count}}', moveUp: 'Move up: {{name}}', moveDown: 'Move down: {{name}}', moved: '{{name}} is now number {{position}} of {{count}}' },
    }),
  );
  afterEach(cleanup);

  function renderList() {
    setRuntime({ languages: ['en'], language: 'en' } as Runtime);
    return render(
      <I18nContextProvider value={createI18nProvider(['en'])}>
        <Harness />
      </I18nContextProvider>,
    );
  }

  it('moves with the buttons, which are off at the ends, and announces each move', () => {
    renderList();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move up: Header' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move down: News' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move down: Header' }));
    expect(order()).toEqual(['Hero', 'Header', 'News']);
    expect(screen.getByText('Header is now number 2 of 3')).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Header, number 2 of 3' })).toBeTruthy();
  });

  it('moves the focused row with Alt+arrows and keeps the focus on it', async () => {
    renderList();
    const news = screen.getByRole('listitem', { name: 'News, number 3 of 3' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Move up: News' }), { key: 'ArrowUp', altKey: true });
    await nextFrame();
    expect(order()).toEqual(['Header', 'News', 'Hero']);
    expect(document.activeElement).toBe(news);
    fireEvent.keyDown(news, { key: 'ArrowUp', altKey: true });
    await nextFrame();
    expect(order()).toEqual(['News', 'Header', 'Hero']);
    // Without Alt an arrow is left to the browser; past the top nothing moves.
    fireEvent.keyDown(news, { key: 'ArrowDown' });
    fireEvent.keyDown(news, { key: 'ArrowUp', altKey: true });
    expect(order()).toEqual(['News', 'Header', 'Hero']);
  });

  it('moves a row dragged onto another', () => {
    renderList();
    const [header, , news] = screen.getAllByRole('listitem');
    const dataTransfer = { setData: () => undefined, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(header, { dataTransfer });
    fireEvent.dragOver(news, { dataTransfer });
    fireEvent.drop(news, { dataTransfer });
    expect(order()).toEqual(['Hero', 'News', 'Header']);
  });
});
