import { useMemo, useState } from 'react';
import { Autocomplete, Box, Button, CircularProgress, FormHelperText, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import PhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import { useGetList, useGetMany, useTranslate, type RaRecord } from 'react-admin';
import { resourceDef } from '../../framework/definitions';
import { ChooserField } from '../../framework/generic/chooser-field';
import { referencePicker } from '../../framework/generic/conventions';
import { ReorderableList } from '../../framework/ui/reorderable-list';
import { moveItem } from '../../lib/move-item';
import { ImageThumbnail } from '../../framework/generic/image-thumbnail';
import { imagePicker, type PickedImage } from '../../framework/generic/image-picker-slot';
import { fieldLabel, useIssueText } from './field-editors';
import { addTarget, pickedTargets, removeTarget, TARGET_PICKING, targetNameOf, type PickedTarget } from './link-targets';
import type { CardIssues, LinkModel } from './model';

interface LinkEditorProps {
  idPrefix: string;
  link: LinkModel;
  value: string | null | string[];
  onChange: (value: string | null | string[]) => void;
  issues: CardIssues;
}

/** The chooser of one link: the media library's picker for images, a search of the target's records otherwise. */
export function LinkEditor(props: LinkEditorProps) {
  const translate = useTranslate();
  const { link, idPrefix } = props;
  if (!link.pickable)
    return (
      <Box sx={{ my: 1 }} data-testid={`link-unavailable-${link.name}`}>
        <Typography variant="body2" component="p" sx={{ fontWeight: 500 }}>
          {fieldLabel(translate, link.name)}
        </Typography>
        <Typography variant="body2" component="p" sx={{ color: 'text.secondary' }} id={`${idPrefix}-links-${link.name}-unavailable`}>
          {translate('pageBuilder.linkUnavailable')}
        </Typography>
      </Box>
    );
  const Picker = link.target === 'images' ? imagePicker() : undefined;
  if (Picker) return <ImageLinkEditor {...props} Picker={Picker} />;
  return <RecordLinkEditor {...props} />;
}

/** What is read with a target's records to name them (a match's clubs). */
const metaOf = (target: string) => {
  const include = TARGET_PICKING[target]?.include;
  return include ? { include } : undefined;
};

/** Records to pick from: the target's search over its records, 25 at a time, picked ones left out. */
function useTargetOptions(target: string, search: string, exclude: readonly string[]) {
  const picker = useMemo(() => referencePicker(resourceDef(target)), [target]);
  const filter = (TARGET_PICKING[target]?.filterToQuery ?? picker.filterToQuery)(search);
  const options = useGetList<RaRecord>(target, { filter, sort: picker.sort, pagination: { page: 1, perPage: 25 }, meta: metaOf(target) });
  return { options: (options.data ?? []).filter((r) => !exclude.includes(String(r.id))), loading: options.isPending };
}

/** The picked records of a link, in order, each found, loading or gone. */
function usePicked(target: string, ids: string[]) {
  const chosen = useGetMany<RaRecord>(target, { ids, meta: metaOf(target) }, { enabled: ids.length > 0 });
  return pickedTargets(ids, chosen.data, ids.length === 0 || chosen.isSuccess || chosen.isError);
}

/** The search of a record picker: what the Autocomplete needs to offer the target's records as typed. */
function useRecordSearch(target: string, exclude: readonly string[]) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const { options, loading } = useTargetOptions(target, search, exclude);
  return {
    clearSearch: () => setSearch(''),
    autocomplete: {
      options,
      loading,
      filterOptions: (o: RaRecord[]) => o,
      isOptionEqualToValue: (a: RaRecord, b: RaRecord) => String(a.id) === String(b.id),
      onInputChange: (_: unknown, text: string, reason: string) => {
        if (reason === 'input') setSearch(text);
        if (reason === 'clear' || reason === 'reset') setSearch('');
      },
      noOptionsText: translate('ui.nothingFound'),
      loadingText: translate('pageBuilder.loading'),
      // The buttons' names in the interface's language (MUI's own are English), as react-admin's pickers have them.
      openText: translate('ra.action.open'),
      closeText: translate('ra.action.close'),
      clearText: translate('ra.action.clear_input_value'),
    },
  };
}

export interface RecordPickerProps {
  id: string;
  /** JSON:API type of the records (`matches`). */
  target: string;
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
  required?: boolean;
  /** What is wrong with the choice; shown in place of the helper text. */
  error?: string;
  helper?: string;
}

/**
 * One record of a type, found by searching its records as typed: the chooser of a single link,
 * and of the record a template's page is previewed with. A picked record that no longer exists is
 * named as deleted, never dropped silently.
 */
export function RecordPicker({ id, target, label, value, onChange, required, error, helper }: RecordPickerProps) {
  const translate = useTranslate();
  const nameOf = useMemo(() => targetNameOf(resourceDef(target)), [target]);
  const picked = usePicked(target, value ? [value] : []);
  const { autocomplete } = useRecordSearch(target, []);
  const current = picked[0];
  const shownError = error ?? (current?.state === 'missing' ? translate('pageBuilder.missingTargetHelp') : undefined);
  // The picked record as the field's value: its name, or that it no longer exists.
  const shown: RaRecord | null = current ? (current.record ?? { id: current.id }) : null;
  return (
    <Autocomplete<RaRecord, false>
      {...autocomplete}
      id={id}
      value={shown}
      getOptionLabel={(o) => (current && String(o.id) === current.id && !current.record ? nameOfPicked(translate, nameOf, current) : nameOf(o))}
      onChange={(_, record) => onChange(record ? String(record.id) : null)}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={!!shownError} helperText={shownError ?? helper ?? ' '} size="small" margin="dense" />
      )}
    />
  );
}

const nameOfPicked = (translate: (key: string, options?: Record<string, unknown>) => string, nameOf: (record: RaRecord) => string, p: PickedTarget) =>
  p.record ? nameOf(p.record) : p.state === 'missing' ? translate('pageBuilder.missingTarget', { id: p.id }) : translate('pageBuilder.loading');

/** What an empty link means on a template's page: "Empty: the match of this page". */
export function filledHint(translate: (key: string, options?: Record<string, unknown>) => string, link: LinkModel): string | undefined {
  if (!link.filledBy) return undefined;
  return translate(`pageBuilder.templateFills.${link.filledBy}.${link.name}`, { _: translate('pageBuilder.templateFillsOther') });
}

function RecordLinkEditor({ idPrefix, link, value, onChange, issues }: LinkEditorProps) {
  const translate = useTranslate();
  const issueText = useIssueText();
  const nameOf = useMemo(() => targetNameOf(resourceDef(link.target)), [link.target]);
  const ids = (Array.isArray(value) ? value : value ? [value] : []).map(String);
  const id = `${idPrefix}-links-${link.name}`;
  const label = fieldLabel(translate, link.name);
  const issue = issues[`links.${link.name}`];
  // Too many linked records: said as a count of records, not of characters.
  const issueError = issue?.key === 'maxLength' && link.max ? translate('pageBuilder.atMost', { max: link.max }) : issueText(issue);
  const hint = filledHint(translate, link) ?? (link.max ? translate('pageBuilder.atMost', { max: link.max }) : ' ');
  if (!link.many)
    return <RecordPicker id={id} target={link.target} label={label} value={ids[0] ?? null} onChange={onChange} required={link.required} error={issueError} helper={hint} />;
  return <RecordListEditor id={id} idPrefix={idPrefix} link={link} ids={ids} onChange={onChange} error={issueError} hint={hint} label={label} nameOf={nameOf} />;
}

/** Several records: one is added at a time by searching, and the picked ones are ordered below. */
function RecordListEditor({
  id,
  idPrefix,
  link,
  ids,
  onChange,
  error: issueError,
  hint,
  label,
  nameOf,
}: {
  id: string;
  idPrefix: string;
  link: LinkModel;
  ids: string[];
  onChange: (value: string[]) => void;
  error: string | undefined;
  hint: string;
  label: string;
  nameOf: (record: RaRecord) => string;
}) {
  const translate = useTranslate();
  const picked = usePicked(link.target, ids);
  const { autocomplete, clearSearch } = useRecordSearch(link.target, ids);
  const missing = picked.filter((p) => p.state === 'missing');
  const error = issueError ?? (missing.length ? translate('pageBuilder.missingTargetHelp') : undefined);
  const nameOfPick = (p: PickedTarget) => nameOfPicked(translate, nameOf, p);
  const full = link.max !== undefined && ids.length >= link.max;
  return (
    <Box sx={{ my: 0.5 }} data-testid={`${idPrefix}-picked-${link.name}`}>
      <Autocomplete<RaRecord, false>
        {...autocomplete}
        id={id}
        value={null}
        blurOnSelect
        clearOnBlur
        disabled={full}
        getOptionLabel={(o) => nameOf(o)}
        onChange={(_, record) => {
          if (!record) return;
          onChange(addTarget(ids, String(record.id), link.max));
          clearSearch();
        }}
        renderInput={(params) => (
          <TextField {...params} label={label} required={link.required} error={!!error} helperText={error ?? hint} size="small" margin="dense" />
        )}
      />
      {picked.length > 0 && (
        <ReorderableList
          items={picked}
          keyOf={(p) => p.id}
          nameOf={nameOfPick}
          onMove={(from, to) => onChange(moveItem(ids, from, to))}
          renderItem={(p) => (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', ...(p.state === 'missing' ? { color: 'error.main' } : {}) }} data-state={p.state}>
              {nameOfPick(p)}
            </Typography>
          )}
          renderActions={(p) => {
            const name = translate('pageBuilder.removeTarget', { name: nameOfPick(p) });
            return (
              <Tooltip disableInteractive title={name}>
                <IconButton size="small" aria-label={name} onClick={() => onChange(removeTarget(ids, p.id))}>
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            );
          }}
          testId={`${id}-order`}
        />
      )}
    </Box>
  );
}

interface ImageRecord extends RaRecord {
  path?: string | null;
  name?: string | null;
}

function ImageLinkEditor({ idPrefix, link, value, onChange, issues, Picker }: LinkEditorProps & { Picker: NonNullable<ReturnType<typeof imagePicker>> }) {
  const translate = useTranslate();
  const issueText = useIssueText();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Record<string, PickedImage>>({});
  const ids = (Array.isArray(value) ? value : value ? [value] : []).map(String);
  const unknown = ids.filter((id) => !picked[id]?.path);
  const fetched = useGetMany<ImageRecord>('images', { ids: unknown }, { enabled: unknown.length > 0 });
  const images = ids.map((id) => picked[id] ?? fetched.data?.find((r) => String(r.id) === id) ?? { id });
  const label = fieldLabel(translate, link.name);
  const labelId = `${idPrefix}-links-${link.name}-label`;
  const error = issueText(issues[`links.${link.name}`]);
  const full = link.many && link.max !== undefined && ids.length >= link.max;
  return (
    <ChooserField
      labelId={labelId}
      label={label}
      required={link.required}
      invalid={!!error}
      error={error}
      dialog={
        open && (
          <Picker
            open
            label={label}
            onClose={() => setOpen(false)}
            onPicked={(image) => {
              setPicked((p) => ({ ...p, [image.id]: image }));
              onChange(link.many ? [...ids.filter((i) => i !== image.id), image.id] : image.id);
              setOpen(false);
            }}
          />
        )
      }
    >
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
        {images.length === 0 && (
          <Box sx={{ width: 56, height: 56, display: 'grid', placeItems: 'center', bgcolor: 'grey.100', borderRadius: 1 }}>
            <PhotoIcon aria-hidden sx={{ color: 'text.secondary' }} />
          </Box>
        )}
        {fetched.isPending && unknown.length > 0 && <CircularProgress size={20} aria-label={translate('pageBuilder.loading')} />}
        {images.map((image) => {
          const name = image.name ?? image.path ?? `#${image.id}`;
          return (
            <Stack key={image.id} direction="row" spacing={0.5} alignItems="center" data-testid={`${idPrefix}-image-${image.id}`}>
              {image.path && <ImageThumbnail path={image.path} size={56} alt="" />}
              <Typography variant="body2" sx={{ maxWidth: 160, overflowWrap: 'anywhere' }}>
                {name}
              </Typography>
              <Tooltip disableInteractive title={translate('pageBuilder.removeImage', { name })}>
                <IconButton size="small" aria-label={translate('pageBuilder.removeImage', { name })} onClick={() => onChange(link.many ? ids.filter((i) => i !== image.id) : null)}>
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          );
        })}
        <Button size="small" variant="outlined" disabled={full} onClick={() => setOpen(true)} aria-describedby={labelId}>
          {translate(link.many ? 'pageBuilder.addImage' : ids.length ? 'image.change' : 'image.choose')}
        </Button>
      </Stack>
      {link.many && link.max && <FormHelperText>{translate('pageBuilder.atMost', { max: link.max })}</FormHelperText>}
    </ChooserField>
  );
}
