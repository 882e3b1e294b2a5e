import { useEffect, useState } from 'react';
import { Box, IconButton, Typography } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { mergeAttributes, Node } from '@tiptap/react';
import { NodeViewWrapper, ReactNodeViewRenderer, type ReactNodeViewProps } from '@tiptap/react';
import { useTranslate } from 'react-admin';
import { choiceLabel } from '../../lib/i18n';
import { ImageThumbnail } from '../../framework/generic/image-thumbnail';
import { articlesApi, type EmbeddedComponent } from './api';

/**
 * The `embed` node of the shared rich-text schema: a block naming one of the article's components
 * (`kind`, `component_id`). Without it the editor would drop embeds it loads, and saving would
 * then delete their components. Shown as a card with the component's pictures (an image, the first
 * of a gallery's with their count, a video's poster) and caption (a video's name).
 */
export const EmbedNode = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return {
      kind: { default: null, parseHTML: (el) => el.getAttribute('data-kind'), renderHTML: (a) => ({ 'data-kind': a.kind as string }) },
      component_id: { default: null, parseHTML: (el) => el.getAttribute('data-component-id'), renderHTML: (a) => ({ 'data-component-id': a.component_id as string }) },
    };
  },
  parseHTML() {
    return [{ tag: 'div.umpire-embed' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes({ class: 'umpire-embed' }, HTMLAttributes)];
  },
  addNodeView() {
    return ReactNodeViewRenderer(EmbedView);
  },
});

/** Pictures a gallery's card shows; its count says how many there are in all. */
const MAX_THUMBNAILS = 4;

function EmbedView({ node, deleteNode, selected }: ReactNodeViewProps) {
  const translate = useTranslate();
  const id = String(node.attrs.component_id ?? '');
  const kind = String(node.attrs.kind ?? '');
  const [component, setComponent] = useState<EmbeddedComponent | null>(null);
  useEffect(() => {
    let live = true;
    articlesApi()
      .embedded(id)
      .then((c) => live && setComponent(c))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [id]);
  const kindName = choiceLabel(translate, 'components', 'kind', kind);
  return (
    <NodeViewWrapper data-testid="article-embed" data-component-id={id} contentEditable={false}>
      <Box
        component="figure"
        sx={{ display: 'flex', alignItems: 'center', gap: 2, m: 0, my: 1, p: 1, border: 1, borderRadius: 1, borderColor: selected ? 'primary.main' : 'divider', bgcolor: 'background.default' }}
      >
        {!!component?.pictures.length && (
          <Box sx={{ display: 'flex', gap: 0.5, flexShrink: 0 }} data-testid="article-embed-pictures">
            {component.pictures.slice(0, MAX_THUMBNAILS).map((path, i) => (
              <ImageThumbnail key={`${path}-${i}`} path={path} size={component.pictures.length > 1 ? 64 : 96} alt={component.pictures.length > 1 ? '' : (component.caption ?? '')} />
            ))}
          </Box>
        )}
        <Box component="figcaption" sx={{ flex: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {kindName}
          </Typography>
          {component?.caption && <Typography variant="body2">{component.caption}</Typography>}
          {component && component.pictures.length > 1 && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {translate('articlesPage.editor.pictures', { smart_count: component.count })}
            </Typography>
          )}
        </Box>
        <IconButton size="small" onClick={() => deleteNode()} aria-label={translate('articlesPage.editor.removeEmbed', { kind: kindName })} title={translate('articlesPage.editor.removeEmbed', { kind: kindName })}>
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Box>
    </NodeViewWrapper>
  );
}
