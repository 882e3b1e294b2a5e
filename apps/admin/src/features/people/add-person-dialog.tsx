import { useState, type ReactNode } from 'react';
import { Box, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Form, SaveButton, TextInput, useTranslate, type Validator } from 'react-admin';
import { LeagueDateInput } from '../../framework/dates/league-date-inputs';
import { resourceDef } from '../../framework/definitions';
import { CountryPicker } from '../../framework/ui/country-label';
import { fullName, type PersonRecord } from '../../framework/records/people';
import { submissionErrors } from '../../framework/ui/server-errors';

/** Where the person a dialog adds comes from: the database, or typed in there and then. */
export type PersonSource = 'existing' | 'new';

export function attributeOf(resource: string, name: string) {
  return resourceDef(resource)!.attributes.find((a) => a.name === name)!;
}

/** Validators that apply only while `active()` holds (fields of the source not chosen are not checked). */
export function onlyWhen(active: () => boolean, validators: Validator[]): Validator {
  return (value, values, props) => {
    if (!active()) return undefined;
    for (const v of validators) {
      const result = v(value, values, props);
      if (result) return result;
    }
    return undefined;
  };
}

export interface AddedPerson<T extends PersonRecord> {
  source: PersonSource;
  setSource: (source: PersonSource) => void;
  created: T | null;
  /**
   * The id of the person to add: the one picked (`<prefix>_id`), else the one typed in
   * (`<prefix>.*`), created by `create`. Creating may fail with the form's errors, under the prefix.
   */
  personId: (values: Record<string, unknown>, create: (person: Partial<PersonRecord>) => Promise<T>) => Promise<{ id: string | undefined } | { errors: Record<string, unknown> }>;
}

/**
 * Who an add dialog adds. A person typed in is created on the first save only: when linking them
 * then fails (e.g. the number was taken), saving again does not create them twice.
 */
export function useAddedPerson<T extends PersonRecord>(prefix: 'player' | 'staff_member'): AddedPerson<T> {
  const [source, setSource] = useState<PersonSource>('existing');
  const [created, setCreated] = useState<T | null>(null);
  const personId: AddedPerson<T>['personId'] = async (values, create) => {
    if (source !== 'new') return { id: values[`${prefix}_id`] as string | undefined };
    if (created) return { id: String(created.id) };
    try {
      const typed = values[prefix] as Partial<PersonRecord>;
      const person = await create({
        first_name: typed.first_name,
        last_name: typed.last_name,
        birth_date: typed.birth_date || null,
        nationality: typed.nationality || null,
      });
      setCreated(person);
      return { id: String(person.id) };
    } catch (error) {
      return { errors: submissionErrors(error, prefix) ?? {} };
    }
  };
  return { source, setSource, created, personId };
}

/**
 * The dialog adding a player or staff member to a squad: the person (picked by `existing`, or
 * typed in under `prefix`), then `children`, the fields of their place in the squad.
 */
export function AddPersonDialog<T extends PersonRecord>({
  resource,
  prefix,
  person,
  titleId,
  title,
  labels,
  existing,
  validators,
  defaultValues,
  onSubmit,
  onClose,
  children,
}: {
  resource: 'players' | 'staff_members';
  prefix: 'player' | 'staff_member';
  person: AddedPerson<T>;
  titleId: string;
  title: string;
  /** Translation keys: the source toggle's name and choices, and the note once the person is created. */
  labels: { source: string; existing: string; new: string; created: string };
  existing: ReactNode;
  validators: { firstName: Validator; lastName: Validator; birthDate?: Validator };
  defaultValues: Record<string, unknown>;
  onSubmit: (values: Record<string, unknown>) => Promise<Record<string, unknown> | undefined>;
  onClose: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const field = (name: string) => `resources.${resource}.fields.${name}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Form onSubmit={onSubmit} defaultValues={defaultValues} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={person.source}
            onChange={(_, value: PersonSource | null) => value && person.setSource(value)}
            aria-label={translate(labels.source)}
            sx={{ mb: 2 }}
          >
            <ToggleButton value="existing">{translate(labels.existing)}</ToggleButton>
            <ToggleButton value="new" disabled={!!person.created}>
              {translate(labels.new)}
            </ToggleButton>
          </ToggleButtonGroup>
          {person.source === 'existing' ? (
            existing
          ) : person.created ? (
            <Typography sx={{ mb: 2 }}>{translate(labels.created, { name: fullName(person.created) })}</Typography>
          ) : (
            <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextInput source={`${prefix}.first_name`} label={field('first_name')} validate={validators.firstName} isRequired autoFocus />
              <TextInput source={`${prefix}.last_name`} label={field('last_name')} validate={validators.lastName} isRequired />
              <LeagueDateInput source={`${prefix}.birth_date`} label={field('birth_date')} validate={validators.birthDate} />
              <CountryPicker source={`${prefix}.nationality`} label={field('nationality')} />
            </Box>
          )}
          {children}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
          <SaveButton label="squadEditor.add" alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
