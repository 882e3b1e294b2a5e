import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { DATE_PATTERN, KICKOFF_TIME_PATTERN, zonedInstant } from '@umpire/schema';
import { LeagueDateField } from '../../framework/dates/league-date-field';
import { failureOf, type MatchScheduleApi, type PostponementInput, type ScheduleAnswer } from './api';
import { ScheduleOutcome } from './preview-table';

export interface PostponeTarget {
  kind: 'match' | 'round';
  id: string;
  /** What is postponed, in words ("Legia – Lech", "Round 12"). */
  label: string;
}

export interface PostponeDialogProps {
  open: boolean;
  onClose: () => void;
  onDone: (answer: ScheduleAnswer) => void;
  target: PostponeTarget;
  api: MatchScheduleApi;
}

type When = 'later' | 'date' | 'kickoff';

/** The postponement as the API takes it: no date, a new date (times kept), or a new kickoff (Warsaw time). */
export function postponementOf(when: When, date: string, time: string, reason: string, notify: boolean): PostponementInput | null {
  const base = { reason: reason.trim() || undefined, notify };
  if (when === 'later') return base;
  const d = DATE_PATTERN.exec(date);
  if (!d) return null;
  if (when === 'date') return { ...base, date };
  const t = KICKOFF_TIME_PATTERN.exec(time);
  if (!t) return null;
  return { ...base, kickoff_at: zonedInstant({ year: +d[1], month: +d[2], day: +d[3], hour: +t[1], minute: +t[2], second: 0 }).toISOString() };
}

/**
 * "Postpone" a match or a round (issue 26): to a date not known yet, to a new date (each match
 * keeps its time of day), or to a new kickoff; with a reason kept in the history and, when chosen,
 * a push notification to both clubs' followers. The preview shows what moves before it is
 * confirmed.
 */
export function PostponeDialog({ open, onClose, onDone, target, api }: PostponeDialogProps) {
  const translate = useTranslate();
  const [when, setWhen] = useState<When>('later');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(false);
  const [answer, setAnswer] = useState<ScheduleAnswer | null>(null);
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  const input = postponementOf(when, date, time, reason, notify);

  const changed = <T,>(setter: (v: T) => void) => (v: T) => {
    setter(v);
    setAnswer(null);
    setFailure([]);
  };

  async function run(dryRun: boolean) {
    if (!input) return;
    setBusy(dryRun ? 'preview' : 'apply');
    setFailure([]);
    try {
      const result = await api.postpone(target, input, dryRun);
      if (dryRun) setAnswer(result);
      else {
        setAnswer(null);
        onDone(result);
      }
    } catch (error) {
      const { errors, text } = failureOf(error, translate);
      setFailure(errors.length ? errors.map((e) => e.detail ?? text) : [text]);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="postpone-title">
      <DialogTitle id="postpone-title">{translate(target.kind === 'match' ? 'matchSchedule.postpone.titleMatch' : 'matchSchedule.postpone.titleRound', { name: target.label })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate(target.kind === 'match' ? 'matchSchedule.postpone.introMatch' : 'matchSchedule.postpone.introRound')}</DialogContentText>
        <FormControl sx={{ mt: 2 }}>
          <FormLabel id="postpone-when">{translate('matchSchedule.postpone.when')}</FormLabel>
          <RadioGroup aria-labelledby="postpone-when" value={when} onChange={(e) => changed(setWhen)(e.target.value as When)}>
            <FormControlLabel value="later" control={<Radio />} label={translate('matchSchedule.postpone.later')} disabled={!!busy} />
            <FormControlLabel value="date" control={<Radio />} label={translate('matchSchedule.postpone.date')} disabled={!!busy} />
            <FormControlLabel value="kickoff" control={<Radio />} label={translate(target.kind === 'match' ? 'matchSchedule.postpone.kickoff' : 'matchSchedule.postpone.kickoffRound')} disabled={!!busy} />
          </RadioGroup>
        </FormControl>
        {when !== 'later' && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
            <LeagueDateField kind="date" required label={translate('matchSchedule.fields.newDate')} value={date} onChange={(v) => changed(setDate)(v ?? '')} disabled={!!busy} />
            {when === 'kickoff' && (
              <LeagueDateField
                kind="time"
                required
                label={translate('matchSchedule.fields.time')}
                value={time}
                onChange={(v) => changed(setTime)(v ?? '')}
                helperText={translate('matchSchedule.fields.timeHelp')}
                disabled={!!busy}
              />
            )}
          </Stack>
        )}
        <TextField
          label={translate('matchSchedule.fields.reason')}
          value={reason}
          onChange={(e) => changed(setReason)(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 300 } }}
          helperText={translate('matchSchedule.fields.reasonHelp')}
          multiline
          minRows={2}
          fullWidth
          sx={{ mt: 2 }}
          disabled={!!busy}
        />
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={notify} onChange={(e) => changed(setNotify)(e.target.checked)} disabled={!!busy} />}
          label={translate('matchSchedule.fields.notify')}
        />
        <ScheduleOutcome busy={busy} failure={failure} answer={answer} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={!!busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button onClick={() => void run(true)} disabled={!!busy || !input} variant={answer ? 'text' : 'contained'}>
          {translate('matchSchedule.preview')}
        </Button>
        <Button onClick={() => void run(false)} disabled={!!busy || !input || !answer} variant="contained" color="warning">
          {translate('matchSchedule.postpone.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
