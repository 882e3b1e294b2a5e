import { lazy, Suspense } from 'react';
import { Box, Button, Checkbox, CircularProgress, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, IconButton, MenuItem, Stack, Switch, TextField, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import UpIcon from '@mui/icons-material/ArrowUpward';
import DownIcon from '@mui/icons-material/ArrowDownward';
import { useGetList, useTranslate, type RaRecord } from 'react-admin';
import type { RichTextDocument } from '@umpire/schema';
import { messageArgs } from '../../framework/generic/validation';
import { LeagueDateField } from '../../framework/dates/league-date-field';
import { moveItem } from '../../lib/move-item';
import { initialItem, plainText, richTextOf, type CardIssues, type FieldIssue, type FieldModel } from './model';

const RichTextEditor = lazy(() => import('../../framework/generic/rich-text-editor'));

/** The editor's document of a stored body (a text typed before as plain paragraphs becomes them). */
const richDocumentOf = (value: unknown): RichTextDocument | null =>
  value && typeof value === 'object' ? (value as RichTextDocument) : typeof value === 'string' && value.trim() ? (richTextOf(value) as RichTextDocument) : null;

/** The message of an issue: its validation key translated, else what the server wrote. */
export function useIssueText() {
  const translate = useTranslate();
  return (issue: FieldIssue | undefined) =>
    issue ? translate(`validation.${issue.key}`, { ...messageArgs(issue.params), _: issue.detail ?? translate('validation.invalid') }) : undefined;
}

export const fieldLabel = (translate: (key: string, options?: Record<string, unknown>) => string, name: string) =>
  translate(`pageBuilder.fields.${name}`, { _: name });
export const valueLabel = (translate: (key: string, options?: Record<string, unknown>) => string, value: string) =>
  translate(`pageBuilder.values.${value}`, { _: value });

interface FieldEditorProps {
  /** Unique prefix of ids in the page (one per card). */
  idPrefix: string;
  kind: string;
  field: FieldModel;
  value: unknown;
  /** The settings around the field (a text's format decides its body's editor). */
  parent: Record<string, unknown>;
  onChange: (value: unknown) => void;
  issues: CardIssues;
  /** `settings.title`, `settings.accounts.0.url`: where the field's issues are. */
  path: string;
}

/** The editor of one declared field, by its widget. */
export function FieldEditor({ idPrefix, kind, field, value, parent, onChange, issues, path }: FieldEditorProps) {
  const translate = useTranslate();
  const issueText = useIssueText();
  const id = `${idPrefix}-${path.replace(/\./g, '-')}`;
  const label = fieldLabel(translate, field.name);
  const error = issueText(issues[path]);
  // A field may have a hint (pageBuilder.hints.<name>: what an empty label in a language means).
  const hint = translate(`pageBuilder.hints.${field.name}`, { _: ' ' });
  const common = { id, label, required: field.required, error: !!error, helperText: error ?? hint, size: 'small' as const, fullWidth: true, margin: 'dense' as const };
  const text = typeof value === 'string' ? value : '';

  switch (field.widget) {
    case 'switch':
      return (
        <Box>
          <FormControlLabel control={<Switch id={id} checked={value === true} onChange={(e) => onChange(e.target.checked)} />} label={label} />
          {error && <FormHelperText error>{error}</FormHelperText>}
        </Box>
      );
    case 'integer':
      return (
        <TextField
          {...common}
          type="number"
          value={typeof value === 'number' ? String(value) : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
          slotProps={{ htmlInput: { step: 1 } }}
        />
      );
    case 'select':
      return (
        <TextField {...common} select value={text} onChange={(e) => onChange(e.target.value || undefined)}>
          {!field.required && (
            <MenuItem value="">
              <em>{translate('pageBuilder.none')}</em>
            </MenuItem>
          )}
          {(field.choices ?? []).map((choice) => (
            <MenuItem key={choice} value={choice}>
              {valueLabel(translate, choice)}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'multiselect': {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      return (
        <FormControl component="fieldset" error={!!error} margin="dense">
          <FormLabel component="legend" sx={{ fontSize: '0.85rem' }}>
            {label}
          </FormLabel>
          <FormGroup row>
            {(field.choices ?? []).map((choice) => (
              <FormControlLabel
                key={choice}
                control={
                  <Checkbox
                    id={`${id}-${choice}`}
                    checked={chosen.includes(choice)}
                    onChange={(e) => onChange(e.target.checked ? (field.choices ?? []).filter((c) => c === choice || chosen.includes(c)) : chosen.filter((c) => c !== choice))}
                  />
                }
                label={valueLabel(translate, choice)}
              />
            ))}
          </FormGroup>
          {error && <FormHelperText>{error}</FormHelperText>}
        </FormControl>
      );
    }
    case 'multiline':
      return <TextField {...common} multiline minRows={3} value={text} onChange={(e) => onChange(e.target.value)} />;
    case 'richText': {
      // A plain body is a string, typed in a text box; a rich one is the shared editor's document.
      if (parent.format === 'plain')
        return <TextField {...common} multiline minRows={4} value={plainText(value)} onChange={(e) => onChange(e.target.value)} helperText={error ?? translate('pageBuilder.plainHelp')} />;
      return (
        <FormControl error={!!error} fullWidth>
          <FormLabel htmlFor={common.id}>{common.label}</FormLabel>
          <Suspense fallback={<CircularProgress size={24} aria-label={translate('richText.loading')} />}>
            <RichTextEditor id={common.id} label={String(common.label)} value={richDocumentOf(value)} onChange={(doc) => onChange(plainText(doc) ? doc : undefined)} />
          </Suspense>
          {error && <FormHelperText>{error}</FormHelperText>}
        </FormControl>
      );
    }
    case 'url':
      return <TextField {...common} value={text} onChange={(e) => onChange(e.target.value)} slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'url' } }} />;
    case 'datetime':
      return (
        <LeagueDateField {...common} kind="datetime" value={text} onChange={(v) => onChange(v ?? undefined)} />
      );
    case 'page':
      return <PageField common={common} value={text} onChange={onChange} />;
    case 'list':
      return <ListEditor idPrefix={idPrefix} kind={kind} field={field} value={value} onChange={onChange} issues={issues} path={path} />;
    default:
      return <TextField {...common} value={text} onChange={(e) => onChange(e.target.value)} />;
  }
}

/** One of the league's builder pages (where a menu item leads), by title and address; drafts say so. */
function PageField({ common, value, onChange }: { common: Record<string, unknown> & { id: string }; value: string; onChange: (value: unknown) => void }) {
  const translate = useTranslate();
  const pages = useGetList<RaRecord>('pages', { pagination: { page: 1, perPage: 200 }, sort: { field: 'title', order: 'ASC' } });
  const options = pages.data ?? [];
  // A page not among those read (yet) keeps its value until the list arrives.
  const known = !value || options.some((p) => String(p.id) === value);
  return (
    <TextField {...common} select value={known ? value : ''} onChange={(e) => onChange(e.target.value || undefined)} disabled={pages.isPending && !!value}>
      <MenuItem value="">
        <em>{translate('pageBuilder.none')}</em>
      </MenuItem>
      {options.map((p) => (
        <MenuItem key={p.id} value={String(p.id)}>
          {`${String(p.title ?? p.id)} (/${String(p.slug ?? '')})${p.status === 'draft' ? ` · ${translate('pageBuilder.draftPage')}` : ''}`}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * A list of small objects (social accounts, filters, menu items): each item its own fields, moved
 * up and down by its buttons; at least one where required. An item holding a list of its own (a
 * menu item's sub-items) has its fields one under another.
 */
function ListEditor({ idPrefix, kind, field, value, onChange, issues, path }: Omit<FieldEditorProps, 'parent'>) {
  const translate = useTranslate();
  const issueText = useIssueText();
  const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const label = fieldLabel(translate, field.name);
  const error = issueText(issues[path]);
  const legendId = `${idPrefix}-${path.replace(/\./g, '-')}-legend`;
  const nested = (field.item ?? []).some((sub) => sub.widget === 'list');
  return (
    <Box component="fieldset" aria-labelledby={legendId} sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, p: 1, m: 0, my: 1 }}>
      <FormLabel id={legendId} component="legend" required={field.required} error={!!error} sx={{ px: 0.5, fontSize: '0.85rem' }}>
        {label}
      </FormLabel>
      {items.length === 0 && <FormHelperText>{translate('pageBuilder.listEmpty')}</FormHelperText>}
      {items.map((item, i) => (
        <Stack
          key={i}
          direction={nested ? 'column' : { xs: 'column', sm: 'row' }}
          spacing={nested ? 0 : 1}
          alignItems={nested ? 'stretch' : { sm: 'flex-start' }}
          sx={nested ? { borderBottom: 1, borderColor: 'divider', pb: 1, mb: 1 } : undefined}
          data-testid={`list-item-${path}-${i}`}
        >
          {(field.item ?? []).map((sub) => (
            <Box key={sub.name} sx={{ flex: 1, minWidth: 0 }}>
              <FieldEditor
                idPrefix={idPrefix}
                kind={kind}
                field={sub}
                value={item[sub.name]}
                parent={item}
                issues={issues}
                path={`${path}.${i}.${sub.name}`}
                onChange={(v) => onChange(items.map((it, j) => (j === i ? { ...it, [sub.name]: v } : it)))}
              />
            </Box>
          ))}
          <Stack direction="row" sx={{ mt: nested ? 0 : 1 }}>
            {items.length > 1 && (
              <>
                <Tooltip disableInteractive title={translate('pageBuilder.moveItemUp', { position: i + 1 })}>
                  <span>
                    <IconButton aria-label={translate('pageBuilder.moveItemUp', { position: i + 1 })} disabled={i === 0} onClick={() => onChange(moveItem(items, i, i - 1))}>
                      <UpIcon />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip disableInteractive title={translate('pageBuilder.moveItemDown', { position: i + 1 })}>
                  <span>
                    <IconButton aria-label={translate('pageBuilder.moveItemDown', { position: i + 1 })} disabled={i === items.length - 1} onClick={() => onChange(moveItem(items, i, i + 1))}>
                      <DownIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              </>
            )}
            <Tooltip disableInteractive title={translate('pageBuilder.removeItem', { position: i + 1 })}>
              <IconButton aria-label={translate('pageBuilder.removeItem', { position: i + 1 })} onClick={() => onChange(items.filter((_, j) => j !== i))}>
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          </Stack>
        </Stack>
      ))}
      <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...items, initialItem(kind, field.name)])}>
        {translate('pageBuilder.addItem', { name: label })}
      </Button>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
