import { useMemo, useState } from 'react';
import { Autocomplete, Box, Button, CircularProgress, FormHelperText, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import PhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import { useGetList, useGetMany, useTranslate, type RaRecord } from 'react-admin';
import { resourceDef } from '../../framework/definitions';
import { ChooserField } from '../../framework/generic/chooser-field';
import { referencePicker } from '../../framework/generic/conventions';
import { ImageThumbnail } from '../../framework/generic/image-thumbnail';
import { imagePicker, type PickedImage } from '../../framework/generic/image-picker-slot';
import { fieldLabel, useIssueText } from './field-editors';
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

function labelOf(target: string) {
  const representation = referencePicker(resourceDef(target)).optionText;
  return (record: RaRecord) => (typeof representation === 'function' ? representation(record) : String(record[representation] ?? `#${record.id}`));
}

function RecordLinkEditor({ idPrefix, link, value, onChange, issues }: LinkEditorProps) {
  const translate = useTranslate();
  const issueText = useIssueText();
  const [search, setSearch] = useState('');
  const picker = useMemo(() => referencePicker(resourceDef(link.target)), [link.target]);
  const nameOf = useMemo(() => labelOf(link.target), [link.target]);
  const ids = (Array.isArray(value) ? value : value ? [value] : []).map(String);
  const chosen = useGetMany<RaRecord>(link.target, { ids }, { enabled: ids.length > 0 });
  const options = useGetList<RaRecord>(link.target, { filter: picker.filterToQuery(search), sort: picker.sort, pagination: { page: 1, perPage: 25 } });
  const byId = new Map((chosen.data ?? []).map((r) => [String(r.id), r]));
  const current = ids.map((id) => byId.get(id) ?? { id });
  const id = `${idPrefix}-links-${link.name}`;
  const error = issueText(issues[`links.${link.name}`]);
  const label = fieldLabel(translate, link.name);
  const common = {
    id,
    options: options.data ?? [],
    loading: options.isPending,
    filterOptions: (o: RaRecord[]) => o,
    getOptionLabel: (o: RaRecord) => nameOf(o),
    isOptionEqualToValue: (a: RaRecord, b: RaRecord) => String(a.id) === String(b.id),
    onInputChange: (_: unknown, text: string, reason: string) => {
      if (reason === 'input') setSearch(text);
      if (reason === 'clear' || reason === 'reset') setSearch('');
    },
    noOptionsText: translate('ui.nothingFound'),
    loadingText: translate('pageBuilder.loading'),
  };
  const input = (params: object) => (
    <TextField {...params} label={label} required={link.required} error={!!error} helperText={error ?? (link.max ? translate('pageBuilder.atMost', { max: link.max }) : ' ')} size="small" margin="dense" />
  );
  if (link.many)
    return (
      <Autocomplete<RaRecord, true>
        {...common}
        multiple
        value={current}
        onChange={(_, records) => onChange(records.map((r) => String(r.id)))}
        renderInput={input}
      />
    );
  return <Autocomplete<RaRecord, false> {...common} value={current[0] ?? null} onChange={(_, record) => onChange(record ? String(record.id) : null)} renderInput={input} />;
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
