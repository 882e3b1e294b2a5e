import { visuallyHidden } from '@mui/utils';
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatMatchDateTime, formatNumber } from '../../lib/locale';
import { statusLabel } from './labels';
import { TeamCrest } from './team-crest';
import type { MatchInfo, MatchStatus, TeamInfo } from './types';

const STATUS_COLORS: Record<MatchStatus, 'default' | 'success' | 'warning' | 'info'> = {
  not_started: 'default',
  first_half: 'success',
  half_time: 'warning',
  second_half: 'success',
  finished: 'info',
  postponed: 'warning',
  cancelled: 'default',
  abandoned: 'warning',
};

function Team({ team, side }: { team: TeamInfo; side: 'home' | 'away' }) {
  const translate = useTranslate();
  return (
    <Stack
      direction={side === 'home' ? 'row' : 'row-reverse'}
      spacing={1.5}
      sx={{ alignItems: 'center', minWidth: 0, justifyContent: side === 'home' ? 'flex-end' : 'flex-start' }}
    >
      <Box sx={{ minWidth: 0, textAlign: side === 'home' ? 'right' : 'left' }}>
        <Typography component="p" sx={{ fontWeight: 700, fontSize: { xs: '0.95rem', md: '1.25rem' }, lineHeight: 1.2, overflowWrap: 'break-word', hyphens: 'auto' }}>
          {team.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate(side === 'home' ? 'matchCentre.header.home' : 'matchCentre.header.away')}
        </Typography>
      </Box>
      <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
        <TeamCrest team={team} size={48} />
      </Box>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The scoreboard: both teams, the score, the status, and the facts of the match. */
export function MatchHeader({ match, aside }: { match: MatchInfo; aside?: ReactNode }) {
  const translate = useTranslate();
  const notSet = translate('matchCentre.header.notSet');
  const halfTime =
    match.home_half_time_score !== null && match.away_half_time_score !== null
      ? translate('matchCentre.header.halfTime', { home: match.home_half_time_score, away: match.away_half_time_score })
      : null;
  return (
    <Card component="section" aria-labelledby="match-centre-score">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto minmax(0, 1fr)', alignItems: 'center', gap: { xs: 1, sm: 3 } }}>
          <Team team={match.home} side="home" />
          <Box sx={{ textAlign: 'center' }}>
            <Typography
              id="match-centre-score"
              component="h2"
              data-testid="match-score"
              aria-label={translate('matchCentre.header.scoreLabel', {
                home: match.home.name,
                away: match.away.name,
                homeScore: match.home_score,
                awayScore: match.away_score,
              })}
              sx={{ fontSize: { xs: '2rem', sm: '2.75rem' }, fontWeight: 800, lineHeight: 1, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
            >
              <span aria-hidden="true">
                {match.home_score}
                {' : '}
                {match.away_score}
              </span>
            </Typography>
            {halfTime && (
              <Typography variant="caption" color="text.secondary" component="p">
                {halfTime}
              </Typography>
            )}
            <Chip
              size="small"
              color={STATUS_COLORS[match.status] ?? 'default'}
              label={statusLabel(translate, match.status)}
              data-testid="match-status"
              sx={{ mt: 0.5 }}
            />
          </Box>
          <Team team={match.away} side="away" />
        </Box>
        {/* Goals are announced to screen readers as they come in. */}
        <Box sx={visuallyHidden} aria-live="polite" aria-atomic="true">
          {translate('matchCentre.header.scoreLabel', { home: match.home.name, away: match.away.name, homeScore: match.home_score, awayScore: match.away_score })}
        </Box>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(6, minmax(0, 1fr))' } }}
        >
          <Fact label={translate('matchCentre.header.kickoff')}>{match.kickoff_at ? formatMatchDateTime(match.kickoff_at) : notSet}</Fact>
          <Fact label={translate('matchCentre.header.venue')}>
            {match.venue ? [match.venue.name, match.venue.city].filter(Boolean).join(', ') : notSet}
          </Fact>
          <Fact label={translate('matchCentre.header.round')}>{match.round?.name ?? notSet}</Fact>
          <Fact label={translate('matchCentre.header.referee')}>{match.referee ?? notSet}</Fact>
          <Fact label={translate('matchCentre.header.attendance')}>{match.attendance !== null ? formatNumber(match.attendance) : notSet}</Fact>
          <Fact label={translate('matchCentre.header.broadcasters')}>
            {match.transmission_providers.length ? match.transmission_providers.map((p) => p.name).join(', ') : notSet}
          </Fact>
        </Box>
        {aside}
      </CardContent>
    </Card>
  );
}

