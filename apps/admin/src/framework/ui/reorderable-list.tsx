import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useDragReorder } from './drag-reorder';
import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { visuallyHidden } from '@mui/utils';
import { useTranslate } from 'react-admin';

export interface ReorderableListProps<T> {
  items: readonly T[];
  keyOf: (item: T) => string;
  /** How buttons and announcements name an item ("Move up: Goal difference"). */
  nameOf: (item: T) => string;
  onMove: (from: number, to: number) => void;
  /** The row's content, between its number and its buttons. */
  renderItem: (item: T, index: number) => ReactNode;
  /** Buttons after the move buttons (remove, duplicate, edit). */
  renderActions?: (item: T, index: number) => ReactNode;
  testId?: string;
}

/**
 * An ordered list people rearrange three ways: dragging a row onto another, the arrow buttons, or
 * Alt+↑/Alt+↓ on a focused row (focus stays with the moved item). Every move is announced to
 * screen readers ("Goal difference is now number 2"). Used by the tiebreaker order and the page
 * builder's components.
 */
export function ReorderableList<T>({ items, keyOf, nameOf, onMove, renderItem, renderActions, testId }: ReorderableListProps<T>) {
  const translate = useTranslate();
  const [announcement, setAnnouncement] = useState('');
  const rows = useRef(new Map<string, HTMLLIElement>());

  const move = (from: number, to: number, refocus = false) => {
    if (to < 0 || to >= items.length || from === to) return;
    const item = items[from];
    onMove(from, to);
    setAnnouncement(translate('reorder.moved', { name: nameOf(item), position: to + 1, count: items.length }));
    // The row keeps its key, so after the re-render the same element holds the moved item.
    if (refocus) requestAnimationFrame(() => rows.current.get(keyOf(item))?.focus());
  };
  const drag = useDragReorder(move);

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLLIElement>) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? index - 1 : index + 1, true);
  };

  return (
    <>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }} data-testid={testId}>
        {items.map((item, index) => {
          const name = nameOf(item);
          const key = keyOf(item);
          return (
            <Paper
              key={key}
              ref={(element: HTMLLIElement | null) => {
                if (element) rows.current.set(key, element);
                else rows.current.delete(key);
              }}
              component="li"
              variant="outlined"
              tabIndex={-1}
              aria-label={translate('reorder.item', { name, position: index + 1, count: items.length })}
              aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
              onKeyDown={onKeyDown(index)}
              {...drag.source(index, name)}
              {...drag.target(index)}
              sx={{
                display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, bgcolor: 'background.paper',
                opacity: drag.dragged === index ? 0.5 : 1,
                borderColor: drag.over === index && drag.dragged !== index ? 'primary.main' : undefined,
                outlineOffset: 2,
              }}
            >
              <DragIndicatorIcon fontSize="small" sx={{ color: 'text.secondary', cursor: 'grab' }} aria-hidden />
              <Typography variant="body2" sx={{ minWidth: 24, fontWeight: 600 }} aria-hidden>
                {index + 1}.
              </Typography>
              <Box sx={{ flex: 1, minWidth: 0 }}>{renderItem(item, index)}</Box>
              <Tooltip disableInteractive title={translate('reorder.moveUp', { name })}>
                <span>
                  <IconButton size="small" aria-label={translate('reorder.moveUp', { name })} disabled={index === 0} onClick={() => move(index, index - 1)}>
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip disableInteractive title={translate('reorder.moveDown', { name })}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={translate('reorder.moveDown', { name })}
                    disabled={index === items.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              {renderActions?.(item, index)}
            </Paper>
          );
        })}
      </Box>
      <Box sx={visuallyHidden} aria-live="polite" aria-atomic="true">
        {announcement}
      </Box>
    </>
  );
}
