import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { INCIDENT_TYPES } from '@umpire/schema/enums';
import { draftOf, HALF_MINUTES, HALVES, isStatusType, MAX_STOPPAGE, PLAYER_TYPES, RELATED_PLAYER_TYPES, sideOfSquad } from './incidents';
import { fieldErrors, failureText, isStale } from './api';
import { halfLabel, typeLabel } from './labels';
import type { TeamRoster } from './rosters';
import type { Incident, IncidentDraft, IncidentType, MatchInfo, Side } from './types';

/** Types offered in the editor (a "component" incident belongs to the page builder). */
const EDITABLE_TYPES = INCIDENT_TYPES.filter((t) => t !== 'component');

interface FormValues {
  incident_type: IncidentType;
  side: Side | '';
  player_id: string;
  related_player_id: string;
  occurrence_half: string;
  occurrence_minute: string;
  stoppage_minute: string;
  description: string;
}

function valuesOf(incident: Incident, match: MatchInfo): FormValues {
  return {
    incident_type: incident.incident_type,
    side: sideOfSquad(incident.squad_id, match.home_squad_id, match.away_squad_id) ?? '',
    player_id: incident.player_id ?? '',
    related_player_id: incident.related_player_id ?? '',
    occurrence_half: String(incident.occurrence_half),
    occurrence_minute: String(incident.occurrence_minute),
    stoppage_minute: incident.stoppage_minute === null ? '' : String(incident.stoppage_minute),
    description: incident.description ?? '',
  };
}

/** Client-side checks that mirror the server's (the server has the last word). */
function localErrors(v: FormValues, translate: (k: string, o?: Record<string, unknown>) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  const half = Number(v.occurrence_half);
  const minute = Number(v.occurrence_minute);
  const [min, max] = HALF_MINUTES[half] ?? [0, 0];
  if (v.occurrence_minute.trim() === '' || !Number.isInteger(minute)) errors.occurrence_minute = translate('validation.required');
  else if (minute < min || minute > max) errors.occurrence_minute = translate('validation.minuteOutOfHalf', { min, max });
  if (v.stoppage_minute.trim() !== '') {
    const stoppage = Number(v.stoppage_minute);
    if (!Number.isInteger(stoppage) || stoppage < 1 || stoppage > MAX_STOPPAGE) errors.stoppage_minute = translate('validation.max', { max: MAX_STOPPAGE });
    else if (minute !== max) errors.stoppage_minute = translate('validation.stoppageOnlyAtEndOfHalf', { minute: max });
  }
  if (!isStatusType(v.incident_type) && !v.side) errors.squad = translate('validation.required');
  if (v.player_id && v.player_id === v.related_player_id) errors.related_player = translate('validation.samePlayer');
  return errors;
}

function draftOfValues(v: FormValues, base: Incident, match: MatchInfo): IncidentDraft {
  const status = isStatusType(v.incident_type);
  const withPlayer = !status && PLAYER_TYPES.has(v.incident_type);
  return {
    ...draftOf(base),
    incident_type: v.incident_type,
    occurrence_half: Number(v.occurrence_half),
    occurrence_minute: Number(v.occurrence_minute),
    stoppage_minute: v.stoppage_minute.trim() === '' ? null : Number(v.stoppage_minute),
    squad_id: status || !v.side ? null : v.side === 'home' ? match.home_squad_id : match.away_squad_id,
    player_id: withPlayer && v.player_id ? v.player_id : null,
    related_player_id: withPlayer && RELATED_PLAYER_TYPES.has(v.incident_type) && v.related_player_id ? v.related_player_id : null,
    description: v.description.trim() === '' ? null : v.description,
  };
}

export interface IncidentEditorProps {
  /** The version being edited: its updated_at goes with the save (stale check). */
  base: Incident;
  /** The version the screen knows now (realtime); differs from `base` when someone changed it meanwhile. */
  latest: Incident | undefined;
  latestActor?: string;
  match: MatchInfo;
  rosters: Record<Side, TeamRoster> | null;
  onSave: (base: Incident, draft: IncidentDraft) => Promise<Incident>;
  onReload: (id: string) => Promise<Incident | null>;
  onClose: (saved: boolean) => void;
}

/**
 * The inline editor of one incident: Enter saves, Escape cancels. A save is refused when someone
 * changed the incident meanwhile (409); the editor then says so and shows the current version.
 */
export function IncidentEditor({ base: initialBase, latest, latestActor, match, rosters, onSave, onReload, onClose }: IncidentEditorProps) {
  const translate = useTranslate();
  const [base, setBase] = useState(initialBase);
  const [values, setValues] = useState(() => valuesOf(initialBase, match));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ severity: 'error' | 'warning'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstField.current?.focus();
  }, []);

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => {
      const next = { ...v, [key]: value };
      if (key === 'side') {
        next.player_id = '';
        next.related_player_id = '';
      }
      return next;
    });
    setErrors((e) => ({ ...e, [key === 'side' ? 'squad' : key]: '' }));
  };

  const loadCurrent = (incident: Incident) => {
    setBase(incident);
    setValues(valuesOf(incident, match));
    setErrors({});
  };

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    const local = localErrors(values, translate);
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await onSave(base, draftOfValues(values, base, match));
      onClose(true);
    } catch (error) {
      if (isStale(error)) {
        // Never overwrite silently: say so, and show what the incident is now.
        setMessage({ severity: 'error', text: translate('validation.staleRecord') });
        const current = await onReload(base.id);
        if (current) loadCurrent(current);
        firstField.current?.focus();
      } else {
        const byField = fieldErrors(error);
        setErrors(byField);
        setMessage({ severity: 'error', text: failureText(error, translate) });
      }
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose(false);
    } else if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement) && !(event.target instanceof HTMLTextAreaElement)) {
      event.preventDefault();
      void save();
    }
  }

  const status = isStatusType(values.incident_type);
  const side = values.side || null;
  const roster = side && rosters ? rosters[side] : undefined;
  const withPlayer = !status && PLAYER_TYPES.has(values.incident_type);
  const related = withPlayer && RELATED_PLAYER_TYPES.has(values.incident_type);
  const changedMeanwhile = latest && latest.updated_at !== base.updated_at;
  const playerOptions = (roster?.players ?? []).map((p) => (
    <option key={p.playerId} value={p.playerId}>
      {p.shirt !== null ? `${p.shirt} · ${p.name}` : p.name}
    </option>
  ));
  const native = { select: { native: true }, inputLabel: { shrink: true } } as const;
  const field = { size: 'small' as const, fullWidth: true };

  return (
    <Box
      component="form"
      onSubmit={(e: FormEvent) => void save(e)}
      onKeyDown={onKeyDown}
      noValidate
      aria-label={translate('matchCentre.editor.title')}
      data-testid="incident-editor"
      sx={{ p: 2, display: 'grid', gap: 2, bgcolor: 'action.hover', borderRadius: 1 }}
    >
      {changedMeanwhile && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => loadCurrent(latest)}>
              {translate('matchCentre.editor.loadCurrent')}
            </Button>
          }
        >
          {translate('matchCentre.editor.changedMeanwhile', { actor: latestActor ?? translate('matchCentre.editor.someone') })}
        </Alert>
      )}
      {message && (
        <Alert severity={message.severity} role="alert" data-testid="editor-message">
          {message.text}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
        <TextField
          {...field}
          select
          slotProps={{ ...native, htmlInput: { 'data-testid': 'editor-type' } }}
          inputRef={firstField}
          label={translate('resources.incidents.fields.incident_type')}
          value={values.incident_type}
          onChange={(e) => set('incident_type', e.target.value as IncidentType)}
        >
          {EDITABLE_TYPES.map((t) => (
            <option key={t} value={t}>
              {typeLabel(translate, t)}
            </option>
          ))}
        </TextField>
        {!status && (
          <TextField
            {...field}
            select
            slotProps={native}
            label={translate('matchCentre.editor.team')}
            value={values.side}
            onChange={(e) => set('side', e.target.value as Side | '')}
            error={!!errors.squad}
            helperText={errors.squad || undefined}
          >
            <option value="" disabled>
              {translate('matchCentre.editor.choose')}
            </option>
            <option value="home">{match.home.name}</option>
            <option value="away">{match.away.name}</option>
          </TextField>
        )}
        {withPlayer && (
          <TextField
            {...field}
            select
            slotProps={{ ...native, htmlInput: { 'data-testid': 'editor-player' } }}
            label={translate(values.incident_type === 'substitution' ? 'matchCentre.editor.playerOff' : 'matchCentre.editor.player')}
            value={values.player_id}
            onChange={(e) => set('player_id', e.target.value)}
            error={!!errors.player}
            helperText={errors.player || undefined}
            disabled={!side}
          >
            <option value="">{translate('matchCentre.editor.none')}</option>
            {playerOptions}
          </TextField>
        )}
        {related && (
          <TextField
            {...field}
            select
            slotProps={native}
            label={translate(values.incident_type === 'substitution' ? 'matchCentre.editor.playerOn' : 'matchCentre.editor.assist')}
            value={values.related_player_id}
            onChange={(e) => set('related_player_id', e.target.value)}
            error={!!errors.related_player}
            helperText={errors.related_player || undefined}
            disabled={!side}
          >
            <option value="">{translate('matchCentre.editor.none')}</option>
            {playerOptions}
          </TextField>
        )}
        <TextField
          {...field}
          select
          slotProps={native}
          label={translate('resources.incidents.fields.occurrence_half')}
          value={values.occurrence_half}
          onChange={(e) => set('occurrence_half', e.target.value)}
          error={!!errors.occurrence_half}
          helperText={errors.occurrence_half || undefined}
        >
          {HALVES.map((h) => (
            <option key={h} value={String(h)}>
              {halfLabel(translate, h)}
            </option>
          ))}
        </TextField>
        <TextField
          {...field}
          type="number"
          label={translate('resources.incidents.fields.occurrence_minute')}
          value={values.occurrence_minute}
          onChange={(e) => set('occurrence_minute', e.target.value)}
          error={!!errors.occurrence_minute}
          helperText={errors.occurrence_minute || undefined}
          slotProps={{ htmlInput: { min: 0, max: 120, inputMode: 'numeric', 'data-testid': 'editor-minute' } }}
        />
        <TextField
          {...field}
          type="number"
          label={translate('resources.incidents.fields.stoppage_minute')}
          value={values.stoppage_minute}
          onChange={(e) => set('stoppage_minute', e.target.value)}
          error={!!errors.stoppage_minute}
          helperText={errors.stoppage_minute || undefined}
          slotProps={{ htmlInput: { min: 1, max: MAX_STOPPAGE, inputMode: 'numeric', 'data-testid': 'editor-stoppage' } }}
        />
        <TextField
          {...field}
          label={translate('resources.incidents.fields.description')}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
          error={!!errors.description}
          helperText={errors.description || undefined}
          sx={{ gridColumn: { md: 'span 2' } }}
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => onClose(false)} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy} data-testid="editor-save">
          {translate('ra.action.save')}
        </Button>
      </Stack>
    </Box>
  );
}
