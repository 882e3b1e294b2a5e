import { useRef, useState } from 'react';
import type { Editor } from '@tiptap/react';
import { Typography } from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';
import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import Collections from '@mui/icons-material/Collections';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Poll from '@mui/icons-material/Poll';
import Quiz from '@mui/icons-material/Quiz';
import VideoLibrary from '@mui/icons-material/VideoLibrary';
import { useTranslate } from 'react-admin';
import type { RichTextDocument } from '@umpire/schema';
import { imagePicker } from '../../framework/generic/image-picker-slot';
import { RecordPickerDialog } from '../../framework/generic/record-picker-dialog';
import RichTextEditor, { ToolButton } from '../../framework/generic/rich-text-editor';
import { articlesApi } from './api';
import { EmbedNode } from './embed-node';
import { availableEmbeds, type EmbeddableKind, type EmbedTarget } from './embeds';
import { GalleryDialog } from './gallery-dialog';

export interface ArticleTextEditorProps {
  id: string;
  /** The article the text belongs to: what is embedded becomes its components. */
  articleId: string;
  label: string;
  value: RichTextDocument | null;
  onChange: (doc: RichTextDocument) => void;
}

const EXTENSIONS = [EmbedNode];

const ICONS: Record<EmbeddableKind, SvgIconComponent> = {
  image: AddPhotoAlternate,
  gallery: Collections,
  video: VideoLibrary,
  quiz: Quiz,
  survey: Poll,
  match_predictor_ranking: EmojiEvents,
};

/**
 * An article's body: the shared rich-text editor with embeds (the article's own components) and a
 * button per kind it can embed (embeds.ts): a picture or a gallery from the media library, a
 * video (or later a quiz, a survey, a ranking) chosen among its records.
 */
export default function ArticleTextEditor({ articleId, ...props }: ArticleTextEditorProps) {
  const translate = useTranslate();
  const [picking, setPicking] = useState<EmbedTarget | null>(null);
  const [embedError, setEmbedError] = useState<string | null>(null);
  const [Picker] = useState(() => imagePicker());
  const [embeds] = useState(() => availableEmbeds().filter((e) => e.target !== 'images' || Picker));
  // The editor the embed goes into (known from the button that opened the picker).
  const target = useRef<Editor | null>(null);
  const label = (kind: EmbeddableKind) => translate(`richText.embed.${kind}`);
  const insert = (embed: EmbedTarget, ids: string[]) => {
    setPicking(null);
    setEmbedError(null);
    articlesApi()
      .embed(articleId, embed, ids)
      .then((componentId) => target.current?.chain().focus().insertContent({ type: 'embed', attrs: { kind: embed.kind, component_id: componentId } }).run())
      // The HTTP client has shown the server's error; this line says what did not happen.
      .catch(() => setEmbedError(translate('articlesPage.editor.embedFailed', { kind: translate(`resources.components.choices.kind.${embed.kind}`) })));
  };
  return (
    <RichTextEditor
      {...props}
      extensions={EXTENSIONS}
      tools={(editor) =>
        embeds.map((embed) => (
          <ToolButton
            key={embed.kind}
            name={`embed.${embed.kind}`}
            icon={ICONS[embed.kind]}
            onClick={() => {
              target.current = editor;
              setPicking(embed);
            }}
          />
        ))
      }
    >
      {picking && picking.target === 'images' && Picker && !picking.many && (
        <Picker open label={label(picking.kind)} onClose={() => setPicking(null)} onPicked={(image) => insert(picking, [image.id])} />
      )}
      {picking && picking.target === 'images' && Picker && picking.many && (
        <GalleryDialog title={label(picking.kind)} max={picking.max} Picker={Picker} onClose={() => setPicking(null)} onInsert={(images) => insert(picking, images.map((i) => i.id))} />
      )}
      {picking && picking.target !== 'images' && (
        <RecordPickerDialog type={picking.target} title={label(picking.kind)} onClose={() => setPicking(null)} onPicked={(record) => insert(picking, [String(record.id)])} />
      )}
      {embedError && (
        <Typography color="error" role="alert" sx={{ px: 1.5 }}>
          {embedError}
        </Typography>
      )}
    </RichTextEditor>
  );
}
