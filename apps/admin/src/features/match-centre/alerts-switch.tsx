import { useState } from 'react';
import { Alert, Box, Chip, FormControlLabel, Link, Switch, Typography } from '@mui/material';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import { LinkBase, useTranslate, type RaRecord } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { getOne } from '../../providers/json-api';
import { failureText, isStale, type MatchChanges } from './api';
import type { MatchInfo } from './types';

interface RoundWithCompetition extends RaRecord {
  stage?: { competition_season?: { competition?: { id: string; name?: string; match_alerts?: boolean | number } } };
}

/** The competition of a round, which says whether its matches send alerts at all (null when unknown). */
function useCompetitionOfRound(roundId: string | null) {
  const query = useQuery({
    queryKey: ['match-alerts-competition', roundId],
    enabled: !!roundId,
    // Staff change it rarely, in the competition's form: one read per round and visit.
    staleTime: 5 * 60_000,
    queryFn: async () => (await getOne<RoundWithCompetition>(`/rounds/${encodeURIComponent(roundId!)}`, { include: 'stage.competition_season.competition' }, 3)).data,
  });
  return query.data?.stage?.competition_season?.competition ?? null;
}

/**
 * Whether this match's incidents go out to fans as alerts (issue 41): one switch, no question
 * asked (muting is undone by the same switch), its state said in words beside it. A change
 * someone made meanwhile (409) reloads the match and asks to try again.
 */
export function AlertsSwitch({
  match,
  canEdit,
  onSave,
  onStale,
}: {
  match: Pick<MatchInfo, 'id' | 'alerts_muted' | 'updated_at' | 'round_id'>;
  canEdit: boolean;
  onSave: (changes: MatchChanges, updatedAt: string) => Promise<MatchInfo>;
  onStale: () => Promise<unknown> | void;
}) {
  const translate = useTranslate();
  // The value on its way to the server, shown meanwhile.
  const [pending, setPending] = useState<boolean | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const muted = pending ?? match.alerts_muted;
  const competition = useCompetitionOfRound(match.round_id);
  // SQLite answers 0 where PostgreSQL answers false.
  const competitionOff = competition != null && (competition.match_alerts === false || competition.match_alerts === 0);
  const change = async (on: boolean) => {
    setPending(!on);
    setMessage(null);
    try {
      await onSave({ attributes: { alerts_muted: !on } }, match.updated_at);
    } catch (error) {
      if (isStale(error)) {
        await onStale();
        setMessage(translate('matchCentre.alerts.stale'));
      } else setMessage(translate('matchCentre.alerts.failed', { message: failureText(error, translate) }));
    } finally {
      setPending(null);
    }
  };
  return (
    <Box data-testid="match-alerts" data-muted={String(muted)} data-competition={competition ? (competitionOff ? 'off' : 'on') : 'unknown'} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
      <FormControlLabel
        sx={{ mr: 0 }}
        control={
          <Switch
            checked={!muted}
            disabled={!canEdit || pending !== null}
            onChange={(e) => void change(e.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'match-alerts-help' } }}
          />
        }
        label={translate('matchCentre.alerts.label')}
      />
      <Chip
        size="small"
        color={muted ? 'warning' : 'success'}
        icon={muted ? <NotificationsOffIcon fontSize="small" /> : <NotificationsActiveIcon fontSize="small" />}
        label={translate(muted ? 'matchCentre.alerts.muted' : 'matchCentre.alerts.on')}
        data-testid="match-alerts-state"
      />
      <Typography id="match-alerts-help" variant="caption" sx={{ flexBasis: '100%' }}>
        {translate(muted ? 'matchCentre.alerts.mutedHelp' : 'matchCentre.alerts.onHelp')}
      </Typography>
      {competitionOff && (
        <Alert severity="warning" sx={{ flexBasis: '100%', mt: 0.5 }} data-testid="competition-alerts-off">
          {translate('matchCentre.alerts.competitionOff', { competition: competition.name ?? `#${competition.id}` })}{' '}
          <Link component={LinkBase} to={`/competitions/${competition.id}`}>
            {translate('matchCentre.alerts.openCompetition')}
          </Link>
        </Alert>
      )}
      {message && (
        <Typography role="alert" variant="body2" color="error" sx={{ flexBasis: '100%' }}>
          {message}
        </Typography>
      )}
    </Box>
  );
}
