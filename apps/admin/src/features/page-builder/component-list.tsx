import { useRef, useState, type KeyboardEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Paper,
  Tooltip,
  Typography,
} from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditIcon from '@mui/icons-material/Edit';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { visuallyHidden } from '@mui/utils';
import { useTranslate } from 'react-admin';
import type { TemplateKind } from '@umpire/schema';
import { choiceLabel, type Translate } from '../../lib/i18n';
import { useDragReorder } from '../../framework/ui/drag-reorder';
import { FieldEditor, useIssueText } from './field-editors';
import { LinkEditor } from './link-editors';
import { fieldsOf, grabKey, linksOf, summaryOf, type CardIssues, type Draft, type Grab } from './model';

export const kindLabel = (translate: Translate, kind: string) => choiceLabel(translate, 'components', 'kind', kind);

interface ComponentListProps {
  drafts: Draft[];
  issues: Record<string, CardIssues>;
  open: ReadonlySet<string>;
  onToggle: (key: string) => void;
  selected: string | null;
  onSelect: (key: string | null) => void;
  onMove: (from: number, to: number) => void;
  onOrder: (list: Draft[]) => void;
  onChange: (key: string, change: (d: Draft) => Draft) => void;
  onRemove: (key: string) => void;
  onDuplicate: (key: string) => void;
  /** The page type's template: the links its record fills may stay empty. */
  template?: TemplateKind | null;
}

/**
 * The components in order, as cards. Reordered three ways: dragging a card by its handle onto
 * another, the handle with the keyboard (Space or Enter picks up, arrows move, Space or Enter
 * drops, Escape puts it back), and the up and down buttons. Every move is announced.
 */
export function ComponentList({ drafts, issues, open, onToggle, selected, onSelect, onMove, onOrder, onChange, onRemove, onDuplicate, template = null }: ComponentListProps) {
  const translate = useTranslate();
  const [grab, setGrab] = useState<Grab | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [confirm, setConfirm] = useState<Draft | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const nameOf = (d: Draft) => {
    const summary = summaryOf(d, 40);
    return summary ? `${kindLabel(translate, d.kind)}: ${summary}` : kindLabel(translate, d.kind);
  };
  const refocus = (key: string) => requestAnimationFrame(() => handles.current.get(key)?.focus());

  const move = (from: number, to: number) => {
    if (to < 0 || to >= drafts.length || from === to) return;
    const d = drafts[from];
    onMove(from, to);
    setAnnouncement(translate('pageBuilder.reorder.moved', { name: nameOf(d), position: to + 1, count: drafts.length }));
    refocus(d.key);
  };
  const drag = useDragReorder(move);

  const onHandleKey = (d: Draft) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (![' ', 'Enter', 'Escape', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].includes(event.key)) return;
    const result = grabKey(drafts, (x) => x.key, grab, d.key, event.key);
    if (!result.event) return;
    event.preventDefault();
    event.stopPropagation();
    setGrab(result.grab);
    if (result.items.some((x, i) => x !== drafts[i])) {
      onOrder(result.items);
      refocus(d.key);
    }
    setAnnouncement(translate(`pageBuilder.reorder.${result.event}`, { name: nameOf(d), position: result.position, count: drafts.length }));
  };

  if (drafts.length === 0)
    return (
      <Alert severity="info" data-testid="builder-empty">
        {translate('pageBuilder.empty')}
      </Alert>
    );

  return (
    <>
      <Typography id="builder-reorder-help" sx={visuallyHidden}>
        {translate('pageBuilder.reorder.help')}
      </Typography>
      <Box component="ol" aria-label={translate('pageBuilder.components')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} data-testid="builder-components">
        {drafts.map((d, index) => {
          const name = nameOf(d);
          const cardIssues = issues[d.key] ?? {};
          const issueCount = Object.keys(cardIssues).length;
          const expanded = open.has(d.key);
          const held = grab?.key === d.key;
          const isSelected = selected === d.key;
          const headingId = `component-${d.key}-heading`;
          return (
            <Paper
              key={d.key}
              component="li"
              variant="outlined"
              data-testid="builder-card"
              data-kind={d.kind}
              aria-labelledby={headingId}
              {...drag.target(index)}
              sx={{
                p: 1,
                opacity: drag.dragged === index ? 0.5 : 1,
                borderColor: issueCount ? 'error.main' : drag.over === index && drag.dragged !== index ? 'primary.main' : held || isSelected ? 'primary.main' : undefined,
                borderWidth: held || isSelected || (drag.over === index && drag.dragged !== index) ? 2 : 1,
              }}
            >
              <Box
                sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
                {...drag.source(index, name)}
              >
                <Tooltip disableInteractive title={translate('pageBuilder.reorder.handle', { name })}>
                  <IconButton
                    ref={(el: HTMLButtonElement | null) => {
                      if (el) handles.current.set(d.key, el);
                      else handles.current.delete(d.key);
                    }}
                    size="small"
                    aria-label={translate('pageBuilder.reorder.handle', { name })}
                    aria-describedby="builder-reorder-help"
                    aria-pressed={held}
                    onKeyDown={onHandleKey(d)}
                    onBlur={() => {
                      // A card put down elsewhere is dropped where it is; a moved card gets its focus back
                      // on the next frame (refocus), so it is still held then.
                      if (held)
                        requestAnimationFrame(() =>
                          requestAnimationFrame(() => {
                            if (document.activeElement !== handles.current.get(d.key)) setGrab((g) => (g?.key === d.key ? null : g));
                          }),
                        );
                    }}
                    sx={{ cursor: 'grab', bgcolor: held ? 'action.selected' : undefined }}
                    data-testid="reorder-handle"
                  >
                    <DragIndicatorIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 24 }} aria-hidden>
                  {index + 1}.
                </Typography>
                <Box sx={{ flex: 1, minWidth: 160 }}>
                  <Typography id={headingId} variant="subtitle1" component="h3" sx={{ lineHeight: 1.3 }}>
                    {kindLabel(translate, d.kind)}
                    {!d.id && <Chip size="small" label={translate('pageBuilder.new')} sx={{ ml: 1 }} />}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }} data-testid="card-summary">
                    {summaryOf(d) || translate('pageBuilder.noSummary')}
                  </Typography>
                </Box>
                {issueCount > 0 && <Chip size="small" color="error" label={translate('pageBuilder.issues', { smart_count: issueCount })} />}
                <Tooltip disableInteractive title={translate('pageBuilder.insertAfter', { name })}>
                  <IconButton size="small" aria-label={translate('pageBuilder.insertAfter', { name })} aria-pressed={isSelected} onClick={() => onSelect(isSelected ? null : d.key)} color={isSelected ? 'primary' : 'default'}>
                    <PlaylistAddIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip disableInteractive title={translate('reorder.moveUp', { name })}>
                  <span>
                    <IconButton size="small" aria-label={translate('reorder.moveUp', { name })} disabled={index === 0} onClick={() => move(index, index - 1)}>
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip disableInteractive title={translate('reorder.moveDown', { name })}>
                  <span>
                    <IconButton size="small" aria-label={translate('reorder.moveDown', { name })} disabled={index === drafts.length - 1} onClick={() => move(index, index + 1)}>
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip disableInteractive title={translate(expanded ? 'pageBuilder.close' : 'pageBuilder.edit', { name })}>
                  <IconButton
                    size="small"
                    aria-label={translate(expanded ? 'pageBuilder.close' : 'pageBuilder.edit', { name })}
                    aria-expanded={expanded}
                    aria-controls={`component-${d.key}-editor`}
                    onClick={() => onToggle(d.key)}
                  >
                    {expanded ? <ExpandLessIcon fontSize="small" /> : <EditIcon fontSize="small" />}
                  </IconButton>
                </Tooltip>
                <Tooltip disableInteractive title={translate('pageBuilder.duplicate', { name })}>
                  <IconButton size="small" aria-label={translate('pageBuilder.duplicate', { name })} onClick={() => onDuplicate(d.key)}>
                    <ContentCopyIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip disableInteractive title={translate('pageBuilder.remove', { name })}>
                  <IconButton size="small" aria-label={translate('pageBuilder.remove', { name })} onClick={() => setConfirm(d)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
              <Collapse in={expanded} unmountOnExit>
                <Box id={`component-${d.key}-editor`} sx={{ pt: 1 }}>
                  <ComponentEditor draft={d} issues={cardIssues} template={template} onChange={(change) => onChange(d.key, change)} />
                </Box>
              </Collapse>
            </Paper>
          );
        })}
      </Box>
      <Box sx={visuallyHidden} role="status" aria-live="assertive" aria-atomic="true" data-testid="reorder-announcement">
        {announcement}
      </Box>
      <Dialog open={!!confirm} onClose={() => setConfirm(null)} aria-labelledby="builder-remove-title">
        <DialogTitle id="builder-remove-title">{translate('pageBuilder.removeTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{confirm && translate('pageBuilder.removeText', { name: nameOf(confirm) })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{translate('ra.action.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              if (confirm) {
                onRemove(confirm.key);
                setAnnouncement(translate('pageBuilder.removed', { name: nameOf(confirm) }));
              }
              setConfirm(null);
            }}
          >
            {translate('ra.action.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** A card's editor: the kind's declared fields, then its links (on a template's page, those its record fills are optional). */
function ComponentEditor({
  draft,
  issues,
  template,
  onChange,
}: {
  draft: Draft;
  issues: CardIssues;
  template: TemplateKind | null;
  onChange: (change: (d: Draft) => Draft) => void;
}) {
  const translate = useTranslate();
  const issueText = useIssueText();
  const prefix = `c${draft.key}`;
  const fields = fieldsOf(draft.kind);
  const links = linksOf(draft.kind, template);
  const general = [issues.card, issues.kind, issues.index, issues.settings].filter(Boolean);
  return (
    <Box>
      {general.map((issue, i) => (
        <Alert key={i} severity="error" sx={{ mb: 1 }}>
          {issueText(issue)}
        </Alert>
      ))}
      <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {fields.map((field) => (
          <Box key={field.name} sx={{ gridColumn: ['list', 'richText', 'multiline', 'multiselect'].includes(field.widget) ? '1 / -1' : undefined, minWidth: 0 }}>
            <FieldEditor
              idPrefix={prefix}
              kind={draft.kind}
              field={field}
              value={draft.settings[field.name]}
              parent={draft.settings}
              issues={issues}
              path={`settings.${field.name}`}
              onChange={(value) => onChange((d) => ({ ...d, settings: { ...d.settings, [field.name]: value } }))}
            />
          </Box>
        ))}
      </Box>
      {links.length > 0 && (
        <Box component="section" aria-label={translate('pageBuilder.links')} sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {links.map((link) => (
            <Box key={link.name} sx={{ minWidth: 0 }}>
              <LinkEditor
                idPrefix={prefix}
                link={link}
                value={draft.links[link.name] ?? (link.many ? [] : null)}
                issues={issues}
                onChange={(value) => onChange((d) => ({ ...d, links: { ...d.links, [link.name]: value } }))}
              />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
