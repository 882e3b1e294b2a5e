import { useEffect, useRef, type FocusEvent, type SyntheticEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import RestoreIcon from '@mui/icons-material/Restore';
import { BooleanInput, DeleteWithConfirmButton, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, useCanAccess, useRecordContext, useTranslate, type Validator } from 'react-admin';
import { MATCH_ALERT_EXAMPLE, MATCH_ALERT_FIELDS, type MatchAlertTemplateKind } from '@umpire/schema';
import { attributeValidators } from '../../framework/generic/validation';
import { resourceDef } from '../../framework/definitions';
import { PhonePreview } from './phone-preview';
import {
  bracedList,
  defaultTemplate,
  hasSwitch,
  insertField,
  isTemplateKind,
  knownFieldsValidator,
  previewOf,
  TEMPLATE_LANGUAGES,
  TEMPLATE_SOURCES,
  unknownFieldsBySource,
  type TemplateSource,
} from './templates';

const RESOURCE = 'match_alert_templates';
const isSource = (id: string): id is TemplateSource => (TEMPLATE_SOURCES as readonly string[]).includes(id);

/** Each template's validators: the declaration's (required, length) and known fields only. */
function validatorsOf(source: TemplateSource): Validator[] {
  const attr = resourceDef(RESOURCE)?.attributes.find((a) => a.name === source);
  return [...(attr ? attributeValidators(RESOURCE, attr) : []), knownFieldsValidator];
}

/** Where staff last were in a template: the field a click in the list of fields types into. */
interface Cursor {
  source: TemplateSource;
  start: number | null;
  end: number | null;
}

/** The fields a template may use, each put in at the cursor of the template last typed in. */
function FieldList({ cursorRef }: { cursorRef: React.RefObject<Cursor> }) {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const insert = (field: string) => {
    const { source, start, end } = cursorRef.current;
    const { text, caret } = insertField(String(getValues(source) ?? ''), start, end, field);
    setValue(source, text, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    cursorRef.current = { source, start: caret, end: caret };
    // Back to the template, the caret after the field, so typing goes on where it was.
    requestAnimationFrame(() => {
      const input = document.getElementById(source) as HTMLInputElement | HTMLTextAreaElement | null;
      input?.focus();
      input?.setSelectionRange(caret, caret);
    });
  };
  return (
    <Box component="section" aria-labelledby="alert-fields-title">
      <Typography id="alert-fields-title" variant="subtitle2" component="h2">
        {translate('matchAlerts.fieldsTitle')}
      </Typography>
      <Typography id="alert-fields-help" variant="body2" sx={{ mb: 1 }}>
        {translate('matchAlerts.fieldsHelp')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="alert-fields">
        {MATCH_ALERT_FIELDS.map((field) => (
          <li key={field}>
            <Button
              size="small"
              variant="outlined"
              aria-describedby="alert-fields-help"
              data-field={field}
              // A click keeps the caret in the template; the keyboard's Enter goes back to it after.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => insert(field)}
              sx={{ textTransform: 'none', display: 'flex', flexDirection: 'column', alignItems: 'flex-start', lineHeight: 1.3 }}
            >
              <Box component="code" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>{`{${field}}`}</Box>
              <Box component="span" sx={{ fontSize: '0.75rem', color: 'text.primary' }}>
                {translate(`matchAlerts.fields.${field}`)} · {MATCH_ALERT_EXAMPLE[field]}
              </Box>
            </Button>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** The two previews, as staff type, and what is wrong with the templates before they save. */
function Previews() {
  const translate = useTranslate();
  const values = useWatch<Record<TemplateSource, unknown>, TemplateSource[]>({ name: [...TEMPLATE_SOURCES] });
  const byName = Object.fromEntries(TEMPLATE_SOURCES.map((s, i) => [s, values[i]])) as Record<TemplateSource, unknown>;
  const unknown = Object.entries(unknownFieldsBySource(byName)) as [TemplateSource, string[]][];
  return (
    <Stack spacing={2} component="section" aria-labelledby="alert-preview-title">
      <Typography id="alert-preview-title" variant="subtitle2" component="h2">
        {translate('matchAlerts.preview.title')}
      </Typography>
      <Typography variant="body2">{translate('matchAlerts.preview.help')}</Typography>
      {/* Said politely as it changes (the box's own role would interrupt at every keystroke). */}
      <div role="status" data-testid="alert-unknown-fields">
        {unknown.length > 0 && (
          <Alert severity="error" role="none">
            {translate('matchAlerts.unknownTitle')}
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {unknown.map(([source, fields]) => (
                <li key={source}>
                  {translate(`resources.${RESOURCE}.fields.${source}`)}: {bracedList(fields)}
                </li>
              ))}
            </Box>
          </Alert>
        )}
      </div>
      {TEMPLATE_LANGUAGES.map((lang) => {
        const { title, body } = previewOf(byName, lang);
        return <PhonePreview key={lang} lang={lang} title={title} body={body} />;
      })}
    </Stack>
  );
}

/**
 * On a new row without a kind in the address, choosing a kind brings its default texts, unless
 * staff have changed the texts already.
 */
function KindDefaults() {
  const kind: unknown = useWatch({ name: 'kind' });
  const { getValues, setValue } = useFormContext();
  const previous = useRef(kind);
  useEffect(() => {
    if (kind === previous.current || !isTemplateKind(kind)) return;
    const before = isTemplateKind(previous.current) ? defaultTemplate(previous.current) : null;
    previous.current = kind;
    const next = defaultTemplate(kind);
    for (const source of TEMPLATE_SOURCES) {
      const current = String(getValues(source) ?? '');
      if (!current || (before && current === before[source])) setValue(source, next[source], { shouldDirty: true });
    }
    setValue('enabled', next.enabled, { shouldDirty: true });
  }, [kind, getValues, setValue]);
  return null;
}

/**
 * Save, and for a saved kind its way back to the defaults: its row deleted (after a question), the
 * kind is sent as DEFAULT_MATCH_ALERT_KINDS and DEFAULT_MATCH_ALERT_TEMPLATES say again.
 */
function TemplateToolbar() {
  const translate = useTranslate();
  const record = useRecordContext();
  const { canAccess: canDelete = false } = useCanAccess({ action: 'delete', resource: RESOURCE, record, enabled: !!record?.id });
  const name = isTemplateKind(record?.kind) ? translate(`resources.${RESOURCE}.choices.kind.${record.kind}`) : '';
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {record?.id != null && canDelete && (
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          redirect="list"
          label="matchAlerts.restoreDefaults"
          icon={<RestoreIcon />}
          confirmTitle={translate('matchAlerts.restoreTitle', { kind: name })}
          confirmContent={translate('matchAlerts.restoreText')}
          confirmColor="warning"
        />
      )}
    </Toolbar>
  );
}

/**
 * The form of one kind: whether it is sent, its title and text in Polish and English, the fields
 * they may use (a click puts one in), and beside them the notification a fan would see for the
 * example match, changing as staff type. `kinds` are the choices of a new row without a kind.
 */
export function MatchAlertTemplateForm({ kinds }: { kinds?: readonly MatchAlertTemplateKind[] }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const cursorRef = useRef<Cursor>({ source: 'title_pl', start: null, end: null });
  const kind = isTemplateKind(record?.kind) ? record.kind : null;
  // Where the caret is in a template, kept as staff type and click.
  const remember = (event: SyntheticEvent | FocusEvent) => {
    const el = event.target as HTMLInputElement | HTMLTextAreaElement;
    if (!isSource(el.id)) return;
    cursorRef.current = { source: el.id, start: el.selectionStart, end: el.selectionEnd };
  };
  return (
    <SimpleForm warnWhenUnsavedChanges mode="onChange" reValidateMode="onChange" toolbar={<TemplateToolbar />}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(300px, 2fr)' }, width: '100%', maxWidth: 1200 }}>
        <Stack spacing={1} sx={{ minWidth: 0 }} onFocus={remember} onSelect={remember} onKeyUp={remember} onClick={remember}>
          {kind ? (
            <>
              <Typography variant="h6" component="h2">
                {translate(`resources.${RESOURCE}.choices.kind.${kind}`)}
              </Typography>
              <Typography variant="body2">{translate(`matchAlerts.kinds.${kind}`)}</Typography>
            </>
          ) : (
            <>
              <SelectInput
                source="kind"
                choices={(kinds ?? []).map((k) => ({ id: k, name: `resources.${RESOURCE}.choices.kind.${k}` }))}
                validate={validatorsOfKind}
                isRequired
              />
              <KindDefaults />
            </>
          )}
          <EnabledInput kind={kind} />
          {TEMPLATE_LANGUAGES.map((lang) => (
            <Box key={lang} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
              <Typography component="legend" variant="subtitle2" lang={lang} sx={{ mb: 0.5 }}>
                {translate(`languages.${lang}`)}
              </Typography>
              <TextInput id={`title_${lang}`} source={`title_${lang}`} validate={validatorsOf(`title_${lang}`)} isRequired fullWidth />
              <TextInput id={`body_${lang}`} source={`body_${lang}`} validate={validatorsOf(`body_${lang}`)} multiline minRows={2} fullWidth />
            </Box>
          ))}
          <FieldList cursorRef={cursorRef} />
        </Stack>
        <Previews />
      </Box>
    </SimpleForm>
  );
}

const validatorsOfKind = (() => {
  const attr = resourceDef(RESOURCE)?.attributes.find((a) => a.name === 'kind');
  return attr ? attributeValidators(RESOURCE, attr) : [];
})();

/** The kind's switch; a correction has none (it always follows the alert it corrects). */
function EnabledInput({ kind }: { kind: MatchAlertTemplateKind | null }) {
  const translate = useTranslate();
  const chosen: unknown = useWatch({ name: 'kind' });
  const current = kind ?? (isTemplateKind(chosen) ? chosen : null);
  if (current && !hasSwitch(current)) return <Typography variant="body2">{translate('matchAlerts.correctionAlways')}</Typography>;
  return <BooleanInput source="enabled" helperText="matchAlerts.enabledHelp" />;
}
