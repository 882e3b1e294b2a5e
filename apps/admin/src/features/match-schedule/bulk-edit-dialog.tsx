import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { choiceLabel } from '../../lib/i18n';
import { LeagueDateField } from '../../framework/dates/league-date-field';
import { KICKOFF_SHIFT_PATTERN, MATCH_SETTABLE_STATUSES } from '@umpire/schema';
import { failureOf, type BulkChanges, type MatchScheduleApi, type ScheduleAnswer, type Selection } from './api';
import { matchName, ScheduleOutcome } from './preview-table';

export interface Choice {
  id: string;
  name: string;
}

export interface BulkEditDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the number of matches changed once applied. */
  onDone: (count: number) => void;
  selection: Selection;
  api: MatchScheduleApi;
  venues: Choice[];
  rounds: Choice[];
}

type Phase = 'edit' | 'previewing' | 'preview' | 'applying';

/**
 * "Edit selected" (issue 26): the new kickoff (one date for all, each keeping its time; or a shift;
 * and a time of day), venue, round or status of the selected matches. Nothing is written until
 * the preview (the server's dry run: each match before → after, its problems, the conflicts) has
 * been seen; Apply then writes them all or none.
 */
export function BulkEditDialog({ open, onClose, onDone, selection, api, venues, rounds }: BulkEditDialogProps) {
  const translate = useTranslate();
  const [changes, setChanges] = useState<BulkChanges>({});
  const [phase, setPhase] = useState<Phase>('edit');
  const [answer, setAnswer] = useState<ScheduleAnswer | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  const shiftInvalid = !!changes.kickoff_shift && !KICKOFF_SHIFT_PATTERN.test(changes.kickoff_shift.trim());
  // One date for all or a shift, not both (the server refuses it too).
  const both = !!changes.kickoff_date && !!changes.kickoff_shift;
  const empty = !Object.values(changes).some(Boolean);
  const busy = phase === 'previewing' || phase === 'applying';

  const set = (name: keyof BulkChanges) => (event: { target: { value: string } }) => {
    setChanges((c) => ({ ...c, [name]: event.target.value }));
    // Another change needs another look before it is applied.
    setPhase('edit');
    setAnswer(null);
    setFailure([]);
  };

  async function preview() {
    setPhase('previewing');
    setFailure([]);
    try {
      setAnswer(await api.bulkEdit(selection, changes, true));
      setPhase('preview');
    } catch (error) {
      const { errors, text } = failureOf(error, translate);
      setFailure(errors.length ? errors.map((e) => failureLine(e.detail ?? text, e.meta?.params?.match)) : [text]);
      setPhase('edit');
    }
  }

  function failureLine(text: string, match: unknown) {
    const row = answer?.meta.matches.find((m) => m.id === String(match));
    return row ? `${matchName(row)}: ${text}` : text;
  }

  async function apply() {
    setPhase('applying');
    try {
      const done = await api.bulkEdit(selection, changes, false);
      setChanges({});
      setAnswer(null);
      setPhase('edit');
      onDone(done.meta.count);
    } catch (error) {
      const { errors, text } = failureOf(error, translate);
      setFailure(errors.length ? errors.map((e) => failureLine(e.detail ?? text, e.meta?.params?.match)) : [text]);
      setPhase('preview');
    }
  }

  const count = 'ids' in selection ? selection.ids.length : null;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="bulk-edit-title">
      <DialogTitle id="bulk-edit-title">{translate('matchSchedule.bulk.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {count === null ? translate('matchSchedule.bulk.allFiltered') : translate('matchSchedule.bulk.selected', { smart_count: count })}{' '}
          {translate('matchSchedule.bulk.intro')}
        </DialogContentText>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
          <LeagueDateField
            kind="date"
            label={translate('matchSchedule.fields.date')}
            value={changes.kickoff_date ?? ''}
            onChange={(v) => set('kickoff_date')({ target: { value: v ?? '' } })}
            error={both}
            helperText={translate(both ? 'apiErrors.matchKickoffTwice' : 'matchSchedule.fields.dateHelp')}
            disabled={busy}
            fullWidth
          />
          <TextField
            label={translate('matchSchedule.fields.shift')}
            value={changes.kickoff_shift ?? ''}
            onChange={set('kickoff_shift')}
            placeholder={translate('matchSchedule.fields.shiftExample')}
            error={shiftInvalid}
            helperText={translate(shiftInvalid ? 'matchSchedule.fields.shiftInvalid' : 'matchSchedule.fields.shiftHelp')}
            disabled={busy}
            fullWidth
          />
          <LeagueDateField
            kind="time"
            label={translate('matchSchedule.fields.time')}
            value={changes.kickoff_time ?? ''}
            onChange={(v) => set('kickoff_time')({ target: { value: v ?? '' } })}
            helperText={translate('matchSchedule.fields.timeHelp')}
            disabled={busy}
            fullWidth
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
          <TextField select label={translate('matchSchedule.fields.venue')} value={changes.venue ?? ''} onChange={set('venue')} disabled={busy} fullWidth>
            <MenuItem value="">{translate('matchSchedule.keep')}</MenuItem>
            {venues.map((v) => (
              <MenuItem key={v.id} value={v.id}>
                {v.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={translate('matchSchedule.fields.round')} value={changes.round ?? ''} onChange={set('round')} disabled={busy} fullWidth>
            <MenuItem value="">{translate('matchSchedule.keep')}</MenuItem>
            {rounds.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={translate('matchSchedule.fields.status')} value={changes.status ?? ''} onChange={set('status')} disabled={busy} fullWidth>
            <MenuItem value="">{translate('matchSchedule.keep')}</MenuItem>
            {MATCH_SETTABLE_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {choiceLabel(translate, 'matches', 'status', s)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <ScheduleOutcome busy={phase === 'applying' ? 'apply' : phase === 'previewing' ? 'preview' : null} failure={failure} answer={answer} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button onClick={() => void preview()} disabled={busy || empty || shiftInvalid || both} variant={phase === 'preview' ? 'text' : 'contained'}>
          {translate('matchSchedule.preview')}
        </Button>
        <Button
          onClick={() => void apply()}
          disabled={phase !== 'preview' || !answer?.meta.valid || !answer.meta.count}
          variant="contained"
          color="primary"
        >
          {translate('matchSchedule.apply', { smart_count: answer?.meta.count ?? 0 })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
