import { useMemo, useState } from 'react';
import { Box, Chip, CircularProgress, IconButton, InputAdornment, TableBody, TableCell, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useTranslate } from 'react-admin';
import { formatDate } from '../../../lib/locale';
import { fullName } from '../../../framework/records/people';
import { useRowChange } from '../../../framework/ui/row-actions';
import { MemberNameCell, MemberSelect, MembersTable, MembersToolbar, NationalityAndAgeCells, RemoveMemberCell } from '../../../features/people';
import {
  POSITIONS,
  SHIRT_NUMBERS,
  groupByPosition,
  matchesSearch,
  otherCaptains,
  type SquadPlayerRecord,
  type SquadRecord,
} from '../../../framework/records/squad-members';
import { useSquadMembers } from './use-squad';
import { AddPlayerDialog } from './add-player-dialog';
import { useShirtNumberError } from './shirt-number-error';

/** The squad's players by position, each change saved at once and applied to the squad in memory. */
export function SquadPlayers({ squad, editable }: { squad: SquadRecord; editable: boolean }) {
  const translate = useTranslate();
  const [query, setQuery] = useState('');
  const members = useMemo(() => squad.squad_players ?? [], [squad.squad_players]);
  const groups = useMemo(() => groupByPosition(members.filter((m) => matchesSearch(m, query))), [members, query]);
  const columns = editable ? 8 : 7;

  return (
    <Box>
      <MembersToolbar
        count={translate('squadEditor.playerCount', { smart_count: members.length })}
        addLabel={translate('squadEditor.addPlayer')}
        editable={editable}
        addDialog={(close) => <AddPlayerDialog squad={squad} onClose={close} />}
        search={
          <TextField
            size="small"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={translate('squadEditor.searchPlayers')}
            slotProps={{
              htmlInput: { 'aria-label': translate('squadEditor.searchPlayers') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ flex: '1 1 220px', maxWidth: 360 }}
          />
        }
      />

      <MembersTable
        empty={members.length === 0 ? translate('squadEditor.noPlayers') : groups.length === 0 ? translate('ui.nothingFound') : null}
        label={translate('squadEditor.playersTable')}
        minWidth={720}
        editable={editable}
        headings={
          <>
            <TableCell sx={{ width: 88 }}>{translate('squadEditor.columns.number')}</TableCell>
            <TableCell>{translate('squadEditor.columns.player')}</TableCell>
            <TableCell>{translate('squadEditor.columns.nationality')}</TableCell>
            <TableCell align="right">{translate('squadEditor.columns.age')}</TableCell>
            <TableCell>{translate('squadEditor.columns.position')}</TableCell>
            <TableCell align="center">{translate('squadEditor.columns.captain')}</TableCell>
            <TableCell>{translate('squadEditor.columns.joined')}</TableCell>
          </>
        }
      >
        {groups.map((group) => (
          <TableBody key={group.position ?? 'none'} data-testid={`position-${group.position ?? 'none'}`}>
            <TableRow>
              <TableCell component="th" scope="rowgroup" colSpan={columns} sx={{ bgcolor: 'grey.100', fontWeight: 600, py: 0.75 }}>
                {translate(group.position ? `squadEditor.positions.${group.position}` : 'squadEditor.positions.none')}
                <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                  ({group.members.length})
                </Typography>
              </TableCell>
            </TableRow>
            {group.members.map((member) => (
              <PlayerRow key={member.id} member={member} squad={squad} editable={editable} />
            ))}
          </TableBody>
        ))}
      </MembersTable>
    </Box>
  );
}

function PlayerRow({ member, squad, editable }: { member: SquadPlayerRecord; squad: SquadRecord; editable: boolean }) {
  const translate = useTranslate();
  const actions = useSquadMembers(squad.id);
  const { busy, run } = useRowChange<'captain' | 'position' | 'remove'>();
  const player = member.player;
  const name = fullName(player) || `#${member.player_id}`;

  const toggleCaptain = () =>
    run('captain', async () => {
      if (member.is_captain) {
        await actions.updatePlayer(member, { is_captain: false });
        return;
      }
      await actions.updatePlayer(member, { is_captain: true });
      // One captain: the armband passes from whoever wore it.
      for (const previous of otherCaptains(squad, member.id)) await actions.updatePlayer(previous, { is_captain: false });
    });

  return (
    <TableRow hover data-testid={`squad-player-${member.id}`}>
      <TableCell>
        {editable ? (
          <ShirtNumberInput member={member} squad={squad} name={name} />
        ) : (
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {member.shirt_number ?? '–'}
          </Typography>
        )}
      </TableCell>
      <MemberNameCell
        resource="players"
        id={member.player_id!}
        person={player}
        name={name}
        detail={
          player?.nickname && (
            <Typography variant="caption" color="text.secondary" component="div">
              {player.nickname}
            </Typography>
          )
        }
      />
      <NationalityAndAgeCells person={player} />
      <TableCell>
        {editable ? (
          <MemberSelect
            label={translate('squadEditor.positionOf', { name })}
            value={member.position}
            noneLabel={translate('squadEditor.positions.none')}
            disabled={busy === 'position'}
            minWidth={150}
            onChange={(position) => void run('position', () => actions.updatePlayer(member, { position }))}
          >
            {POSITIONS.map((p) => (
              <option key={p} value={p}>
                {translate(`resources.squad_players.choices.position.${p}`)}
              </option>
            ))}
          </MemberSelect>
        ) : member.position ? (
          translate(`resources.squad_players.choices.position.${member.position}`)
        ) : (
          ''
        )}
      </TableCell>
      <TableCell align="center">
        {editable ? (
          <Tooltip disableInteractive title={translate(member.is_captain ? 'squadEditor.removeCaptain' : 'squadEditor.makeCaptain', { name })}>
            <span>
              <IconButton
                size="small"
                aria-pressed={!!member.is_captain}
                aria-label={translate('squadEditor.captainOf', { name })}
                disabled={busy === 'captain'}
                onClick={() => void toggleCaptain()}
                sx={{ color: member.is_captain ? 'warning.dark' : 'action.active' }}
              >
                {busy === 'captain' ? <CircularProgress size={18} /> : member.is_captain ? <StarIcon /> : <StarBorderIcon />}
              </IconButton>
            </span>
          </Tooltip>
        ) : member.is_captain ? (
          <Chip size="small" label={translate('squadEditor.captainBadge')} title={translate('squadEditor.columns.captain')} />
        ) : null}
      </TableCell>
      <TableCell>{member.joined_on ? formatDate(member.joined_on) : ''}</TableCell>
      {editable && (
        <RemoveMemberCell
          label={translate('squadEditor.removePlayer', { name })}
          title="squadEditor.removePlayerTitle"
          name={name}
          squad={squad}
          loading={busy === 'remove'}
          onConfirm={() => run('remove', () => actions.removePlayer(member))}
        />
      )}
    </TableRow>
  );
}

/** The shirt number, changed in place: saved on Enter or when leaving the field, Escape undoes. */
function ShirtNumberInput({ member, squad, name }: { member: SquadPlayerRecord; squad: SquadRecord; name: string }) {
  const translate = useTranslate();
  const actions = useSquadMembers(squad.id);
  const shirtError = useShirtNumberError();
  const saved = member.shirt_number === null || member.shirt_number === undefined ? '' : String(member.shirt_number);
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A number saved elsewhere (or by this field) replaces what is typed.
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setValue(saved);
  }

  const commit = async () => {
    const text = value.trim();
    if (text === saved) {
      setError(null);
      return;
    }
    const number = text === '' ? null : Number(text);
    if (number !== null && (!Number.isInteger(number) || number < SHIRT_NUMBERS.min || number > SHIRT_NUMBERS.max)) {
      setError(translate('squadEditor.shirtNumberRange', SHIRT_NUMBERS));
      return;
    }
    setSaving(true);
    try {
      await actions.updatePlayer(member, { shirt_number: number });
      setError(null);
    } catch (e) {
      setError(shirtError(e, number ?? 0, squad.squad_players ?? [], member.id) ?? translate('validation.invalid'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <TextField
      id={`shirt-number-${member.id}`}
      size="small"
      variant="outlined"
      margin="none"
      value={value}
      error={!!error}
      helperText={error ?? undefined}
      disabled={saving}
      onChange={(e) => setValue(e.target.value.replace(/[^\d]/g, '').slice(0, 2))}
      onBlur={() => void commit()}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          void commit();
        } else if (e.key === 'Escape') {
          setValue(saved);
          setError(null);
        }
      }}
      slotProps={{
        htmlInput: { inputMode: 'numeric', 'aria-label': translate('squadEditor.shirtNumberOf', { name }), maxLength: 2, sx: { fontWeight: 600, textAlign: 'center', py: 0.75 } },
        formHelperText: { sx: { mx: 0, maxWidth: 220, whiteSpace: 'normal' } },
      }}
      sx={{ width: 72, '& .MuiFormHelperText-root': { width: 220 } }}
    />
  );
}
