import { useEffect, useMemo, useState } from 'react';
import {
  Box,
  Button as MuiButton,
  Chip,
  CircularProgress,
  IconButton,
  InputAdornment,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/PersonAdd';
import DeleteIcon from '@mui/icons-material/PersonRemove';
import SearchIcon from '@mui/icons-material/Search';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Confirm, LinkBase, useCreatePath, useTranslate } from 'react-admin';
import { formatDate } from '../../../lib/locale';
import { CountryLabel } from '../shared/country-label';
import { PersonAvatar } from '../shared/crest';
import { EmptyState, TableScroll } from '../shared/page-layout';
import { ageOn, fullName } from '../shared/people';
import {
  POSITIONS,
  SHIRT_NUMBERS,
  groupByPosition,
  matchesSearch,
  otherCaptains,
  type SquadPlayerRecord,
  type SquadRecord,
} from '../shared/squad-members';
import { useSquadMembers } from './use-squad';
import { AddPlayerDialog } from './add-player-dialog';
import { useShirtNumberError } from './shirt-number-error';

/** The squad's players by position, each change saved at once and applied to the squad in memory. */
export function SquadPlayers({ squad, editable }: { squad: SquadRecord; editable: boolean }) {
  const translate = useTranslate();
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const members = useMemo(() => squad.squad_players ?? [], [squad.squad_players]);
  const groups = useMemo(() => groupByPosition(members.filter((m) => matchesSearch(m, query))), [members, query]);
  const columns = editable ? 8 : 7;

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
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
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} aria-live="polite">
          {translate('squadEditor.playerCount', { smart_count: members.length })}
        </Typography>
        {editable && (
          <MuiButton variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {translate('squadEditor.addPlayer')}
          </MuiButton>
        )}
      </Box>

      {members.length === 0 ? (
        <EmptyState>{translate('squadEditor.noPlayers')}</EmptyState>
      ) : groups.length === 0 ? (
        <EmptyState>{translate('ui.nothingFound')}</EmptyState>
      ) : (
        <TableScroll label={translate('squadEditor.playersTable')}>
          <Table size="small" aria-label={translate('squadEditor.playersTable')} sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 88 }}>{translate('squadEditor.columns.number')}</TableCell>
                <TableCell>{translate('squadEditor.columns.player')}</TableCell>
                <TableCell>{translate('squadEditor.columns.nationality')}</TableCell>
                <TableCell align="right">{translate('squadEditor.columns.age')}</TableCell>
                <TableCell>{translate('squadEditor.columns.position')}</TableCell>
                <TableCell align="center">{translate('squadEditor.columns.captain')}</TableCell>
                <TableCell>{translate('squadEditor.columns.joined')}</TableCell>
                {editable && <TableCell align="right">{translate('list.actions')}</TableCell>}
              </TableRow>
            </TableHead>
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
          </Table>
        </TableScroll>
      )}
      {editable && adding && <AddPlayerDialog squad={squad} onClose={() => setAdding(false)} />}
    </Box>
  );
}

function PlayerRow({ member, squad, editable }: { member: SquadPlayerRecord; squad: SquadRecord; editable: boolean }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const actions = useSquadMembers(squad.id);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const player = member.player;
  const name = fullName(player) || `#${member.player_id}`;
  const age = ageOn(player?.birth_date);

  const run = async (what: string, fn: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await fn();
    } catch {
      // The HTTP client has shown the error; the squad in memory is unchanged.
    } finally {
      setBusy(null);
    }
  };

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
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 180 }}>
          <PersonAvatar image={player?.image} imageId={player?.image_id} name={name} size={32} />
          <Box sx={{ minWidth: 0 }}>
            <Link component={LinkBase} to={createPath({ resource: 'players', id: member.player_id!, type: 'show' })} underline="hover" sx={{ fontWeight: 500 }}>
              {name}
            </Link>
            {player?.nickname && (
              <Typography variant="caption" color="text.secondary" component="div">
                {player.nickname}
              </Typography>
            )}
          </Box>
        </Box>
      </TableCell>
      <TableCell>
        <CountryLabel code={player?.nationality} />
      </TableCell>
      <TableCell align="right">
        {age === null ? '' : <span title={formatDate(player?.birth_date)}>{age}</span>}
      </TableCell>
      <TableCell>
        {editable ? (
          <TextField
            select
            size="small"
            variant="outlined"
            margin="none"
            value={member.position ?? ''}
            disabled={busy === 'position'}
            onChange={(e) => void run('position', () => actions.updatePlayer(member, { position: e.target.value || null }))}
            slotProps={{ select: { native: true }, htmlInput: { 'aria-label': translate('squadEditor.positionOf', { name }) } }}
            sx={{ minWidth: 150, '& select': { py: 0.75 } }}
          >
            <option value="">{translate('squadEditor.positions.none')}</option>
            {POSITIONS.map((p) => (
              <option key={p} value={p}>
                {translate(`resources.squad_players.choices.position.${p}`)}
              </option>
            ))}
          </TextField>
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
        <TableCell align="right">
          <Tooltip disableInteractive title={translate('squadEditor.removePlayer', { name })}>
            <IconButton size="small" color="error" aria-label={translate('squadEditor.removePlayer', { name })} onClick={() => setConfirming(true)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Confirm
            isOpen={confirming}
            loading={busy === 'remove'}
            title="squadEditor.removePlayerTitle"
            content="squadEditor.removePlayerContent"
            titleTranslateOptions={{ name }}
            contentTranslateOptions={{ name, squad: squad.name ?? '' }}
            confirmColor="warning"
            onConfirm={() => void run('remove', () => actions.removePlayer(member)).then(() => setConfirming(false))}
            onClose={() => setConfirming(false)}
          />
        </TableCell>
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
  useEffect(() => setValue(saved), [saved]);

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
