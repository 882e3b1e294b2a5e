import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  Form,
  RecordContextProvider,
  ReferenceArrayInput,
  ReferenceInput,
  ResourceContextProvider,
  SaveButton,
  useFormIsDirty,
  useNotify,
  useTranslate,
} from 'react-admin';
import { resourceDef } from '../../framework/definitions';
import { AttributeInput, RelationshipInput } from '../../framework/generic/inputs';
import { referencePicker } from '../../framework/generic/conventions';
import { requiredValidator } from '../../framework/generic/validation';
import { RecordHistory } from '../../framework/history/record-history';
import { fieldErrors, failureText, isStale, type MatchChanges } from './api';
import { changesOf, PROVIDERS, recordOf, same, LINKS } from './match-form';
import type { MatchInfo } from './types';

function SquadInput({ source, disabled }: { source: string; disabled: boolean }) {
  const { optionText, sort, filterToQuery } = referencePicker(resourceDef('squads'));
  return (
    <ReferenceInput source={source} reference="squads" sort={sort}>
      <AutocompleteInput id={source} optionText={optionText} filterToQuery={filterToQuery} validate={requiredValidator} isRequired disabled={disabled} sx={{ width: '100%' }} />
    </ReferenceInput>
  );
}

function DirtyWatcher({ onChange }: { onChange: (dirty: boolean) => void }) {
  const dirty = useFormIsDirty();
  useEffect(() => onChange(dirty), [dirty, onChange]);
  return null;
}

interface MatchDetailsProps {
  match: MatchInfo;
  hasIncidents: boolean;
  canEdit: boolean;
  onSave: (changes: MatchChanges, updatedAt: string) => Promise<MatchInfo>;
}

/**
 * The match's own fields: kick-off, venue, referee, attendance, round, teams and broadcasters.
 * Saved with the version it was loaded from; a change by someone else in between is refused
 * (409) and the form shows the current values.
 */
export function MatchDetails({ match, hasIncidents, canEdit, onSave }: MatchDetailsProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const def = resourceDef('matches')!;
  // The version the form edits; it follows the match while nothing typed is at stake.
  const [base, setBase] = useState(match);
  const dirty = useRef(false);
  const [isDirty, setIsDirty] = useState(false);
  const onDirty = useCallback((d: boolean) => {
    dirty.current = d;
    setIsDirty(d);
  }, []);
  const [message, setMessage] = useState<string | null>(null);
  const record = useMemo(() => recordOf(base), [base]);
  const changedElsewhere = !same(recordOf(match), record);

  useEffect(() => {
    // Score and status updates move updated_at without touching these fields: follow them.
    if (!dirty.current || same(recordOf(match), recordOf(base))) setBase(match);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [match]);

  const attr = (name: string) => def.attributes.find((a) => a.name === name)!;
  const rel = (name: string) => def.relationships.find((r) => r.name === name)!;

  async function submit(values: Record<string, unknown>) {
    setMessage(null);
    const changes = changesOf(record, values);
    if (!Object.keys(changes.attributes ?? {}).length && !Object.keys(changes.relationships ?? {}).length) return undefined;
    try {
      const saved = await onSave(changes, base.updated_at);
      dirty.current = false;
      setBase(saved);
      notify('matchCentre.details.saved', { type: 'success' });
      return undefined;
    } catch (error) {
      if (isStale(error)) {
        setMessage(translate('validation.staleRecord'));
        dirty.current = false;
        setBase(match);
        return undefined;
      }
      const byField = fieldErrors(error);
      const errors: Record<string, string> = {};
      for (const [field, text] of Object.entries(byField)) {
        const link = LINKS.find(([name]) => name === field);
        errors[link ? link[1] : field === 'transmission_providers' ? PROVIDERS : field] = text;
      }
      setMessage(failureText(error, translate));
      return errors;
    }
  }

  return (
    <ResourceContextProvider value="matches">
      <Card component="section" aria-labelledby="match-details-title">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography id="match-details-title" component="h2" variant="h6">
            {translate('matchCentre.details.title')}
          </Typography>
          {message && (
            <Alert severity="error" role="alert" data-testid="details-message">
              {message}
            </Alert>
          )}
          {changedElsewhere && isDirty && (
            <Alert
              severity="warning"
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    dirty.current = false;
                    setBase(match);
                  }}
                >
                  {translate('matchCentre.editor.loadCurrent')}
                </Button>
              }
            >
              {translate('matchCentre.details.changedMeanwhile')}
            </Alert>
          )}
          <Form record={record} onSubmit={submit} warnWhenUnsavedChanges disabled={!canEdit}>
            <DirtyWatcher onChange={onDirty} />
            <Box sx={{ display: 'grid', columnGap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, maxWidth: 960 }}>
              <AttributeInput attr={attr('kickoff_at')} />
              <RelationshipInput rel={rel('venue')} />
              <AttributeInput attr={attr('referee')} />
              <AttributeInput attr={attr('attendance')} />
              <RelationshipInput rel={rel('round')} />
              <RelationshipInput rel={rel('group')} />
              {/* The teams are fixed once incidents refer to them (the server says squadsLocked). */}
              <SquadInput source="home_squad_id" disabled={hasIncidents} />
              <SquadInput source="away_squad_id" disabled={hasIncidents} />
              <Box sx={{ gridColumn: '1 / -1' }}>
                <ReferenceArrayInput source={PROVIDERS} reference="transmission_providers" sort={{ field: 'name', order: 'ASC' }}>
                  <AutocompleteArrayInput
                    id={PROVIDERS}
                    optionText="name"
                    label={translate('resources.matches.fields.transmission_providers')}
                    filterToQuery={referencePicker(resourceDef('transmission_providers')).filterToQuery}
                    noOptionsText={translate('ui.nothingFound')}
                    sx={{ width: '100%' }}
                  />
                </ReferenceArrayInput>
              </Box>
            </Box>
            {hasIncidents && (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
                {translate('matchCentre.details.squadsLocked')}
              </Typography>
            )}
            {canEdit && <SaveButton alwaysEnable={false} />}
          </Form>
        </CardContent>
      </Card>
      <RecordContextProvider value={{ id: match.id, updated_at: match.updated_at }}>
        <Box sx={{ mt: 2 }}>
          <RecordHistory />
        </Box>
      </RecordContextProvider>
    </ResourceContextProvider>
  );
}
