import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nContextProvider } from 'react-admin';
import { initI18n } from '../../lib/i18n';
import { setRuntime, type Runtime } from '../../lib/configuration';
import { createI18nProvider } from '../../providers/i18n-provider';
import type { ImagePickerDialogProps } from '../../framework/generic/image-picker-slot';
import { GalleryDialog } from './gallery-dialog';

let picks = 0;
/** Stands for the media library's picker: each open picks the next image. */
function FakePicker({ onPicked }: ImagePickerDialogProps) {
  return <button onClick={() => onPicked({ id: String(++picks), name: `photo-${picks}.jpg` })}>pick</button>;
}

describe('the gallery dialog', () => {
  beforeAll(() =>
    initI18n('en', {
      reorder: { item: '{{name}}, number {{position}} of {{count}}', moveUp: 'Move up: {{name}}', moveDown: 'Move down: {{name}}', moved: '{{name}} is now number {{position}} of {{count}}' },
      articlesPage: { editor: { galleryEmpty: 'No images', addImage: 'Add an image', removeImage: 'Remove {{name}}', atMost: 'At most {{max}}', insert: 'Insert' } },
      ra: { action: { cancel: 'Cancel' } },
    }),
  );
  afterEach(cleanup);

  function open(max?: number) {
    picks = 0;
    setRuntime({ languages: ['en'], language: 'en' } as Runtime);
    const onInsert = vi.fn();
    render(
      <I18nContextProvider value={createI18nProvider(['en'])}>
        <GalleryDialog title="Gallery" max={max} Picker={FakePicker} onClose={() => undefined} onInsert={onInsert} />
      </I18nContextProvider>,
    );
    const add = () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add an image' }));
      // The gallery's dialog steps aside (aria-hidden while it closes) for the picker.
      fireEvent.click(screen.getByText('pick'));
    };
    return { onInsert, add };
  }

  it('inserts the images added, in the order the editor puts them, without those removed', () => {
    const { onInsert, add } = open();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Insert' }).disabled).toBe(true);
    add();
    add();
    add();
    fireEvent.click(screen.getByRole('button', { name: 'Move up: photo-3.jpg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo-1.jpg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(onInsert).toHaveBeenCalledWith([
      { id: '3', name: 'photo-3.jpg' },
      { id: '2', name: 'photo-2.jpg' },
    ]);
  });

  it('adds no more than the kind allows', () => {
    const { add } = open(2);
    add();
    add();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add an image' }).disabled).toBe(true);
    expect(screen.getByText('At most 2')).toBeTruthy();
  });
});
