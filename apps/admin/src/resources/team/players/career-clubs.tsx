import { useMemo, useState } from 'react';
import { Autocomplete, Box, Button as MuiButton, Checkbox, Chip, IconButton, TableBody, TableCell, TableRow, TextField, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useGetList, useTranslate, type Identifier } from 'react-admin';
import { Crest } from '../../../framework/ui/crest';
import { EmptyState, ScrollingTable, SectionCard } from '../../../framework/ui/page-layout';
import type { ClubRecord, PlayerRecord } from '../../../framework/records/people';
import { ConfirmRemoveButton, useRowChange } from '../../../framework/ui/row-actions';
import { fieldErrorOf } from '../../../framework/ui/server-errors';
import { removeById, upsertById } from '../../../framework/records/squad-members';
import {
  careerClubName,
  careerYears,
  draftOf,
  recordOfDraft,
  sortCareer,
  validateDraft,
  type CareerClubRecord,
  type CareerDraft,
  type DraftErrors,
} from './career';

export interface PlayerWithCareer extends PlayerRecord {
  career_clubs?: CareerClubRecord[];
  career_clubs_ids?: string[];
}

const CAREER_META = { include: ['club.image'] };

/** Changes of the career go into the cached player (spec §4: updates replace by id). */
function useCareerActions(playerKey: unknown[], playerId: Identifier) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const change = (fn: (list: CareerClubRecord[]) => CareerClubRecord[]) =>
    queryClient.setQueryData<PlayerWithCareer>(playerKey, (old) => {
      if (!old) return old;
      const career_clubs = fn(old.career_clubs ?? []);
      return { ...old, career_clubs, career_clubs_ids: career_clubs.map((c) => String(c.id)) };
    });
  return {
    async save(existing: CareerClubRecord | null, draft: CareerDraft) {
      const data = recordOfDraft(draft);
      const { data: saved } = existing
        ? await dataProvider.update<CareerClubRecord>('career_clubs', { id: existing.id, data: { ...existing, ...data }, previousData: existing, meta: CAREER_META })
        : await dataProvider.create<CareerClubRecord>('career_clubs', { data: { ...data, player_id: String(playerId) } as CareerClubRecord, meta: CAREER_META });
      change((list) => upsertById(list, saved));
    },
    async remove(club: CareerClubRecord) {
      await dataProvider.delete('career_clubs', { id: club.id, previousData: club });
      change((list) => removeById(list, club.id));
    },
  };
}

/** The player's earlier clubs, added, changed and removed in place. */
export function CareerClubs({ player, playerKey, editable }: { player: PlayerWithCareer; playerKey: unknown[]; editable: boolean }) {
  const translate = useTranslate();
  const clubs = useMemo(() => sortCareer(player.career_clubs ?? []), [player.career_clubs]);
  const [editing, setEditing] = useState<'new' | { id: Identifier } | null>(null);

  return (
    <SectionCard
      title={translate('playerPage.career.title')}
      actions={
        editable && (
          <MuiButton size="small" startIcon={<AddIcon />} onClick={() => setEditing('new')} disabled={editing !== null}>
            {translate('playerPage.career.add')}
          </MuiButton>
        )
      }
    >
      {clubs.length === 0 && editing !== 'new' ? (
        <EmptyState>{translate('playerPage.career.empty')}</EmptyState>
      ) : (
        <ScrollingTable
          label={translate('playerPage.career.title')}
          minWidth={600}
          testId="career-clubs"
          actions={editable}
          headings={
            <>
              <TableCell>{translate('resources.career_clubs.fields.club')}</TableCell>
              <TableCell>{translate('playerPage.career.years')}</TableCell>
              <TableCell align="right">{translate('resources.career_clubs.fields.appearances')}</TableCell>
              <TableCell align="right">{translate('resources.career_clubs.fields.goals')}</TableCell>
              <TableCell>{translate('resources.career_clubs.fields.is_loan')}</TableCell>
            </>
          }
        >
          <TableBody>
            {editing === 'new' && <CareerRowEditor player={player} playerKey={playerKey} club={null} onDone={() => setEditing(null)} />}
            {clubs.map((club) =>
              editing !== null && editing !== 'new' && String(editing.id) === String(club.id) ? (
                <CareerRowEditor key={club.id} player={player} playerKey={playerKey} club={club} onDone={() => setEditing(null)} />
              ) : (
                <CareerRow key={club.id} club={club} player={player} playerKey={playerKey} editable={editable} disabled={editing !== null} onEdit={() => setEditing({ id: club.id })} />
              ),
            )}
          </TableBody>
        </ScrollingTable>
      )}
    </SectionCard>
  );
}

function CareerRow({
  club,
  player,
  playerKey,
  editable,
  disabled,
  onEdit,
}: {
  club: CareerClubRecord;
  player: PlayerWithCareer;
  playerKey: unknown[];
  editable: boolean;
  disabled: boolean;
  onEdit: () => void;
}) {
  const translate = useTranslate();
  const actions = useCareerActions(playerKey, player.id);
  const { busy, run } = useRowChange<'remove'>();
  const name = careerClubName(club);
  return (
    <TableRow hover data-testid={`career-club-${club.id}`}>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {club.club ? <Crest team={{ id: club.club.id, name: club.club.name, club: club.club, image: club.club.image, image_id: club.club.image_id }} size={24} /> : null}
          <span>{name}</span>
        </Box>
      </TableCell>
      <TableCell>{careerYears(club)}</TableCell>
      <TableCell align="right">{club.appearances ?? ''}</TableCell>
      <TableCell align="right">{club.goals ?? ''}</TableCell>
      <TableCell>{club.is_loan ? <Chip size="small" variant="outlined" label={translate('playerPage.career.loan')} /> : null}</TableCell>
      {editable && (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          {!disabled && (
            <>
              <Tooltip disableInteractive title={translate('playerPage.career.edit', { club: name })}>
                <IconButton size="small" aria-label={translate('playerPage.career.edit', { club: name })} onClick={onEdit}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <ConfirmRemoveButton
                label={translate('playerPage.career.remove', { club: name })}
                icon={<DeleteIcon fontSize="small" />}
                title="playerPage.career.removeTitle"
                content="playerPage.career.removeContent"
                titleOptions={{ club: name }}
                contentOptions={{ club: name, years: careerYears(club) }}
                loading={busy === 'remove'}
                onConfirm={() => run('remove', () => actions.remove(club))}
              />
            </>
          )}
        </TableCell>
      )}
    </TableRow>
  );
}

/** A row turned into inputs: Enter saves, Escape cancels; errors (also the server's) show on their fields. */
function CareerRowEditor({ player, playerKey, club, onDone }: { player: PlayerWithCareer; playerKey: unknown[]; club: CareerClubRecord | null; onDone: () => void }) {
  const translate = useTranslate();
  const actions = useCareerActions(playerKey, player.id);
  const { data: clubs } = useGetList<ClubRecord>('clubs', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } }, { staleTime: 10 * 60_000 });
  const [draft, setDraft] = useState<CareerDraft>(() => draftOf(club ?? undefined));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof CareerDraft, string>>>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof CareerDraft>(key: K, value: CareerDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setServerErrors((e) => ({ ...e, [key]: undefined }));
  };
  const message = (key: keyof CareerDraft) => serverErrors[key] ?? (errors[key] ? translate(errors[key].key, errors[key].args) : undefined);

  const save = async () => {
    const found = validateDraft(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await actions.save(club, draft);
      onDone();
    } catch (error) {
      const next: Partial<Record<keyof CareerDraft, string>> = {};
      for (const field of ['club_name', 'start_year', 'end_year', 'appearances', 'goals'] as const) {
        const e = fieldErrorOf(error, field) ?? (field === 'club_name' ? fieldErrorOf(error, 'club_id') : null);
        if (e) next[field] = e.message;
      }
      setServerErrors(next);
    } finally {
      setSaving(false);
    }
  };
  const keys = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter' && !(e.target as HTMLElement).closest('.MuiAutocomplete-root[aria-expanded="true"]')) {
      e.preventDefault();
      void save();
    } else if (e.key === 'Escape') onDone();
  };
  const selected = draft.club_id ? (clubs ?? []).find((c) => String(c.id) === String(draft.club_id)) ?? null : null;
  const numberField = (field: 'start_year' | 'end_year' | 'appearances' | 'goals', label: string, width: number) => (
    <TextField
      size="small"
      variant="outlined"
      margin="none"
      value={draft[field]}
      onChange={(e) => set(field, e.target.value.replace(/[^\d]/g, ''))}
      error={!!message(field)}
      helperText={message(field)}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': label, maxLength: 4 } }}
      sx={{ width }}
    />
  );

  return (
    <TableRow onKeyDown={keys} sx={{ verticalAlign: 'top', bgcolor: 'action.hover' }} data-testid="career-editor">
      <TableCell>
        <Autocomplete<ClubRecord | string, false, false, true>
          freeSolo
          size="small"
          options={clubs ?? []}
          value={selected ?? (draft.club_name || null)}
          getOptionLabel={(o) => (typeof o === 'string' ? o : (o.name ?? ''))}
          isOptionEqualToValue={(o, v) => typeof o !== 'string' && typeof v !== 'string' && String(o.id) === String(v.id)}
          onChange={(_, value) => {
            if (value && typeof value !== 'string') {
              setDraft((d) => ({ ...d, club_id: String(value.id), club_name: value.name ?? '' }));
            } else {
              setDraft((d) => ({ ...d, club_id: null, club_name: value ?? '' }));
            }
            setErrors((e) => ({ ...e, club_name: undefined }));
          }}
          onInputChange={(_, text, reason) => {
            if (reason !== 'input') return;
            setDraft((d) => ({ ...d, club_id: null, club_name: text }));
            setErrors((e) => ({ ...e, club_name: undefined }));
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              variant="outlined"
              margin="none"
              autoFocus
              error={!!message('club_name')}
              helperText={message('club_name') ?? translate('playerPage.career.clubHelp')}
              slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': translate('resources.career_clubs.fields.club') } }}
            />
          )}
          sx={{ minWidth: 220 }}
        />
      </TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
          {numberField('start_year', translate('resources.career_clubs.fields.start_year'), 88)}
          {numberField('end_year', translate('resources.career_clubs.fields.end_year'), 88)}
        </Box>
      </TableCell>
      <TableCell align="right">{numberField('appearances', translate('resources.career_clubs.fields.appearances'), 80)}</TableCell>
      <TableCell align="right">{numberField('goals', translate('resources.career_clubs.fields.goals'), 72)}</TableCell>
      <TableCell>
        <Checkbox
          checked={draft.is_loan}
          onChange={(e) => set('is_loan', e.target.checked)}
          slotProps={{ input: { 'aria-label': translate('resources.career_clubs.fields.is_loan') } }}
        />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip disableInteractive title={translate('ra.action.save')}>
          <span>
            <IconButton size="small" color="primary" aria-label={translate('ra.action.save')} onClick={() => void save()} disabled={saving}>
              <CheckIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip disableInteractive title={translate('ra.action.cancel')}>
          <IconButton size="small" aria-label={translate('ra.action.cancel')} onClick={onDone}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}
