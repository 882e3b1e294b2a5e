import { useRef, useState } from 'react';
import type { Editor } from '@tiptap/react';
import { Typography } from '@mui/material';
import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import { useTranslate } from 'react-admin';
import type { RichTextDocument } from '@umpire/schema';
import { imagePicker } from '../../framework/generic/image-picker-slot';
import RichTextEditor, { ToolButton } from '../../framework/generic/rich-text-editor';
import { articlesApi } from './api';
import { EmbedNode } from './embed-node';

export interface ArticleTextEditorProps {
  id: string;
  /** The article the text belongs to: embedded pictures become its components. */
  articleId: string;
  label: string;
  value: RichTextDocument | null;
  onChange: (doc: RichTextDocument) => void;
}

const EXTENSIONS = [EmbedNode];

/**
 * An article's body: the shared rich-text editor with embeds (the article's own components), and
 * pictures from the media library inserted as image components.
 */
export default function ArticleTextEditor({ articleId, ...props }: ArticleTextEditorProps) {
  const translate = useTranslate();
  const [picking, setPicking] = useState(false);
  const [embedError, setEmbedError] = useState<string | null>(null);
  const [Picker] = useState(() => imagePicker());
  // The editor the picture goes into (known from the button that opened the picker).
  const target = useRef<Editor | null>(null);
  return (
    <RichTextEditor
      {...props}
      extensions={EXTENSIONS}
      tools={(editor) =>
        Picker && (
          <ToolButton
            name="image"
            icon={AddPhotoAlternate}
            onClick={() => {
              target.current = editor;
              setPicking(true);
            }}
          />
        )
      }
    >
      {Picker && picking && (
        <Picker
          open
          label={translate('richText.image')}
          onClose={() => setPicking(false)}
          onPicked={(image) => {
            setPicking(false);
            setEmbedError(null);
            articlesApi()
              .embedImage(articleId, image.id)
              .then((componentId) => target.current?.chain().focus().insertContent({ type: 'embed', attrs: { kind: 'image', component_id: componentId } }).run())
              .catch(() => setEmbedError(translate('articlesPage.editor.embedFailed')));
          }}
        />
      )}
      {embedError && (
        <Typography color="error" role="alert" sx={{ px: 1.5 }}>
          {embedError}
        </Typography>
      )}
    </RichTextEditor>
  );
}
