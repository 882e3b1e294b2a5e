import { useState } from 'react';
import { Button } from '@mui/material';
import EditCalendar from '@mui/icons-material/EditCalendar';
import EventBusy from '@mui/icons-material/EventBusy';
import { useGetList, useGetOne, useListContext, useNotify, useRecordContext, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import { matchScheduleApi, type ScheduleAnswer, type Selection } from './api';
import { BulkEditDialog, type Choice } from './bulk-edit-dialog';
import { PostponeDialog } from './postpone-dialog';

const CHOICES = { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' as const } };

/** Venues and rounds to choose from, read when a dialog opens. */
function useChoices(enabled: boolean): { venues: Choice[]; rounds: Choice[] } {
  const venues = useGetList('venues', CHOICES, { enabled });
  const rounds = useGetList('rounds', { ...CHOICES, sort: { field: 'number', order: 'ASC' } }, { enabled });
  const named = (records: { id: unknown; name?: unknown }[] | undefined) => (records ?? []).map((r) => ({ id: String(r.id), name: String(r.name ?? r.id) }));
  return { venues: named(venues.data), rounds: named(rounds.data) };
}

function BulkEdit({ selection, label, disabled }: { selection: Selection; label: string; disabled?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('matches');
  const [open, setOpen] = useState(false);
  const { venues, rounds } = useChoices(open);
  return (
    <>
      <Button size="small" startIcon={<EditCalendar />} onClick={() => setOpen(true)} disabled={disabled}>
        {label}
      </Button>
      {open && (
        <BulkEditDialog
          open
          onClose={() => setOpen(false)}
          onDone={(count) => {
            setOpen(false);
            unselectAll();
            refresh();
            notify(translate('matchSchedule.applied', { smart_count: count }), { type: 'success' });
          }}
          selection={selection}
          api={matchScheduleApi()}
          venues={venues}
          rounds={rounds}
        />
      )}
    </>
  );
}

/** The list's bulk action: the ticked matches. */
export function MatchBulkEditButton() {
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  return <BulkEdit selection={{ ids: selectedIds.map(String) }} label={translate('matchSchedule.bulk.button')} />;
}

/** The list's toolbar action: every match the list's filter shows (a round, a day, a club). */
export function MatchFilteredEditButton() {
  const translate = useTranslate();
  const filterValues = (useListContext().filterValues ?? {}) as Record<string, unknown>;
  const filtered = Object.values(filterValues).some((v) => v !== undefined && v !== null && v !== '');
  return <BulkEdit selection={{ filter: filterValues }} label={translate('matchSchedule.bulk.filteredButton')} disabled={!filtered} />;
}

function usePostponed() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  return (answer: ScheduleAnswer) => {
    refresh();
    notify(
      translate('matchSchedule.postponed', { smart_count: answer.meta.count, notifications: answer.meta.notifications?.length ?? 0 }),
      { type: 'success' },
    );
  };
}

/** A row's action: postpone this match. */
export function PostponeMatchButton() {
  const translate = useTranslate();
  const record = useRecordContext<{ id: string; home_squad?: { name?: string }; away_squad?: { name?: string } }>();
  const [open, setOpen] = useState(false);
  const done = usePostponed();
  if (!record) return null;
  const label = record.home_squad?.name && record.away_squad?.name ? `${record.home_squad.name} – ${record.away_squad.name}` : `#${record.id}`;
  return (
    <>
      <Button size="small" startIcon={<EventBusy />} onClick={(e) => { e.stopPropagation(); setOpen(true); }} aria-label={translate('matchSchedule.postpone.buttonFor', { name: label })}>
        {translate('matchSchedule.postpone.button')}
      </Button>
      {open && (
        <PostponeDialog
          open
          onClose={() => setOpen(false)}
          onDone={(answer) => {
            setOpen(false);
            done(answer);
          }}
          target={{ kind: 'match', id: String(record.id), label }}
          api={matchScheduleApi()}
        />
      )}
    </>
  );
}

/** The matches list's toolbar action while the list shows one round: postpone the round. */
export function PostponeFilteredRoundButton() {
  const filterValues = (useListContext().filterValues ?? {}) as Record<string, unknown>;
  const roundId = typeof filterValues.round_id === 'string' || typeof filterValues.round_id === 'number' ? String(filterValues.round_id) : null;
  return roundId ? <PostponeRoundButton roundId={roundId} /> : null;
}

/** Postpone a round: on the matches list filtered by it, and on the round's own page. */
export function PostponeRoundButton({ roundId, variant = 'text' }: { roundId: string; variant?: 'text' | 'outlined' }) {
  const translate = useTranslate();
  const round = useGetOne<{ id: string; name?: string }>('rounds', { id: roundId });
  const [open, setOpen] = useState(false);
  const done = usePostponed();
  const label = round.data?.name ?? `#${roundId}`;
  return (
    <>
      <Button size="small" variant={variant} startIcon={<EventBusy />} onClick={() => setOpen(true)}>
        {translate('matchSchedule.postpone.roundButton')}
      </Button>
      {open && (
        <PostponeDialog
          open
          onClose={() => setOpen(false)}
          onDone={(answer) => {
            setOpen(false);
            done(answer);
          }}
          target={{ kind: 'round', id: roundId, label }}
          api={matchScheduleApi()}
        />
      )}
    </>
  );
}
