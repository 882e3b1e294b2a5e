import { useEffect, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Box, Button, ButtonGroup } from '@mui/material';
import type { AnyExtension, Editor } from '@tiptap/react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslate } from 'react-admin';
import { HEADING_LEVELS, isSafeLink, sameJson, type RichTextDocument } from '@umpire/schema';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import InsertLink from '@mui/icons-material/InsertLink';
import Redo from '@mui/icons-material/Redo';
import Title from '@mui/icons-material/Title';
import Undo from '@mui/icons-material/Undo';

export interface RichTextEditorProps {
  id: string;
  label: string;
  value: RichTextDocument | null;
  onChange: (doc: RichTextDocument) => void;
  /** More nodes (an article's embeds). */
  extensions?: AnyExtension[];
  /** More toolbar buttons, given the editor (made with `ToolButton`). */
  tools?: (editor: Editor) => ReactNode;
  /** Shown between the toolbar and the text (a dialog, an error line). */
  children?: ReactNode;
}

/**
 * The rich-text editor (Tiptap) of articles and of the page builder's text components, loaded
 * only where one is shown. It offers exactly what the shared rich-text schema allows
 * (packages/schema/src/rich-text.ts): paragraphs, headings 2–4, lists, quotes, bold, italic,
 * underline, strike, code and http/https/mailto links; a caller adds its own nodes and buttons.
 */
export default function RichTextEditor({ id, label, value, onChange, extensions = [], tools, children }: RichTextEditorProps) {
  const translate = useTranslate();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        codeBlock: false,
        heading: { levels: [...HEADING_LEVELS] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], isAllowedUri: (url) => isSafeLink(url) },
      }),
      ...extensions,
    ],
    content: value ?? '',
    immediatelyRender: true,
    editorProps: { attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, class: 'umpire-rich-text' } },
    // Reported at once, as a native input's change is: ProseMirror's own listener would leave the
    // state update to React's scheduler, which the browser runs after pending input, so a Save
    // clicked right after the last keystroke read the text without it (seen under load).
    onUpdate: ({ editor }) => flushSync(() => onChange(editor.getJSON() as RichTextDocument)),
  });
  // A reload (after a conflict) brings another version of the text. Compared as data: the same
  // text read back from PostgreSQL has its keys in another order. An editor that useEditor has
  // already destroyed (it replaces one that missed its mount) has no commands any more.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value && !sameJson(editor.getJSON(), value)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  if (!editor) return null;
  const setLink = () => {
    const href = window.prompt(translate('richText.linkPrompt'), String(editor.getAttributes('link').href ?? 'https://'));
    if (href === null) return;
    if (href === '') editor.chain().focus().unsetLink().run();
    else if (isSafeLink(href)) editor.chain().focus().setLink({ href }).run();
  };
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <ButtonGroup size="small" sx={{ p: 0.5, flexWrap: 'wrap' }} aria-label={translate('richText.label', { language: label })}>
        <ToolButton name="bold" icon={FormatBold} onClick={() => editor.chain().focus().toggleBold().run()} active={editor.isActive('bold')} />
        <ToolButton name="italic" icon={FormatItalic} onClick={() => editor.chain().focus().toggleItalic().run()} active={editor.isActive('italic')} />
        <ToolButton name="heading" icon={Title} onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()} active={editor.isActive('heading')} />
        <ToolButton name="bulletList" icon={FormatListBulleted} onClick={() => editor.chain().focus().toggleBulletList().run()} active={editor.isActive('bulletList')} />
        <ToolButton name="orderedList" icon={FormatListNumbered} onClick={() => editor.chain().focus().toggleOrderedList().run()} active={editor.isActive('orderedList')} />
        <ToolButton name="quote" icon={FormatQuote} onClick={() => editor.chain().focus().toggleBlockquote().run()} active={editor.isActive('blockquote')} />
        <ToolButton name="link" icon={InsertLink} onClick={setLink} active={editor.isActive('link')} />
        {tools?.(editor)}
        <ToolButton name="undo" icon={Undo} onClick={() => editor.chain().focus().undo().run()} />
        <ToolButton name="redo" icon={Redo} onClick={() => editor.chain().focus().redo().run()} />
      </ButtonGroup>
      {children}
      <Box sx={{ px: 1.5, minHeight: 160, '& .umpire-rich-text': { minHeight: 140, outline: 'none' }, '& .umpire-rich-text:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}>
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}

/** A toolbar button: an icon whose name (`richText.<name>`) is its label. */
export function ToolButton({ name, icon: Icon, onClick, active }: { name: string; icon: typeof FormatBold; onClick: () => void; active?: boolean }) {
  const translate = useTranslate();
  const label = translate(`richText.${name}`);
  return (
    <Button onClick={onClick} aria-label={label} title={label} aria-pressed={active ?? undefined} variant={active ? 'contained' : 'outlined'}>
      <Icon fontSize="small" aria-hidden="true" />
    </Button>
  );
}
