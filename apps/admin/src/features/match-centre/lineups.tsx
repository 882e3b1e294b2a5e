import { useMemo, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Card,
  CardContent,
  IconButton,
  LinearProgress,
  MenuItem,
  Radio,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
  createFilterOptions,
} from '@mui/material';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { useTranslate } from 'react-admin';
import { LINEUP_POSITIONS } from '@umpire/schema/enums';
import { failureText, type LineupDraft, type MatchChanges } from './api';
import { FORMATIONS, formationSlots, lineupIssues, STARTERS, type Slot } from './formations';
import { positionLabel } from './labels';
import { Pitch } from './pitch';
import { TeamCrest } from './team-crest';
import type { RosterPlayer, TeamRoster } from './rosters';
import type { Lineup, LineupPosition, MatchInfo, Side } from './types';

export interface LineupActions {
  createLineup: (draft: LineupDraft) => Promise<Lineup>;
  updateLineup: (lineup: Lineup, draft: LineupDraft) => Promise<Lineup>;
  deleteLineup: (lineup: Lineup) => Promise<void>;
  saveMatch: (changes: MatchChanges, updatedAt: string) => Promise<MatchInfo>;
}

interface LineupsPanelProps {
  match: MatchInfo;
  rosters: Record<Side, TeamRoster> | null;
  lineups: Lineup[];
  loaded: boolean;
  canEdit: boolean;
  actions: LineupActions;
}

/** Both teams' lineups: formation, starting eleven on the pitch, bench, captain. */
export function LineupsPanel({ match, rosters, lineups, loaded, canEdit, actions }: LineupsPanelProps) {
  if (!loaded || !rosters) {
    return (
      <Box aria-busy="true" sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={320} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {(['home', 'away'] as const).map((side) => (
        <TeamLineup
          key={side}
          side={side}
          match={match}
          roster={rosters[side]}
          lineups={lineups.filter((l) => l.squad_id === rosters[side].squadId)}
          canEdit={canEdit}
          actions={actions}
        />
      ))}
    </Box>
  );
}

const filterPlayers = createFilterOptions<RosterPlayer>({ stringify: (p) => `${p.shirt ?? ''} ${p.name}` });
const optionLabel = (p: RosterPlayer) => (p.shirt !== null ? `${p.shirt} · ${p.name}` : p.name);

interface TeamLineupProps {
  side: Side;
  match: MatchInfo;
  roster: TeamRoster;
  lineups: Lineup[];
  canEdit: boolean;
  actions: LineupActions;
}

function TeamLineup({ side, match, roster, lineups, canEdit, actions }: TeamLineupProps) {
  const translate = useTranslate();
  const team = match[side];
  const formation = side === 'home' ? match.home_formation : match.away_formation;
  const slots = useMemo(() => formationSlots(formation), [formation]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const idBase = `lineup-${side}`;

  const starters = lineups.filter((l) => l.is_starting);
  const bench = lineups.filter((l) => !l.is_starting);
  const atPlace = (place: number) => starters.find((l) => l.formation_place === place);
  const player = (l: Lineup | undefined) => (l ? roster.byPlayer.get(l.player_id) ?? null : null);
  const issues = lineupIssues(lineups);
  const places: { place: number; position: LineupPosition | null; slot: Slot | null }[] = Array.from({ length: STARTERS }, (_, i) => {
    const slot = slots?.[i] ?? null;
    return { place: i + 1, position: slot?.position ?? null, slot };
  });
  // Starters without a place (or beyond eleven) are listed after the places.
  const unplaced = starters.filter((l) => l.formation_place === null || l.formation_place > STARTERS);
  const inLineup = new Set(lineups.map((l) => l.player_id));

  async function run(task: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (e) {
      setError(failureText(e, translate));
    } finally {
      setBusy(false);
    }
  }

  const toBench = (l: Lineup) => actions.updateLineup(l, { is_starting: false, formation_place: null });

  const assign = (place: number, position: LineupPosition | null, chosen: RosterPlayer | null) =>
    run(async () => {
      const occupant = atPlace(place);
      if (occupant && occupant.player_id === chosen?.playerId) return;
      if (occupant) await toBench(occupant);
      if (!chosen) return;
      const existing = lineups.find((l) => l.player_id === chosen.playerId);
      if (existing) {
        await actions.updateLineup(existing, { is_starting: true, formation_place: place, position: position ?? existing.position });
      } else {
        await actions.createLineup({ squad_id: roster.squadId, player_id: chosen.playerId, is_starting: true, formation_place: place, ...(position ? { position } : {}) });
      }
    });

  const addToBench = (chosen: RosterPlayer | null) =>
    chosen && run(() => actions.createLineup({ squad_id: roster.squadId, player_id: chosen.playerId, is_starting: false }));

  const makeCaptain = (l: Lineup) =>
    run(async () => {
      for (const other of lineups.filter((o) => o.is_captain && o.id !== l.id)) await actions.updateLineup(other, { is_captain: false });
      if (!l.is_captain) await actions.updateLineup(l, { is_captain: true });
    });

  const changeFormation = (next: string) =>
    run(async () => {
      await actions.saveMatch({ attributes: { [side === 'home' ? 'home_formation' : 'away_formation']: next || null } }, match.updated_at);
      // The new formation's positions for the players already placed.
      const nextSlots = formationSlots(next);
      if (!nextSlots) return;
      for (const l of starters) {
        const slot = nextSlots.find((s) => s.place === l.formation_place);
        if (slot && slot.position !== l.position) await actions.updateLineup(l, { position: slot.position });
      }
    });

  const formations: string[] = formation && !(FORMATIONS as readonly string[]).includes(formation) ? [formation, ...FORMATIONS] : [...FORMATIONS];
  const focusPlace = (place: number) => document.getElementById(`${idBase}-place-${place}`)?.focus();

  const positionSelect = (l: Lineup) => (
    <TextField
      select
      size="small"
      value={l.position ?? ''}
      disabled={!canEdit || busy}
      onChange={(e) => void run(() => actions.updateLineup(l, { position: (e.target.value || null) }))}
      slotProps={{
        select: {
          // The short code in the cell, the full name in the list.
          renderValue: (value) => (value ? translate(`matchCentre.lineups.short.${String(value)}`) : translate('matchCentre.editor.none')),
          displayEmpty: true,
          SelectDisplayProps: { 'aria-label': translate('matchCentre.lineups.positionOf', { player: player(l)?.name ?? '' }) },
        },
      }}
      sx={{ width: 96 }}
    >
      <MenuItem value="">{translate('matchCentre.editor.none')}</MenuItem>
      {LINEUP_POSITIONS.map((p) => (
        <MenuItem key={p} value={p}>
          {positionLabel(translate, p)}
        </MenuItem>
      ))}
    </TextField>
  );

  const shirtInput = (l: Lineup) => (
    <TextField
      key={`${l.id}-${l.shirt_number ?? ''}`}
      type="number"
      size="small"
      defaultValue={l.shirt_number ?? ''}
      disabled={!canEdit || busy}
      onBlur={(e) => {
        const value = e.target.value === '' ? null : Number(e.target.value);
        if (value !== l.shirt_number) void run(() => actions.updateLineup(l, { shirt_number: value }));
      }}
      onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
      slotProps={{ htmlInput: { min: 1, max: 99, 'aria-label': translate('matchCentre.lineups.shirtOf', { player: player(l)?.name ?? '' }) } }}
      sx={{ width: 76 }}
    />
  );

  const captainRadio = (l: Lineup) => (
    <Radio
      checked={l.is_captain}
      disabled={!canEdit || busy}
      onChange={() => void makeCaptain(l)}
      name={`${idBase}-captain`}
      slotProps={{ input: { 'aria-label': translate('matchCentre.lineups.makeCaptain', { player: player(l)?.name ?? '' }) } }}
    />
  );

  const removeButton = (l: Lineup) => (
    <Tooltip title={translate('matchCentre.lineups.remove', { player: player(l)?.name ?? '' })}>
      <span>
        <IconButton size="small" disabled={!canEdit || busy} onClick={() => void run(() => actions.deleteLineup(l))} aria-label={translate('matchCentre.lineups.remove', { player: player(l)?.name ?? '' })}>
          <PersonRemoveIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <Card component="section" aria-labelledby={`${idBase}-title`} data-testid={`lineup-${side}`}>
      {busy && <LinearProgress aria-label={translate('matchCentre.lineups.saving')} />}
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <TeamCrest team={team} size={40} />
          <Typography id={`${idBase}-title`} component="h2" variant="h6" sx={{ flex: 1, minWidth: 160 }}>
            {translate('matchCentre.lineups.teamTitle', { team: team.name })}
          </Typography>
          <TextField
            select
            size="small"
            label={translate('matchCentre.lineups.formation')}
            value={formation ?? ''}
            disabled={!canEdit || busy}
            onChange={(e) => void changeFormation(e.target.value)}
            id={`${idBase}-formation`}
            fullWidth={false}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': `formation-${side}` } }}
            sx={{ width: 170, flexShrink: 0 }}
          >
            <option value="">{translate('matchCentre.lineups.noFormationOption')}</option>
            {formations.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </TextField>
        </Box>
        {error && (
          <Alert severity="error" role="alert" onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {issues.length ? (
          <Alert severity="warning" data-testid={`lineup-issues-${side}`}>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {issues.map((issue) => (
                <li key={issue.key + JSON.stringify('params' in issue ? issue.params : {})}>{translate(issue.key, 'params' in issue ? issue.params : {})}</li>
              ))}
            </Box>
          </Alert>
        ) : (
          <Alert severity="success">{translate('matchCentre.lineups.complete')}</Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(200px, 260px) minmax(0, 1fr)', xl: 'minmax(220px, 320px) minmax(0, 1fr)' }, alignItems: 'start' }}>
          <Box>
            {slots ? (
              <Pitch
                places={slots.map((slot) => ({ slot, player: player(atPlace(slot.place)), captain: !!atPlace(slot.place)?.is_captain }))}
                color={team.primaryColor ?? '#1d3a5f'}
                label={translate('matchCentre.lineups.pitch', { team: team.name, formation: formation ?? '' })}
                onPick={canEdit ? focusPlace : undefined}
              />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {translate('matchCentre.lineups.noFormation')}
              </Typography>
            )}
          </Box>
          <Box sx={{ overflowX: 'auto', position: 'relative' }}>
            <Table size="small" aria-labelledby={`${idBase}-starters`} sx={compact}>
              <caption id={`${idBase}-starters`} style={{ captionSide: 'top', textAlign: 'left', padding: '0 0 8px', fontWeight: 600 }}>
                {translate('matchCentre.lineups.starters', { selected: starters.length, required: STARTERS })}
              </caption>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">{translate('matchCentre.lineups.place')}</TableCell>
                  <TableCell scope="col">{translate('matchCentre.lineups.player')}</TableCell>
                  <TableCell scope="col">{translate('matchCentre.lineups.position')}</TableCell>
                  <TableCell scope="col">{translate('matchCentre.lineups.shirt')}</TableCell>
                  <TableCell scope="col">{translate('matchCentre.lineups.captain')}</TableCell>
                  <TableCell scope="col">
                    <Box component="span" sx={hidden}>
                      {translate('list.actions')}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {places.map(({ place, position }) => {
                  const l = atPlace(place);
                  const current = player(l);
                  return (
                    <TableRow key={place} data-testid={`${idBase}-row-${place}`}>
                      <TableCell>
                        {place}
                        {position ? ` · ${translate(`matchCentre.lineups.short.${position}`)}` : ''}
                      </TableCell>
                      <TableCell sx={{ minWidth: 250, width: '100%' }}>
                        <Autocomplete
                          id={`${idBase}-place-${place}`}
                          size="small"
                          options={roster.players}
                          value={current}
                          disabled={!canEdit || busy}
                          filterOptions={filterPlayers}
                          getOptionLabel={optionLabel}
                          isOptionEqualToValue={(a, b) => a.playerId === b.playerId}
                          getOptionDisabled={(p) => starters.some((s) => s.player_id === p.playerId && s.formation_place !== place)}
                          onChange={(_, chosen) => void assign(place, position, chosen)}
                          noOptionsText={translate('ui.nothingFound')}
                          renderInput={(params) => (
                            <TextField
                              {...params}
                              placeholder={translate('matchCentre.lineups.search')}
                              inputProps={{
                                ...params.inputProps,
                                'aria-label': translate('matchCentre.lineups.pick', { place, position: position ? positionLabel(translate, position) : place }),
                              }}
                            />
                          )}
                        />
                      </TableCell>
                      <TableCell>{l ? positionSelect(l) : null}</TableCell>
                      <TableCell>{l ? shirtInput(l) : null}</TableCell>
                      <TableCell>{l ? captainRadio(l) : null}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {l && (
                          <Tooltip title={translate('matchCentre.lineups.toBench', { player: current?.name ?? '' })}>
                            <span>
                              <IconButton size="small" disabled={!canEdit || busy} onClick={() => void run(() => toBench(l))} aria-label={translate('matchCentre.lineups.toBench', { player: current?.name ?? '' })}>
                                <ArrowDownwardIcon fontSize="small" />
                              </IconButton>
                            </span>
                          </Tooltip>
                        )}
                        {l && removeButton(l)}
                      </TableCell>
                    </TableRow>
                  );
                })}
                {unplaced.map((l) => (
                  <TableRow key={l.id}>
                    <TableCell>{translate('matchCentre.lineups.unplaced')}</TableCell>
                    <TableCell>{player(l) ? optionLabel(player(l)!) : l.player_id}</TableCell>
                    <TableCell>{positionSelect(l)}</TableCell>
                    <TableCell>{shirtInput(l)}</TableCell>
                    <TableCell>{captainRadio(l)}</TableCell>
                    <TableCell>{removeButton(l)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Box>
        <Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {translate('matchCentre.lineups.bench', { players: bench.length })}
          </Typography>
          {bench.length ? (
            <Box sx={{ overflowX: 'auto', position: 'relative' }}>
              <Table size="small" aria-label={translate('matchCentre.lineups.bench', { players: bench.length })} sx={compact}>
                <TableHead>
                  <TableRow>
                    <TableCell scope="col">{translate('matchCentre.lineups.player')}</TableCell>
                    <TableCell scope="col">{translate('matchCentre.lineups.position')}</TableCell>
                    <TableCell scope="col">{translate('matchCentre.lineups.shirt')}</TableCell>
                    <TableCell scope="col">{translate('matchCentre.lineups.captain')}</TableCell>
                    <TableCell scope="col">
                      <Box component="span" sx={hidden}>
                        {translate('list.actions')}
                      </Box>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {bench.map((l) => (
                    <TableRow key={l.id} data-testid={`${idBase}-bench`}>
                      <TableCell>{player(l) ? optionLabel(player(l)!) : l.player_id}</TableCell>
                      <TableCell>{positionSelect(l)}</TableCell>
                      <TableCell>{shirtInput(l)}</TableCell>
                      <TableCell>{captainRadio(l)}</TableCell>
                      <TableCell>{removeButton(l)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {translate('matchCentre.lineups.benchEmpty')}
            </Typography>
          )}
          {canEdit && (
            <Autocomplete
              id={`${idBase}-add-bench`}
              size="small"
              options={roster.players.filter((p) => !inLineup.has(p.playerId))}
              value={null}
              blurOnSelect
              clearOnBlur
              disabled={busy}
              filterOptions={filterPlayers}
              getOptionLabel={optionLabel}
              onChange={(_, chosen) => void addToBench(chosen)}
              noOptionsText={translate('ui.nothingFound')}
              sx={{ mt: 1, maxWidth: 360 }}
              renderInput={(params) => <TextField {...params} label={translate('matchCentre.lineups.addToBench')} />}
            />
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

const compact = { '& td, & th': { px: 1 } } as const;
const hidden = { position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
