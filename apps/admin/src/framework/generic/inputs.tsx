import { useMemo } from 'react';
import { Box, TextField } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  CheckboxGroupInput,
  InputHelperText,
  NumberInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useInput,
  useResourceContext,
  useTranslate,
  type Validator as RaValidator,
} from 'react-admin';
import type { AttributeManifest, RelationshipManifest } from '@umpire/schema/manifest';
import { resourceDef } from '../../framework/definitions';
import { choiceLabel } from '../../lib/i18n';
import { useCountryChoices } from '../../lib/use-country-choices';
import { LeagueDateInput, LeagueDateTimeInput, LeagueMatchDateTimeInput } from '../dates/league-date-inputs';
import { ImageLinkInput } from './image-link-input';
import { imagePicker, libraryFilePicker } from './image-picker-slot';
import { LibraryFileInput } from './library-file-input';
import { referencePicker, widgetOf } from './conventions';
import { MATCH_SIDES, matchLabel, matchSearch } from '../records/matches';
import { attributeValidators, requiredValidator } from './validation';

const wide = { width: '100%' } as const;

/** The input of an attribute, by its type and the conventions of generic screens. */
export function AttributeInput({ attr }: { attr: AttributeManifest }) {
  const resource = useResourceContext()!;
  const translate = useTranslate();
  const validate = useMemo(() => attributeValidators(resource, attr), [resource, attr]);
  // A field may have a help text (resources.<type>.helpers.<field>: what a value means).
  const help = translate(`resources.${resource}.helpers.${attr.name}`, { _: '' });
  // Stable ids (the field's name) for labels, helper texts and tests.
  const common = { id: attr.name, source: attr.name, validate, sx: wide, isRequired: attr.required, ...(help ? { helperText: help } : {}) };
  // A media library file (an image's picture, a video's file) is chosen in the library.
  const FilePicker = attr.name === 'file_id' ? libraryFilePicker() : undefined;
  if (FilePicker) return <LibraryFileInput attr={attr} validate={validate} Picker={FilePicker} />;

  switch (widgetOf(attr)) {
    case 'choice':
      return (
        <SelectInput
          {...common}
          choices={attr.choices!.map((value) => ({ id: value, name: choiceLabel(translate, resource, attr.name, value) }))}
          // An optional choice may name its empty value (resources.<type>.empty.<field>: "None").
          emptyText={attr.required ? '' : translate(`resources.${resource}.empty.${attr.name}`, { _: '' })}
          translateChoice={false}
        />
      );
    case 'choices':
      return (
        <CheckboxGroupInput
          id={attr.name}
          source={attr.name}
          validate={validate}
          isRequired={attr.required}
          choices={attr.itemChoices!.map((value) => ({ id: value, name: choiceLabel(translate, resource, attr.name, value) }))}
          translateChoice={false}
        />
      );
    case 'boolean':
      return <BooleanInput id={attr.name} source={attr.name} validate={validate} />;
    case 'integer':
      return <NumberInput {...common} step={1} />;
    case 'number':
    case 'currency':
      return <NumberInput {...common} step="any" />;
    case 'date':
      return <LeagueDateInput {...common} />;
    case 'datetime':
      return <LeagueDateTimeInput {...common} />;
    case 'matchDate':
      return <LeagueMatchDateTimeInput {...common} />;
    case 'multiline':
      return <TextInput {...common} multiline minRows={3} />;
    case 'json':
      return <JsonInput attr={attr} validate={validate} />;
    case 'country':
      return <CountryInput source={attr.name} validate={validate} isRequired={attr.required} />;
    case 'color':
      return <ColorInput attr={attr} validate={validate} />;
    case 'url':
      // No type="url"/"email": the browser's own validation would speak its language, not ours.
      return <TextInput {...common} inputMode="url" autoComplete="url" />;
    case 'email':
      return <TextInput {...common} inputMode="email" autoComplete="email" />;
    default:
      return <TextInput {...common} />;
  }
}

/** A belongsTo link: a searchable picker of the referenced records, or the media library's picker for an image. */
export function RelationshipInput({ rel }: { rel: RelationshipManifest }) {
  // The media library's picker (the app provides it); without one, an image is one of the `images` records, chosen by name.
  const Picker = rel.type === 'images' ? imagePicker() : undefined;
  if (Picker) return <ImageLinkInput rel={rel} Picker={Picker} />;
  // A match has no name: it is named by its sides and kick-off, the newest first, and found by a club's name.
  const picker =
    rel.type === 'matches'
      ? { optionText: matchLabel, filterToQuery: matchSearch, sort: { field: 'kickoff_at', order: 'DESC' as const }, queryOptions: { meta: { include: MATCH_SIDES } } }
      : { ...referencePicker(resourceDef(rel.type)), queryOptions: undefined };
  return (
    <ReferenceInput source={rel.source!} reference={rel.type} sort={picker.sort} queryOptions={picker.queryOptions}>
      <AutocompleteInput
        id={rel.source}
        optionText={picker.optionText}
        filterToQuery={picker.filterToQuery}
        validate={rel.required ? requiredValidator : undefined}
        isRequired={rel.required}
        sx={wide}
      />
    </ReferenceInput>
  );
}

/** Spec §3 countries: official names in the interface language, plus the home nations. */
export function CountryInput({ source, validate, isRequired }: { source: string; validate?: RaValidator[]; isRequired?: boolean }) {
  const translate = useTranslate();
  const choices = useCountryChoices();
  return (
    <AutocompleteInput
      id={source}
      source={source}
      choices={choices ?? []}
      isPending={!choices}
      validate={validate}
      isRequired={isRequired}
      translateChoice={false}
      noOptionsText={translate('ui.nothingFound')}
      sx={wide}
    />
  );
}

function ColorInput({ attr, validate }: { attr: AttributeManifest; validate: RaValidator[] }) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const { field, fieldState, id, isRequired } = useInput({ id: attr.name, source: attr.name, validate, isRequired: attr.required });
  const value = typeof field.value === 'string' ? field.value : '';
  const valid = /^#[0-9a-fA-F]{6}$/.test(value);
  return (
    <TextField
      {...field}
      value={value}
      id={id}
      label={translate(`resources.${resource}.fields.${attr.name}`)}
      required={isRequired}
      placeholder="#1A2B3C"
      error={fieldState.invalid}
      helperText={<InputHelperText error={fieldState.error?.message} />}
      size="small"
      margin="dense"
      sx={wide}
      slotProps={{
        input: {
          endAdornment: (
            <Box
              component="input"
              type="color"
              aria-label={translate('form.colorSwatch')}
              value={valid ? value : '#000000'}
              onChange={(e: React.ChangeEvent<HTMLInputElement>) => field.onChange(e.target.value.toUpperCase())}
              sx={{ width: 36, height: 28, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer', flexShrink: 0 }}
            />
          ),
        },
      }}
    />
  );
}

function JsonInput({ attr, validate }: { attr: AttributeManifest; validate: RaValidator[] }) {
  const jsonValid: RaValidator = (value) => {
    if (value === null || value === undefined || value === '') return undefined;
    if (typeof value !== 'string') return undefined;
    try {
      JSON.parse(value);
      return undefined;
    } catch {
      return 'form.jsonInvalid';
    }
  };
  return (
    <TextInput
      id={attr.name}
      source={attr.name}
      multiline
      minRows={4}
      sx={wide}
      validate={[jsonValid, ...validate]}
      format={(v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v, null, 2))}
      parse={(v: string) => {
        try {
          return v ? (JSON.parse(v) as unknown) : null;
        } catch {
          return v;
        }
      }}
    />
  );
}
