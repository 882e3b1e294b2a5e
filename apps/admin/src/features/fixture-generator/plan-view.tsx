import { Box, Chip, List, ListItem, ListItemIcon, ListItemText, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { useTranslate } from 'react-admin';
import { formatDate } from '../../lib/locale';
import { runCells, type FixturePlanAttributes, type PlanCheck, type PlanConflict } from './model';

type Names = (id: string | null | undefined) => string;

/** One conflict in words: which clubs, which rounds, and the figure that matters. */
function conflictText(check: PlanCheck, c: PlanConflict, club: Names, venue: Names, translate: ReturnType<typeof useTranslate>): string {
  const clubs = c.squads.map(club).join(', ');
  const rounds = c.rounds.join(', ');
  switch (check.id) {
    case 'shared_stadiums':
      return translate('fixtureGenerator.conflicts.shared_stadiums', { clubs, rounds, venue: venue(c.venue) });
    case 'fixed_pairings':
      return translate(c.met_in_round ? 'fixtureGenerator.conflicts.fixed_pairings_met' : 'fixtureGenerator.conflicts.fixed_pairings', { home: club(c.squads[0]), away: club(c.squads[1]), round: rounds, met: c.met_in_round ?? '' });
    case 'home_away_balance':
      return translate('fixtureGenerator.conflicts.home_away_balance', { clubs, home: c.home ?? 0, away: c.away ?? 0 });
    case 'no_three_in_a_row':
      return translate(c.side === 'home' ? 'fixtureGenerator.conflicts.three_home' : 'fixtureGenerator.conflicts.three_away', { clubs, rounds });
    case 'rest':
      return translate('fixtureGenerator.conflicts.rest', { clubs, rounds, hours: c.hours ?? 0 });
    default:
      return translate('fixtureGenerator.conflicts.pairings', { clubs, rounds: rounds || '—' });
  }
}

export function PlanChecks({ plan, club, venue }: { plan: FixturePlanAttributes; club: Names; venue: Names }) {
  const translate = useTranslate();
  return (
    <List dense aria-label={translate('fixtureGenerator.checks.title')} sx={{ py: 0 }}>
      {plan.checks.map((check) => {
        const held = check.status === 'held';
        const none = check.status === 'not_applicable';
        return (
          <ListItem key={check.id} alignItems="flex-start" data-check={check.id} data-status={check.status} sx={{ px: 0 }}>
            <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
              {held ? <CheckCircleIcon color="success" /> : none ? <RemoveCircleOutlineIcon color="disabled" /> : <ErrorIcon color="error" />}
            </ListItemIcon>
            <ListItemText
              primary={
                <>
                  {translate(`fixtureGenerator.checks.${check.id}`)}
                  {': '}
                  <strong>{translate(`fixtureGenerator.status.${check.status}`)}</strong>
                  {check.unavoidable ? ` (${translate('fixtureGenerator.checks.unavoidable')})` : ''}
                </>
              }
              secondary={
                check.conflicts.length ? (
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {check.conflicts.slice(0, 20).map((c, i) => (
                      <li key={i}>{conflictText(check, c, club, venue, translate)}</li>
                    ))}
                    {check.conflicts.length > 20 && <li>{translate('fixtureGenerator.checks.more', { count: check.conflicts.length - 20 })}</li>}
                  </Box>
                ) : null
              }
              secondaryTypographyProps={{ component: 'div' }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

const time = (iso: string) => iso.slice(11, 16);

export function PlanRounds({ plan, club, venue }: { plan: FixturePlanAttributes; club: Names; venue: Names }) {
  const translate = useTranslate();
  return (
    <TableContainer sx={{ maxHeight: 560 }} tabIndex={0} aria-label={translate('fixtureGenerator.rounds.title')} role="region">
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{translate('fixtureGenerator.rounds.round')}</TableCell>
            <TableCell scope="col">{translate('fixtureGenerator.rounds.date')}</TableCell>
            <TableCell scope="col">{translate('fixtureGenerator.rounds.kickoff')}</TableCell>
            <TableCell scope="col">{translate('fixtureGenerator.rounds.match')}</TableCell>
            <TableCell scope="col">{translate('fixtureGenerator.rounds.venue')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {plan.rounds.flatMap((r) =>
            r.matches.map((m, i) => (
              <TableRow key={`${r.number}-${i}`} data-round={r.number}>
                {i === 0 && (
                  <TableCell component="th" scope="row" rowSpan={r.matches.length} sx={{ verticalAlign: 'top' }}>
                    {r.name}
                    {r.bye && (
                      <Typography variant="body2" color="text.secondary">
                        {translate('fixtureGenerator.rounds.bye', { club: club(r.bye) })}
                      </Typography>
                    )}
                  </TableCell>
                )}
                <TableCell>{formatDate(m.kickoff_at.slice(0, 10))}</TableCell>
                <TableCell>{time(m.kickoff_at)}</TableCell>
                <TableCell>
                  {club(m.home_squad)} – {club(m.away_squad)}
                </TableCell>
                <TableCell>{venue(m.venue)}</TableCell>
              </TableRow>
            )),
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Each club's season as a row of coloured H/A cells: where a run of three shows at a glance. */
export function HomeAwayGrid({ plan }: { plan: FixturePlanAttributes }) {
  const translate = useTranslate();
  const letter = { H: translate('fixtureGenerator.grid.home'), A: translate('fixtureGenerator.grid.away'), '-': translate('fixtureGenerator.grid.bye') };
  return (
    <TableContainer tabIndex={0} role="region" aria-label={translate('fixtureGenerator.grid.title')}>
      <Table size="small" sx={{ '& td, & th': { px: 0.25, py: 0.25, textAlign: 'center', fontSize: 12 } }}>
        <TableHead>
          <TableRow>
            <TableCell scope="col" sx={{ textAlign: 'left !important' }}>
              {translate('fixtureGenerator.grid.club')}
            </TableCell>
            {plan.rounds.map((r) => (
              <TableCell key={r.number} scope="col">
                {r.number}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {plan.clubs.map((c) => {
            const runs = runCells(c.pattern);
            return (
              <TableRow key={c.squad}>
                <TableCell component="th" scope="row" sx={{ textAlign: 'left !important', whiteSpace: 'nowrap' }}>
                  {c.name}
                </TableCell>
                {[...c.pattern].map((x, i) => (
                  <TableCell
                    key={i}
                    title={`${plan.rounds[i]?.name ?? ''}: ${letter[x as 'H' | 'A' | '-']}`}
                    sx={{
                      bgcolor: x === 'H' ? '#c8e6c9' : x === 'A' ? '#bbdefb' : 'transparent',
                      color: '#000',
                      outline: runs.has(i) ? '2px solid #b71c1c' : undefined,
                      outlineOffset: -2,
                    }}
                  >
                    {x === 'H' ? translate('fixtureGenerator.grid.h') : x === 'A' ? translate('fixtureGenerator.grid.a') : '·'}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Chip size="small" label={`${translate('fixtureGenerator.grid.h')} = ${letter.H}`} sx={{ bgcolor: '#c8e6c9', color: '#000' }} />
        <Chip size="small" label={`${translate('fixtureGenerator.grid.a')} = ${letter.A}`} sx={{ bgcolor: '#bbdefb', color: '#000' }} />
        <Chip size="small" variant="outlined" label={translate('fixtureGenerator.grid.runLegend')} sx={{ borderColor: '#b71c1c', borderWidth: 2 }} />
      </Box>
    </TableContainer>
  );
}
