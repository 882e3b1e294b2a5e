import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  IconButton,
  InputLabel,
  LinearProgress,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LinkBase, useGetMany, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { LeagueDateField } from '../../framework/dates/league-date-field';
import { HttpFailure } from '../../providers/http-client';
import { errorMessage } from '../../providers/data-provider';
import { getList } from '../../providers/json-api';
import { commitFixtures, previewFixtures, type CommitResult } from './api';
import { addSlot, DEFAULT_SLOTS, fieldOfPointer, leagueDayOf, nextFriday, requestOf, roundsOf, slotOf, WEEKDAYS, type FixturePlanAttributes, type GeneratorForm } from './model';
import { HomeAwayGrid, PlanChecks, PlanRounds } from './plan-view';

interface SquadRecord extends RaRecord {
  name?: string;
  team?: { name?: string; club?: { name?: string; venue_id?: string | null } };
}

export interface FixtureGeneratorProps {
  groupId: Identifier;
  stageId: Identifier | undefined;
  competitionSeasonId: Identifier | undefined;
}

/**
 * Generate fixtures for a group (issue 26): choose the clubs, the format, the dates and kickoff
 * slots, shared stadiums (from the clubs' venues) and fixed derbies; preview the rounds with each
 * constraint's check and each club's home/away pattern; commit after a confirmation. Nothing is
 * written before the commit, and every error is shown by the field it is about.
 */
export function FixtureGenerator({ groupId, stageId, competitionSeasonId }: FixtureGeneratorProps) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const season = competitionSeasonId == null ? '' : String(competitionSeasonId);
  const squadsQuery = useQuery({
    queryKey: ['competition_seasons', 'competitions_squads', season],
    queryFn: async () => (await getList<SquadRecord>(`/competition_seasons/${encodeURIComponent(season)}/competitions_squads`, {}, 3)).data,
    enabled: season !== '',
    staleTime: 60_000,
  });
  const squads = useMemo(() => squadsQuery.data ?? [], [squadsQuery.data]);
  const [form, setForm] = useState<GeneratorForm | null>(null);
  const current: GeneratorForm = form ?? {
    squads: squads.map((s) => String(s.id)),
    format: 'double',
    secondHalf: 'mirrored',
    dates: 'cadence',
    startDate: nextFriday(),
    cadenceDays: 7,
    skipDates: [],
    roundDates: '',
    slots: DEFAULT_SLOTS,
    fixed: [],
    seed: 1,
    roundName: translate('fixtureGenerator.form.roundNameDefault'),
  };
  const update = (patch: Partial<GeneratorForm>) => {
    setForm({ ...current, ...patch });
    setPlan(null);
  };

  const [plan, setPlan] = useState<FixturePlanAttributes | null>(null);
  const [busy, setBusy] = useState<'preview' | 'commit' | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<CommitResult | null>(null);
  const [slotDay, setSlotDay] = useState<string>('Sat');
  const [slotTime, setSlotTime] = useState('15:00');
  const [skipDate, setSkipDate] = useState('');

  const nameOf = useMemo(() => new Map(squads.map((s) => [String(s.id), s.team?.club?.name ?? s.name ?? String(s.id)])), [squads]);
  const venueIds = useMemo(() => [...new Set(squads.map((s) => s.team?.club?.venue_id).filter((v): v is string => !!v))], [squads]);
  const venues = useGetMany<RaRecord & { name?: string }>('venues', { ids: venueIds }, { enabled: venueIds.length > 0 });
  const venueName = (id: string | null | undefined) => (id ? (venues.data?.find((v) => String(v.id) === String(id))?.name ?? id) : '—');
  const clubName = (id: string | null | undefined) => (id ? (nameOf.get(id) ?? plan?.clubs.find((c) => c.squad === id)?.name ?? id) : '—');
  // Shared stadiums of the chosen clubs, from their venues (before any preview).
  const shared = useMemo(() => {
    const byVenue = new Map<string, string[]>();
    for (const s of squads) {
      const venue = s.team?.club?.venue_id;
      if (venue && current.squads.includes(String(s.id))) byVenue.set(String(venue), [...(byVenue.get(String(venue)) ?? []), String(s.id)]);
    }
    return [...byVenue].filter(([, ids]) => ids.length > 1);
  }, [squads, current.squads]);

  const roundCount = roundsOf(current.squads.length, current.format);
  const failure = (error: unknown) => {
    const fields: Record<string, string> = {};
    let general: string | null = null;
    if (error instanceof HttpFailure && error.errors.length) {
      for (const e of error.errors) {
        const field = fieldOfPointer(e.source?.pointer);
        if (field && !(field in fields)) fields[field] = errorMessage(e);
        else if (!field) general = errorMessage(e);
      }
    } else general = error instanceof HttpFailure && error.kind === 'network' ? translate('apiErrors.networkError') : translate('apiErrors.somethingWentWrong');
    if (!general && Object.keys(fields).length) general = translate('fixtureGenerator.form.fixErrors');
    setErrors(fields);
    setGeneralError(general);
  };
  const fieldError = (name: string) => errors[name];

  const preview = async () => {
    setBusy('preview');
    setDone(null);
    try {
      const result = await previewFixtures(String(groupId), requestOf(current));
      setPlan(result);
      setErrors({});
      setGeneralError(null);
    } catch (error) {
      setPlan(null);
      failure(error);
    } finally {
      setBusy(null);
    }
  };
  const commit = async () => {
    if (!plan) return;
    setConfirming(false);
    setBusy('commit');
    try {
      const result = await commitFixtures(String(groupId), requestOf(current, plan.digest));
      setDone(result);
      setPlan(null);
      await queryClient.invalidateQueries();
    } catch (error) {
      failure(error);
    } finally {
      setBusy(null);
    }
  };

  const toggleSquad = (id: string) => update({ squads: current.squads.includes(id) ? current.squads.filter((s) => s !== id) : [...current.squads, id] });
  const newSlot = slotOf(slotDay, slotTime);
  const violated = plan?.checks.filter((c) => c.status === 'violated') ?? [];

  if (squadsQuery.isLoading) return <LinearProgress aria-label={translate('fixtureGenerator.loading')} />;

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="fixture-generator">
      <Typography variant="h2" sx={{ fontSize: '1.3rem', fontWeight: 600 }}>
        {translate('fixtureGenerator.title')}
      </Typography>
      <Typography color="text.secondary">{translate('fixtureGenerator.intro')}</Typography>

      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <FormControl component="fieldset" error={!!fieldError('squads')}>
            <FormLabel component="legend">{translate('fixtureGenerator.form.clubs', { count: current.squads.length, rounds: roundCount })}</FormLabel>
            <FormGroup row sx={{ maxHeight: 260, overflow: 'auto' }}>
              {squads.map((s) => (
                <FormControlLabel
                  key={s.id}
                  sx={{ minWidth: 220 }}
                  control={<Checkbox checked={current.squads.includes(String(s.id))} onChange={() => toggleSquad(String(s.id))} />}
                  label={nameOf.get(String(s.id)) ?? ''}
                />
              ))}
            </FormGroup>
            {fieldError('squads') && <Typography color="error" role="alert">{fieldError('squads')}</Typography>}
            {Object.entries(errors)
              .filter(([k]) => k.startsWith('squads.'))
              .map(([k, v]) => (
                <Typography key={k} color="error" role="alert">
                  {v}
                </Typography>
              ))}
          </FormControl>

          <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
            <FormControl component="fieldset">
              <FormLabel component="legend">{translate('fixtureGenerator.form.format')}</FormLabel>
              <RadioGroup row value={current.format} onChange={(e) => update({ format: e.target.value as GeneratorForm['format'] })}>
                <FormControlLabel value="single" control={<Radio />} label={translate('fixtureGenerator.form.single')} />
                <FormControlLabel value="double" control={<Radio />} label={translate('fixtureGenerator.form.double')} />
              </RadioGroup>
            </FormControl>
            <FormControl component="fieldset" disabled={current.format === 'single'}>
              <FormLabel component="legend">{translate('fixtureGenerator.form.secondHalf')}</FormLabel>
              <RadioGroup row value={current.secondHalf} onChange={(e) => update({ secondHalf: e.target.value as GeneratorForm['secondHalf'] })}>
                <FormControlLabel value="mirrored" control={<Radio />} label={translate('fixtureGenerator.form.mirrored')} />
                <FormControlLabel value="shifted" control={<Radio />} label={translate('fixtureGenerator.form.shifted')} />
              </RadioGroup>
            </FormControl>
          </Box>

          <FormControl component="fieldset">
            <FormLabel component="legend">{translate('fixtureGenerator.form.dates')}</FormLabel>
            <RadioGroup row value={current.dates} onChange={(e) => update({ dates: e.target.value as GeneratorForm['dates'] })}>
              <FormControlLabel value="cadence" control={<Radio />} label={translate('fixtureGenerator.form.cadence')} />
              <FormControlLabel value="list" control={<Radio />} label={translate('fixtureGenerator.form.perRound')} />
            </RadioGroup>
          </FormControl>
          {current.dates === 'cadence' ? (
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <LeagueDateField
                kind="date"
                label={translate('fixtureGenerator.form.startDate')}
                value={current.startDate}
                onChange={(v) => update({ startDate: v ?? '' })}
                error={!!fieldError('start_date')}
                helperText={fieldError('start_date') ?? ' '}
              />
              <TextField
                type="number"
                label={translate('fixtureGenerator.form.cadenceDays')}
                value={current.cadenceDays}
                onChange={(e) => update({ cadenceDays: Number(e.target.value) })}
                error={!!fieldError('cadence_days')}
                helperText={fieldError('cadence_days') ?? ' '}
                slotProps={{ htmlInput: { min: 1, max: 28 } }}
                sx={{ width: 160 }}
              />
              <Box sx={{ display: 'grid', gap: 1 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <LeagueDateField kind="date" label={translate('fixtureGenerator.form.skipDate')} value={skipDate} onChange={(v) => setSkipDate(v ?? '')} />
                  <Button
                    startIcon={<AddIcon />}
                    disabled={!skipDate || current.skipDates.includes(skipDate)}
                    onClick={() => {
                      update({ skipDates: [...current.skipDates, skipDate].sort() });
                      setSkipDate('');
                    }}
                  >
                    {translate('fixtureGenerator.form.skip')}
                  </Button>
                </Box>
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  {current.skipDates.map((d) => (
                    <Chip key={d} label={leagueDayOf(d)} onDelete={() => update({ skipDates: current.skipDates.filter((x) => x !== d) })} />
                  ))}
                </Box>
              </Box>
            </Box>
          ) : (
            <TextField
              multiline
              minRows={3}
              label={translate('fixtureGenerator.form.roundDates', { rounds: roundCount })}
              value={current.roundDates}
              onChange={(e) => update({ roundDates: e.target.value })}
              error={!!fieldError('round_dates') || Object.keys(errors).some((k) => k.startsWith('round_dates.'))}
              helperText={fieldError('round_dates') ?? Object.entries(errors).find(([k]) => k.startsWith('round_dates.'))?.[1] ?? translate('fixtureGenerator.form.roundDatesHelp')}
            />
          )}

          <FormControl component="fieldset" error={!!fieldError('kickoff_slots')}>
            <FormLabel component="legend">{translate('fixtureGenerator.form.slots')}</FormLabel>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }} data-testid="kickoff-slots">
              {current.slots.map((s, i) => (
                <Chip
                  key={s}
                  label={`${translate(`fixtureGenerator.weekdays.${s.slice(0, 3)}`)} ${s.slice(4)}`}
                  color={errors[`kickoff_slots.${i}`] ? 'error' : 'default'}
                  onDelete={() => update({ slots: current.slots.filter((x) => x !== s) })}
                />
              ))}
            </Box>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <FormControl size="small" sx={{ minWidth: 150 }}>
                <InputLabel id="fixture-slot-day">{translate('fixtureGenerator.form.weekday')}</InputLabel>
                <Select labelId="fixture-slot-day" label={translate('fixtureGenerator.form.weekday')} value={slotDay} onChange={(e) => setSlotDay(e.target.value)}>
                  {WEEKDAYS.map((d) => (
                    <MenuItem key={d} value={d}>
                      {translate(`fixtureGenerator.weekdays.${d}`)}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
              <LeagueDateField kind="time" size="small" label={translate('fixtureGenerator.form.time')} value={slotTime} onChange={(v) => setSlotTime(v ?? '')} />
              <Button startIcon={<AddIcon />} disabled={!newSlot} onClick={() => newSlot && update({ slots: addSlot(current.slots, newSlot) })}>
                {translate('fixtureGenerator.form.addSlot')}
              </Button>
            </Box>
            {(fieldError('kickoff_slots') ?? Object.entries(errors).find(([k]) => k.startsWith('kickoff_slots.'))?.[1]) && (
              <Typography color="error" role="alert">
                {fieldError('kickoff_slots') ?? Object.entries(errors).find(([k]) => k.startsWith('kickoff_slots.'))?.[1]}
              </Typography>
            )}
          </FormControl>

          <Box>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {translate('fixtureGenerator.form.sharedStadiums')}
            </Typography>
            {shared.length ? (
              <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="shared-stadiums">
                {shared.map(([venue, ids]) => (
                  <li key={venue}>
                    {venueName(venue)}: {ids.map(clubName).join(', ')}
                  </li>
                ))}
              </Box>
            ) : (
              <Typography color="text.secondary">{translate('fixtureGenerator.form.noSharedStadiums')}</Typography>
            )}
          </Box>

          <FormControl component="fieldset">
            <FormLabel component="legend">{translate('fixtureGenerator.form.fixed')}</FormLabel>
            <Box sx={{ display: 'grid', gap: 1, mt: 1 }}>
              {current.fixed.map((f, i) => {
                const setRow = (patch: Partial<GeneratorForm['fixed'][number]>) => update({ fixed: current.fixed.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
                const err = (k: string) => errors[`fixed_pairings.${i}.${k}`];
                return (
                  <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }} data-testid={`fixed-${i}`}>
                    {(['home', 'away'] as const).map((side) => (
                      <TextField
                        key={side}
                        select
                        size="small"
                        sx={{ minWidth: 220 }}
                        label={translate(`fixtureGenerator.form.${side}`)}
                        value={f[side]}
                        onChange={(e) => setRow({ [side]: e.target.value })}
                        error={!!err(side)}
                        helperText={err(side) ?? ' '}
                      >
                        {current.squads.map((id) => (
                          <MenuItem key={id} value={id}>
                            {clubName(id)}
                          </MenuItem>
                        ))}
                      </TextField>
                    ))}
                    <TextField
                      size="small"
                      type="number"
                      sx={{ width: 120 }}
                      label={translate('fixtureGenerator.form.round')}
                      value={f.round}
                      onChange={(e) => setRow({ round: e.target.value === '' ? '' : Number(e.target.value) })}
                      error={!!err('round')}
                      helperText={err('round') ?? ' '}
                      slotProps={{ htmlInput: { min: 1, max: roundCount } }}
                    />
                    <IconButton aria-label={translate('fixtureGenerator.form.removeFixed', { index: i + 1 })} onClick={() => update({ fixed: current.fixed.filter((_, j) => j !== i) })}>
                      <DeleteIcon />
                    </IconButton>
                  </Box>
                );
              })}
              <Box>
                <Button startIcon={<AddIcon />} onClick={() => update({ fixed: [...current.fixed, { home: '', away: '', round: '' }] })} disabled={current.squads.length < 2}>
                  {translate('fixtureGenerator.form.addFixed')}
                </Button>
              </Box>
            </Box>
          </FormControl>

          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField
              label={translate('fixtureGenerator.form.roundName')}
              value={current.roundName}
              onChange={(e) => update({ roundName: e.target.value })}
              error={!!fieldError('round_name')}
              helperText={fieldError('round_name') ?? translate('fixtureGenerator.form.roundNameHelp')}
            />
            <TextField
              type="number"
              label={translate('fixtureGenerator.form.seed')}
              value={current.seed}
              onChange={(e) => update({ seed: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
              error={!!fieldError('seed')}
              helperText={fieldError('seed') ?? translate('fixtureGenerator.form.seedHelp')}
              sx={{ width: 200 }}
            />
          </Box>

          {generalError && (
            <Alert severity="error" role="alert">
              {generalError}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="contained" onClick={() => void preview()} disabled={busy !== null}>
              {translate('fixtureGenerator.preview')}
            </Button>
            <Button variant="outlined" color="primary" onClick={() => setConfirming(true)} disabled={!plan || busy !== null || plan.existing_matches > 0}>
              {translate('fixtureGenerator.commit')}
            </Button>
          </Box>
          {busy && <LinearProgress aria-label={translate(busy === 'commit' ? 'fixtureGenerator.committing' : 'fixtureGenerator.previewing')} />}
        </CardContent>
      </Card>

      {done && (
        <Alert severity="success" role="status" data-testid="fixtures-committed">
          {translate('fixtureGenerator.done', { matches: done.matches, rounds: done.rounds.length })}{' '}
          <LinkBase to={{ pathname: '/rounds', search: `?filter=${encodeURIComponent(JSON.stringify({ stage_id: String(stageId ?? '') }))}` }}>{translate('fixtureGenerator.seeRounds')}</LinkBase>
          {' · '}
          <LinkBase to={{ pathname: '/imports' }}>{translate('fixtureGenerator.seeImports')}</LinkBase>
        </Alert>
      )}

      {plan && (
        <Box sx={{ display: 'grid', gap: 2 }} data-testid="fixture-plan">
          {plan.existing_matches > 0 && (
            <Alert severity="warning">{translate('fixtureGenerator.existingMatches', { count: plan.existing_matches })}</Alert>
          )}
          <Alert severity={violated.length ? 'warning' : 'success'}>
            {translate('fixtureGenerator.summary', { rounds: plan.round_count, matches: plan.match_count })}{' '}
            {violated.length ? translate('fixtureGenerator.someViolated', { count: violated.length }) : translate('fixtureGenerator.allHeld')}
          </Alert>
          <Card variant="outlined">
            <CardContent>
              <Typography component="h3" variant="h6">
                {translate('fixtureGenerator.checks.title')}
              </Typography>
              <PlanChecks plan={plan} club={clubName} venue={venueName} />
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography component="h3" variant="h6">
                {translate('fixtureGenerator.grid.title')}
              </Typography>
              <HomeAwayGrid plan={plan} />
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography component="h3" variant="h6">
                {translate('fixtureGenerator.rounds.title')}
              </Typography>
              <PlanRounds plan={plan} club={clubName} venue={venueName} />
            </CardContent>
          </Card>
        </Box>
      )}

      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="fixture-confirm-title">
        <DialogTitle id="fixture-confirm-title">{translate('fixtureGenerator.confirm.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {plan && translate('fixtureGenerator.confirm.text', { rounds: plan.round_count, matches: plan.match_count })}
            {violated.length > 0 && ` ${translate('fixtureGenerator.someViolated', { count: violated.length })}`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={() => void commit()} autoFocus>
            {translate('fixtureGenerator.confirm.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
