import { Chip, Link, Skeleton } from '@mui/material';
import { LinkBase, useGetManyAggregate, useTranslate, type RaRecord } from 'react-admin';
import { matchLabel, MATCH_SIDES, type NamedMatchRecord } from '../../framework/records/matches';
import { alertMatchId, isMatchAlert } from './delivery';

/** Who wrote a notification: staff, or the match centre by itself (a match alert). */
export function OriginChip({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const alert = isMatchAlert(record);
  return (
    <Chip
      size="small"
      variant={alert ? 'filled' : 'outlined'}
      color={alert ? 'info' : 'default'}
      label={translate(`resources.push_notifications.choices.origin.${alert ? 'match_alert' : 'staff'}`)}
    />
  );
}

/** A match alert's kind in words (goal, red card…); nothing for staff's own. */
export function AlertKind({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  if (!isMatchAlert(record) || !record.alert_kind) return null;
  return <>{translate(`resources.push_notifications.choices.alert_kind.${String(record.alert_kind)}`)}</>;
}

/**
 * The match a match alert tells of, by its sides and kick-off, linked to its match centre. The
 * rows' matches are read together (one request for the page).
 */
export function AlertMatch({ record }: { record: RaRecord }) {
  const id = alertMatchId(record);
  if (!id) return null;
  return <AlertMatchLink id={id} />;
}

function AlertMatchLink({ id }: { id: string }) {
  const { data, isPending } = useGetManyAggregate<NamedMatchRecord>('matches', { ids: [id], meta: { include: MATCH_SIDES } });
  if (isPending) return <Skeleton width={160} />;
  const match = data?.[0];
  return (
    <Link component={LinkBase} to={`/matches/${id}`} onClick={(e: React.MouseEvent) => e.stopPropagation()} underline="hover">
      {match ? matchLabel(match) : `#${id}`}
    </Link>
  );
}
