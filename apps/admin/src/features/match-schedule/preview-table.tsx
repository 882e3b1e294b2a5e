import { Alert, Box, LinearProgress, List, ListItem, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { choiceLabel, type Translate } from '../../lib/i18n';
import { formatDate, formatMatchDateTime } from '../../lib/locale';
import { errorMessage } from '../../providers/data-provider';
import type { ScheduleAnswer, ScheduleConflict, ScheduleRow, ScheduleSide } from './api';

const statusLabel = (translate: Translate, status: string) => choiceLabel(translate, 'matches', 'status', status);

/** "before → after" when it changes, the value alone when it does not. */
function Change({ before, after }: { before: string; after: string }) {
  if (before === after) return <>{before}</>;
  return (
    <>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {before}
      </Box>
      {' → '}
      <strong>{after}</strong>
    </>
  );
}

/**
 * Kickoffs on the league's clock (Europe/Warsaw), the clock the dialogs' dates and times are typed
 * on, so the preview shows the time typed whatever the season.
 */
const sideText = (translate: Translate, side: ScheduleSide) => ({
  kickoff: formatMatchDateTime(side.kickoff_at),
  venue: side.venue?.name ?? translate('matchSchedule.noVenue'),
  round: side.round.name ?? side.round.id,
  status: statusLabel(translate, side.status),
});

export const matchName = (row: Pick<ScheduleRow, 'home' | 'away' | 'id'>) => (row.home && row.away ? `${row.home.name} – ${row.away.name}` : `#${row.id}`);

export function conflictText(translate: Translate, conflict: ScheduleConflict, rows: ScheduleRow[]): string {
  const names = conflict.matches.map((id) => {
    const row = rows.find((r) => r.id === id);
    return row ? matchName(row) : `#${id}`;
  });
  return conflict.kind === 'club_same_day'
    ? translate('matchSchedule.conflicts.clubSameDay', { club: conflict.club?.name ?? '', date: formatDate(conflict.date), matches: names.join(', ') })
    : translate('matchSchedule.conflicts.venueSameTime', { venue: conflict.venue?.name ?? '', date: formatDate(conflict.date), matches: names.join(', ') });
}

/** The preview: each match before → after, its own problems next to it, then the schedule's conflicts. */
export function SchedulePreview({ answer }: { answer: ScheduleAnswer }) {
  const translate = useTranslate();
  const rows = answer.meta.matches;
  return (
    <Box data-testid="schedule-preview">
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {translate('matchSchedule.previewTitle', { smart_count: answer.meta.count })}
      </Typography>
      {rows.length > 0 && (
        <Box sx={{ overflowX: 'auto', maxHeight: 360 }}>
          <Table size="small" aria-label={translate('matchSchedule.previewTable')}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{translate('matchSchedule.columns.match')}</TableCell>
                <TableCell scope="col">{translate('matchSchedule.columns.kickoff')}</TableCell>
                <TableCell scope="col">{translate('matchSchedule.columns.venue')}</TableCell>
                <TableCell scope="col">{translate('matchSchedule.columns.round')}</TableCell>
                <TableCell scope="col">{translate('matchSchedule.columns.status')}</TableCell>
                <TableCell scope="col">{translate('matchSchedule.columns.problems')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const [b, a] = [sideText(translate, row.before), sideText(translate, row.after)];
                return (
                  <TableRow key={row.id} data-testid={`schedule-row-${row.id}`}>
                    <TableCell component="th" scope="row">
                      {matchName(row)}
                    </TableCell>
                    <TableCell>
                      <Change before={b.kickoff} after={a.kickoff} />
                    </TableCell>
                    <TableCell>
                      <Change before={b.venue} after={a.venue} />
                    </TableCell>
                    <TableCell>
                      <Change before={b.round} after={a.round} />
                    </TableCell>
                    <TableCell>
                      <Change before={b.status} after={a.status} />
                    </TableCell>
                    <TableCell sx={{ color: 'error.main' }}>{row.errors.map((e) => errorMessage(e)).join(' ')}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      {answer.meta.skipped && answer.meta.skipped.length > 0 && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate('matchSchedule.skipped', { smart_count: answer.meta.skipped.length, statuses: answer.meta.skipped.map((s) => statusLabel(translate, s.status)).join(', ') })}
        </Alert>
      )}
      {answer.meta.conflicts.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          <strong>{translate('matchSchedule.conflicts.title', { smart_count: answer.meta.conflicts.length })}</strong>
          <List dense disablePadding>
            {answer.meta.conflicts.map((c) => (
              <ListItem key={`${c.kind}:${c.matches.join(',')}:${c.club?.id ?? c.venue?.id ?? ''}`} disableGutters>
                {conflictText(translate, c, rows)}
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
    </Box>
  );
}

/** Below a dialog's fields: its work in progress, what the server refused, and the preview it answered. */
export function ScheduleOutcome({ busy, failure, answer }: { busy: 'preview' | 'apply' | null; failure: string[]; answer: ScheduleAnswer | null }) {
  const translate = useTranslate();
  const working = translate(busy === 'apply' ? 'matchSchedule.applying' : 'matchSchedule.previewing');
  return (
    <>
      {busy && (
        <Box sx={{ mt: 2 }} role="status" aria-live="polite">
          <LinearProgress aria-label={working} />
          <Box component="span" sx={{ fontSize: 'body2.fontSize' }}>
            {working}
          </Box>
        </Box>
      )}
      {failure.length > 0 && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {failure.map((line, i) => (
            <div key={i}>{line}</div>
          ))}
        </Alert>
      )}
      {answer && <SchedulePreview answer={answer} />}
    </>
  );
}
