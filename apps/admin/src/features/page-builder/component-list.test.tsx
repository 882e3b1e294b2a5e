import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nContextProvider } from 'react-admin';
import { createI18nProvider } from '../../providers/i18n-provider';
import { loadEnglish } from '../../test/english';
import { ComponentList } from './component-list';
import { draftOf, duplicateDraft, insertDraft, moveItem, type Draft } from './model';

const text = (id: string, body: string) => draftOf({ id, type: 'components', attributes: { kind: 'text', settings: { format: 'plain', body } } });

function Harness({ initial }: { initial: Draft[] }) {
  const [drafts, setDrafts] = useState(initial);
  return (
    <ComponentList
      drafts={drafts}
      issues={{}}
      open={new Set()}
      onToggle={() => undefined}
      selected={null}
      onSelect={() => undefined}
      onMove={(from, to) => setDrafts((list) => moveItem(list, from, to))}
      onOrder={setDrafts}
      onChange={() => undefined}
      onRemove={(key) => setDrafts((list) => list.filter((d) => d.key !== key))}
      onDuplicate={(key) => setDrafts((list) => insertDraft(list, duplicateDraft(list.find((d) => d.key === key)!), key))}
    />
  );
}

const order = () => screen.queryAllByTestId('card-summary').map((s) => s.textContent);
const announced = () => screen.getByTestId('reorder-announcement').textContent;
const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));

describe('component list', () => {
  beforeAll(loadEnglish);
  afterEach(cleanup);

  function renderList(initial: Draft[]) {
    return render(
      <I18nContextProvider value={createI18nProvider(['en'])}>
        <Harness initial={initial} />
      </I18nContextProvider>,
    );
  }

  it('shows an empty state without components', () => {
    renderList([]);
    expect(screen.getByTestId('builder-empty').textContent).toMatch(/No components yet/);
  });

  it('reorders with the handle: Space picks up, arrows move, Enter drops, Escape puts back; focus stays on the handle', async () => {
    renderList([text('1', 'Alfa'), text('2', 'Beta'), text('3', 'Gamma')]);
    const handle = screen.getByRole('button', { name: 'Reorder: Text: Alfa' });
    handle.focus();
    fireEvent.keyDown(handle, { key: ' ' });
    expect(announced()).toBe('Picked up Text: Alfa, position 1 of 3. Arrow keys move it, Space or Enter drops it, Escape cancels.');
    expect(handle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    await nextFrame();
    expect(order()).toEqual(['Beta', 'Alfa', 'Gamma']);
    expect(announced()).toBe('Text: Alfa is now at position 2 of 3');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reorder: Text: Alfa' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(announced()).toBe('Dropped Text: Alfa at position 2 of 3');
    // Arrows do nothing to a card that is not picked up.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(order()).toEqual(['Beta', 'Alfa', 'Gamma']);
    // Picked up, moved, and put back with Escape.
    const gamma = screen.getByRole('button', { name: 'Reorder: Text: Gamma' });
    fireEvent.keyDown(gamma, { key: 'Enter' });
    fireEvent.keyDown(gamma, { key: 'ArrowUp' });
    fireEvent.keyDown(gamma, { key: 'ArrowUp' });
    expect(order()).toEqual(['Gamma', 'Beta', 'Alfa']);
    fireEvent.keyDown(gamma, { key: 'Escape' });
    expect(order()).toEqual(['Beta', 'Alfa', 'Gamma']);
    expect(announced()).toBe('Cancelled. Text: Gamma is back at position 3 of 3');
  });

  it('moves with the up and down buttons and by dragging a card onto another', () => {
    renderList([text('1', 'Alfa'), text('2', 'Beta'), text('3', 'Gamma')]);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move up: Text: Alfa' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move down: Text: Alfa' }));
    expect(order()).toEqual(['Beta', 'Alfa', 'Gamma']);
    const cards = screen.getAllByTestId('builder-card');
    const dataTransfer = { setData: () => undefined, effectAllowed: '', dropEffect: '' };
    const gammaHeader = within(cards[2]).getByRole('button', { name: 'Reorder: Text: Gamma' }).parentElement!;
    fireEvent.dragStart(gammaHeader, { dataTransfer });
    fireEvent.dragOver(cards[0], { dataTransfer });
    fireEvent.drop(cards[0], { dataTransfer });
    expect(order()).toEqual(['Gamma', 'Beta', 'Alfa']);
  });

  it('duplicates a component right after itself', () => {
    renderList([text('1', 'Alfa'), text('2', 'Beta')]);
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate: Text: Alfa' }));
    expect(order()).toEqual(['Alfa', 'Alfa', 'Beta']);
  });

  it('removes a component only after confirming', async () => {
    renderList([text('1', 'Alfa'), text('2', 'Beta')]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove: Text: Beta' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Text: Beta will be removed from the page when you save.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(order()).toEqual(['Alfa', 'Beta']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Remove: Text: Beta' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(order()).toEqual(['Alfa']);
  });
});
