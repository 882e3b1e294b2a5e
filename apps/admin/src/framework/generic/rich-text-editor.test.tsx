import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nContextProvider } from 'react-admin';
import type { Editor } from '@tiptap/react';
import type { RichTextDocument } from '@umpire/schema';
import { createI18nProvider } from '../../providers/i18n-provider';
import { loadEnglish } from '../../test/english';
import RichTextEditor from './rich-text-editor';

/** A form holding the editor's document in state, as the page builder and the article editor do. */
function Form() {
  const [value, setValue] = useState<RichTextDocument | null>(null);
  return (
    <>
      <RichTextEditor id="body" label="Body" value={value} onChange={setValue} />
      <output data-testid="state">{JSON.stringify(value)}</output>
    </>
  );
}

/** Tiptap keeps its editor on the element it edits. */
const editorOf = (element: HTMLElement) => (element as HTMLElement & { editor: Editor }).editor;

describe('rich-text editor', () => {
  beforeAll(loadEnglish);
  afterEach(cleanup);

  it('hands each change to the form before the next event, as a native input does', () => {
    render(
      <I18nContextProvider value={createI18nProvider(['en'])}>
        <Form />
      </I18nContextProvider>,
    );
    const editor = editorOf(screen.getByRole('textbox', { name: 'Body' }));
    // Outside act(): as ProseMirror's own listener runs in a browser. A change left to React's
    // scheduler would not be in the form yet, and a Save clicked now would miss it.
    editor.commands.insertContent('Derby');
    expect(screen.getByTestId('state').textContent).toContain('Derby');
    editor.chain().toggleBold().insertContent(' day').run();
    const stored: RichTextDocument = JSON.parse(screen.getByTestId('state').textContent);
    expect(stored.content?.[0]?.content).toEqual([
      { type: 'text', text: 'Derby' },
      { type: 'text', text: ' day', marks: [{ type: 'bold' }] },
    ]);
  });
});
