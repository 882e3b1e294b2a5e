import { useEffect, useState } from 'react';
import { Box, Button, ButtonGroup, Typography } from '@mui/material';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslate } from 'react-admin';
import { HEADING_LEVELS, isSafeLink, type RichTextDocument } from '@umpire/schema';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import InsertLink from '@mui/icons-material/InsertLink';
import Redo from '@mui/icons-material/Redo';
import Title from '@mui/icons-material/Title';
import Undo from '@mui/icons-material/Undo';
import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import { imagePicker } from '../../framework/generic/image-picker-slot';
import { articlesApi } from './api';
import { EmbedNode } from './embed-node';

export interface RichTextEditorProps {
  id: string;
  /** The article the text belongs to: embedded pictures become its components. */
  articleId: string;
  label: string;
  value: RichTextDocument | null;
  onChange: (doc: RichTextDocument) => void;
}

/**
 * The body editor (Tiptap), loaded only when an article is opened. It offers exactly what the
 * shared rich-text schema allows (packages/schema/src/rich-text.ts): paragraphs, headings 2–4,
 * lists, quotes, bold, italic, underline, strike, code, http/https/mailto links, and pictures
 * from the media library embedded as the article's own image components.
 */
export default function RichTextEditor({ id, articleId, label, value, onChange }: RichTextEditorProps) {
  const translate = useTranslate();
  const [picking, setPicking] = useState(false);
  const [embedError, setEmbedError] = useState<string | null>(null);
  const [Picker] = useState(() => imagePicker());
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        codeBlock: false,
        heading: { levels: [...HEADING_LEVELS] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], isAllowedUri: (url) => isSafeLink(url) },
      }),
      EmbedNode,
    ],
    content: value ?? '',
    immediatelyRender: true,
    editorProps: { attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, class: 'umpire-rich-text' } },
    onUpdate: ({ editor }) => onChange(editor.getJSON() as RichTextDocument),
  });
  // A reload (after a conflict) brings another version of the text.
  useEffect(() => {
    if (editor && value && JSON.stringify(editor.getJSON()) !== JSON.stringify(value)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  if (!editor) return null;
  const action = (name: string, run: () => void, active?: boolean) => (
    <Button key={name} onClick={run} aria-label={translate(`articlesPage.editor.${name}`)} title={translate(`articlesPage.editor.${name}`)} aria-pressed={active ?? undefined} variant={active ? 'contained' : 'outlined'}>
      <Icon name={name} />
    </Button>
  );
  const setLink = () => {
    const href = window.prompt(translate('articlesPage.editor.linkPrompt'), String(editor.getAttributes('link').href ?? 'https://'));
    if (href === null) return;
    if (href === '') editor.chain().focus().unsetLink().run();
    else if (isSafeLink(href)) editor.chain().focus().setLink({ href }).run();
  };
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <ButtonGroup size="small" sx={{ p: 0.5, flexWrap: 'wrap' }} aria-label={translate('articlesPage.editor.label', { language: label })}>
        {action('bold', () => editor.chain().focus().toggleBold().run(), editor.isActive('bold'))}
        {action('italic', () => editor.chain().focus().toggleItalic().run(), editor.isActive('italic'))}
        {action('heading', () => editor.chain().focus().toggleHeading({ level: 2 }).run(), editor.isActive('heading'))}
        {action('bulletList', () => editor.chain().focus().toggleBulletList().run(), editor.isActive('bulletList'))}
        {action('orderedList', () => editor.chain().focus().toggleOrderedList().run(), editor.isActive('orderedList'))}
        {action('quote', () => editor.chain().focus().toggleBlockquote().run(), editor.isActive('blockquote'))}
        {action('link', setLink, editor.isActive('link'))}
        {Picker && action('image', () => setPicking(true))}
        {action('undo', () => editor.chain().focus().undo().run())}
        {action('redo', () => editor.chain().focus().redo().run())}
      </ButtonGroup>
      {embedError && (
        <Typography color="error" role="alert" sx={{ px: 1.5 }}>
          {embedError}
        </Typography>
      )}
      {Picker && picking && (
        <Picker
          open
          label={translate('articlesPage.editor.image')}
          onClose={() => setPicking(false)}
          onPicked={(image) => {
            setPicking(false);
            setEmbedError(null);
            articlesApi()
              .embedImage(articleId, image.id)
              .then((componentId) => editor.chain().focus().insertContent({ type: 'embed', attrs: { kind: 'image', component_id: componentId } }).run())
              .catch(() => setEmbedError(translate('articlesPage.editor.embedFailed')));
          }}
        />
      )}
      <Box sx={{ px: 1.5, minHeight: 160, '& .umpire-rich-text': { minHeight: 140, outline: 'none' }, '& .umpire-rich-text:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}>
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}

/** Button faces: icons (their names are the translated labels). */
const ICONS = {
  bold: FormatBold,
  italic: FormatItalic,
  heading: Title,
  bulletList: FormatListBulleted,
  orderedList: FormatListNumbered,
  quote: FormatQuote,
  link: InsertLink,
  image: AddPhotoAlternate,
  undo: Undo,
  redo: Redo,
} as const;

function Icon({ name }: { name: string }) {
  const Face = ICONS[name as keyof typeof ICONS];
  return <Face fontSize="small" aria-hidden="true" />;
}
