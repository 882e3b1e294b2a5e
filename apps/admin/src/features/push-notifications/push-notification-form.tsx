import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Box, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import ScheduleIcon from '@mui/icons-material/Schedule';
import {
  AutocompleteArrayInput,
  Button,
  Confirm,
  DeleteWithConfirmButton,
  ReferenceArrayInput,
  SaveButton,
  setSubmissionErrors,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
  useSaveContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { LeagueDateTimeInput } from '../../framework/dates/league-date-inputs';
import type { RelationshipManifest } from '@umpire/schema/manifest';
import { RelationshipInput } from '../../framework/generic/inputs';
import { FormCell as Cell } from '../../framework/generic/form-parts';
import { requiredValidator } from '../../framework/generic/validation';
import { useResourceDef } from '../../framework/generic/use-resource-def';

const LINKS = { article: 'articles', match: 'matches', page: 'pages' } as const;
const TARGETS_STALE_MS = 10 * 60_000;
type LinkKind = keyof typeof LINKS | 'none';
const linkRel = (kind: keyof typeof LINKS): RelationshipManifest => ({ name: kind, kind: 'belongsTo', type: LINKS[kind], required: false, source: `${kind}_id` });

/** Where tapping the notification leads: nothing, or one article, match or page. */
function LinkPicker() {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  const [kind, setKind] = useState<LinkKind>(() => (Object.keys(LINKS) as (keyof typeof LINKS)[]).find((k) => getValues(`${k}_id`)) ?? 'none');
  const choose = (next: LinkKind) => {
    for (const k of Object.keys(LINKS)) if (k !== next) setValue(`${k}_id`, null, { shouldDirty: true });
    setKind(next);
  };
  return (
    <Box>
      <FormLabel id="push-link-kind">{translate('pushPage.link')}</FormLabel>
      <RadioGroup row aria-labelledby="push-link-kind" value={kind} onChange={(e) => choose(e.target.value as LinkKind)}>
        <FormControlLabel value="none" control={<Radio />} label={translate('pushPage.noLink')} />
        {(Object.keys(LINKS) as (keyof typeof LINKS)[]).map((k) => (
          <FormControlLabel key={k} value={k} control={<Radio />} label={translate(`resources.push_notifications.fields.${k}`)} />
        ))}
      </RadioGroup>
      {kind !== 'none' && <RelationshipInput key={kind} rel={linkRel(kind)} />}
    </Box>
  );
}

/** Send now goes out at once to every target: asked first. */
function SendNowButton() {
  const translate = useTranslate();
  const { handleSubmit, setError } = useFormContext();
  const { save, saving } = useSaveContext();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="pushPage.sendNow" variant="contained" color="warning" disabled={saving} onClick={() => setOpen(true)}>
        <SendIcon />
      </Button>
      <Confirm
        isOpen={open}
        title="pushPage.sendNowTitle"
        content={translate('pushPage.sendNowConfirm')}
        confirm="pushPage.sendNow"
        onConfirm={() => {
          setOpen(false);
          // The server's field errors (no target) show on their fields, as after the form's own save.
          void handleSubmit(async (values) => {
            const errors = (await save?.({ ...values, status: 'scheduled', send_at: null })) as Record<string, unknown> | undefined;
            if (errors) setSubmissionErrors(errors, setError);
          })();
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function PushToolbar() {
  const sendAt = useWatch<Record<string, unknown>>({ name: 'send_at' });
  const record = useRecordContext();
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <SaveButton label="pushPage.saveDraft" variant="outlined" type="button" transform={(d: RaRecord) => ({ ...d, status: 'draft' })} alwaysEnable />
      <SaveButton label="pushPage.schedule" icon={<ScheduleIcon />} type="button" disabled={!sendAt} transform={(d: RaRecord) => ({ ...d, status: 'scheduled' })} />
      <SendNowButton />
      {record && <DeleteWithConfirmButton mutationMode="pessimistic" sx={{ ml: 'auto' }} />}
    </Toolbar>
  );
}

/**
 * The editor of a notification: Polish and English side by side, the image from the media
 * library, where it leads, its targets, and when it goes (a time, or now after a confirmation).
 */
export function PushNotificationForm() {
  const translate = useTranslate();
  const def = useResourceDef();
  const image = def.relationships.find((r) => r.name === 'image')!;
  return (
    <SimpleForm warnWhenUnsavedChanges toolbar={<PushToolbar />}>
      <Box sx={{ display: 'grid', columnGap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, width: '100%', maxWidth: 960 }}>
        <Cell>
          <Typography variant="subtitle2" component="h2" lang="pl">
            {translate('languages.pl')}
          </Typography>
        </Cell>
        <Cell>
          <Typography variant="subtitle2" component="h2" lang="en">
            {translate('languages.en')}
          </Typography>
        </Cell>
        <Cell>
          <TextInput id="title_pl" source="title_pl" validate={requiredValidator} isRequired fullWidth />
        </Cell>
        <Cell>
          <TextInput id="title_en" source="title_en" fullWidth />
        </Cell>
        <Cell>
          <TextInput id="body_pl" source="body_pl" validate={requiredValidator} isRequired multiline minRows={3} fullWidth />
        </Cell>
        <Cell>
          <TextInput id="body_en" source="body_en" multiline minRows={3} fullWidth />
        </Cell>
        <Cell full>
          {/* Spec §4: push targets are fetched only when not cached. */}
          <ReferenceArrayInput source="targets_ids" reference="push_notification_targets" sort={{ field: 'name', order: 'ASC' }} queryOptions={{ staleTime: TARGETS_STALE_MS }}>
            <AutocompleteArrayInput id="targets_ids" optionText="name" filterToQuery={(q: string) => (q ? { q } : {})} helperText="pushPage.targetsHelp" fullWidth />
          </ReferenceArrayInput>
        </Cell>
        <Cell>
          <LeagueDateTimeInput id="send_at" source="send_at" helperText="pushPage.sendAtHelp" />
        </Cell>
        <Cell>
          <LinkPicker />
        </Cell>
        <Cell full>
          <RelationshipInput rel={image} />
        </Cell>
      </Box>
    </SimpleForm>
  );
}
