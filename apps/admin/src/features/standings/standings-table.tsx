import { visuallyHidden } from '@mui/utils';
import { Box, Link, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import ArrowDropUpIcon from '@mui/icons-material/ArrowDropUp';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import RemoveIcon from '@mui/icons-material/Remove';
import FiberNewOutlinedIcon from '@mui/icons-material/FiberNewOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { LinkBase, useCreatePath, useTranslate } from 'react-admin';
import { Crest } from '../../framework/ui/crest';
import { TableScroll } from '../../framework/ui/page-layout';
import { RESULT_COLOURS } from '../../framework/ui/result-colours';
import { currentLanguage } from '../../lib/i18n';
import { formatNumber } from '../../lib/locale';
import {
  joinNames,
  lastFive,
  movementLabel,
  movementOf,
  teamName,
  tiebreakerKey,
  zoneOf,
  type FormLetter,
  type StandingRecord,
  type StandingsMeta,
} from './standings-model';

export const ZONE_COLOURS = { promotion: '#1b5e20', relegation: '#b71c1c' } as const;


/** The table of a group: bands for promotion and relegation, movement, form, deductions and how ties were split. */
export function StandingsTable({ rows, meta }: { rows: StandingRecord[]; meta: StandingsMeta }) {
  const translate = useTranslate();
  const names = new Map(rows.map((r) => [String(r.squad_id), teamName(r.squad, r.squad_id)]));
  const numeric = ['played', 'won', 'drawn', 'lost', 'goals_for', 'goals_against', 'goal_difference'] as const;
  return (
    <TableScroll label={translate('standings.table')}>
      <Table size="small" aria-label={translate('standings.table')} sx={{ minWidth: 860 }} data-testid="standings-table">
        <TableHead>
          <TableRow>
            <TableCell align="right" sx={{ width: 56 }}>
              <abbr title={translate('standings.columns.position')}>{translate('standings.short.position')}</abbr>
            </TableCell>
            <TableCell sx={{ width: 56 }}>
              <Box component="span" sx={visuallyHidden}>
                {translate('standings.columns.movement')}
              </Box>
            </TableCell>
            <TableCell>{translate('standings.columns.team')}</TableCell>
            {numeric.map((key) => (
              <TableCell key={key} align="right">
                <abbr title={translate(`standings.columns.${key}`)} style={{ textDecoration: 'none', cursor: 'help' }}>
                  {translate(`standings.short.${key}`)}
                </abbr>
              </TableCell>
            ))}
            <TableCell align="right">
              <abbr title={translate('standings.columns.points')} style={{ textDecoration: 'none', cursor: 'help' }}>
                {translate('standings.short.points')}
              </abbr>
            </TableCell>
            <TableCell>
              <Tooltip disableInteractive title={translate('standings.formHelp')}>
                <span>{translate('standings.columns.form')}</span>
              </Tooltip>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <StandingRow key={row.id} row={row} zone={zoneOf(row.position, rows.length, meta)} names={names} numeric={numeric} />
          ))}
        </TableBody>
      </Table>
    </TableScroll>
  );
}

function StandingRow({
  row,
  zone,
  names,
  numeric,
}: {
  row: StandingRecord;
  zone: 'promotion' | 'relegation' | null;
  names: Map<string, string>;
  numeric: readonly ('played' | 'won' | 'drawn' | 'lost' | 'goals_for' | 'goals_against' | 'goal_difference')[];
}) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const name = names.get(String(row.squad_id)) ?? '';
  const decision = decisionText(row, names, translate);
  return (
    <TableRow
      hover
      data-testid={`standing-${row.squad_id}`}
      data-zone={zone ?? undefined}
      sx={{ '& > td:first-of-type': { borderLeft: 4, borderLeftColor: zone ? ZONE_COLOURS[zone] : 'transparent' } }}
    >
      <TableCell align="right" sx={{ fontWeight: 600 }}>
        {row.tied ? `${row.position}=` : row.position}
        {zone && (
          <Box component="span" sx={visuallyHidden}>
            {translate(`standings.zones.${zone}`)}
          </Box>
        )}
      </TableCell>
      <TableCell>
        <Movement row={row} />
      </TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 200 }}>
          <Crest team={row.squad?.team} fallbackImageId={row.squad?.image_id} size={24} />
          <Link component={LinkBase} to={createPath({ resource: 'squads', id: row.squad_id, type: 'show' })} underline="hover" color="inherit" sx={{ fontWeight: 500 }}>
            {name}
          </Link>
          {decision && (
            <Tooltip disableInteractive title={decision}>
              <Box component="span" tabIndex={0} role="img" aria-label={decision} data-testid="decided-by" sx={{ display: 'inline-flex', color: 'info.main', cursor: 'help' }}>
                <InfoOutlinedIcon fontSize="small" />
              </Box>
            </Tooltip>
          )}
        </Box>
      </TableCell>
      {numeric.map((key) => (
        <TableCell key={key} align="right">
          {key === 'goal_difference' && row[key] > 0 ? `+${formatNumber(row[key])}` : formatNumber(row[key])}
        </TableCell>
      ))}
      <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
        {formatNumber(row.points)}
        {row.deducted_points > 0 && <DeductionMark row={row} />}
      </TableCell>
      <TableCell>
        <FormChips form={row.form} />
      </TableCell>
    </TableRow>
  );
}

/** "Decided by head-to-head points against Lech Poznań and Pogoń" / "Level with … after every criterion". */
export function decisionText(row: StandingRecord, names: Map<string, string>, translate: (key: string, args?: Record<string, unknown>) => string): string | null {
  const lang = currentLanguage();
  const list = (ids: string[]) => joinNames(ids.map((id) => names.get(String(id)) ?? `#${id}`), lang);
  if (row.tied && row.tied_with.length) return translate('standings.tiedWith', { teams: list(row.tied_with) });
  if (!row.decided_by) return null;
  return translate('standings.decidedBy', { rule: translate(tiebreakerKey(row.decided_by.rule)), teams: list(row.decided_by.against) });
}

function Movement({ row }: { row: StandingRecord }) {
  const translate = useTranslate();
  const { direction, places } = movementOf(row);
  const label = movementLabel(row);
  const text = translate(label.key, label.args);
  const icon =
    direction === 'up' ? (
      <ArrowDropUpIcon sx={{ color: 'success.main' }} />
    ) : direction === 'down' ? (
      <ArrowDropDownIcon sx={{ color: 'error.main' }} />
    ) : direction === 'new' ? (
      <FiberNewOutlinedIcon fontSize="small" sx={{ color: 'text.secondary' }} />
    ) : (
      <RemoveIcon fontSize="small" sx={{ color: 'text.disabled' }} />
    );
  return (
    <Tooltip disableInteractive title={text}>
      <Box component="span" role="img" aria-label={text} data-movement={direction} sx={{ display: 'inline-flex', alignItems: 'center', fontSize: '0.8rem' }}>
        {icon}
        {places > 0 && (
          <Box component="span" aria-hidden sx={{ ml: -0.5, color: direction === 'up' ? 'success.main' : 'error.main', fontWeight: 600 }}>
            {places}
          </Box>
        )}
      </Box>
    </Tooltip>
  );
}

function DeductionMark({ row }: { row: StandingRecord }) {
  const translate = useTranslate();
  const reasons = row.deductions.map((d) => translate('standings.deductionLine', { smart_count: d.points, reason: d.reason })).join('; ');
  return (
    <Tooltip disableInteractive title={reasons}>
      <Box
        component="sup"
        tabIndex={0}
        role="img"
        aria-label={reasons}
        data-testid="deduction-mark"
        sx={{ ml: 0.5, color: 'error.main', fontWeight: 700, fontSize: '0.7rem', cursor: 'help' }}
      >
        {`−${row.deducted_points}`}
      </Box>
    </Tooltip>
  );
}

/** The last five results as coloured letters, oldest first (letters in the interface language). */
export function FormChips({ form }: { form: FormLetter[] }) {
  const translate = useTranslate();
  const five = lastFive(form);
  if (!five.length) return null;
  const label = translate('standings.formLabel', { results: five.map((f) => translate(`standings.results.${f}`)).join(', ') });
  return (
    <Box role="img" aria-label={label} sx={{ display: 'inline-flex', gap: 0.5 }} data-testid="form">
      {five.map((letter, i) => (
        <Box
          key={i}
          component="span"
          aria-hidden
          data-result={letter}
          sx={{
            width: 22,
            height: 22,
            borderRadius: 0.75,
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: '0.72rem',
            fontWeight: 700,
            color: '#fff',
            bgcolor: RESULT_COLOURS[letter],
          }}
        >
          {translate(`standings.letters.${letter}`)}
        </Box>
      ))}
    </Box>
  );
}

/** The colours of the table's bands, explained. */
export function ZoneLegend({ meta }: { meta: StandingsMeta }) {
  const translate = useTranslate();
  const items = [
    meta.promotion_places > 0 ? { zone: 'promotion' as const, count: meta.promotion_places } : null,
    meta.relegation_places > 0 ? { zone: 'relegation' as const, count: meta.relegation_places } : null,
  ].filter(Boolean) as { zone: 'promotion' | 'relegation'; count: number }[];
  if (!items.length) return null;
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      {items.map((item) => (
        <Box key={item.zone} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
          <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: ZONE_COLOURS[item.zone] }} />
          <Typography variant="body2">{translate(`standings.legend.${item.zone}`, { smart_count: item.count })}</Typography>
        </Box>
      ))}
    </Box>
  );
}
