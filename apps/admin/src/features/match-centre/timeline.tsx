import { visuallyHidden } from '@mui/utils';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Box, Chip, IconButton, Skeleton, Tooltip, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useTranslate } from 'react-admin';
import { formatMinute, groupIncidents, isStatusType, sideOfSquad } from './incidents';
import { describeIncident, mainPlayerText, relatedText, type DescribeContext } from './describe';
import { IncidentEditor } from './incident-editor';
import { IncidentIcon } from './incident-icon';
import { typeLabel } from './labels';
import { playerLabel } from './rosters';
import type { RemoteChange } from './use-match-centre';
import type { Incident, IncidentDraft } from './types';

export interface TimelineProps extends DescribeContext {
  incidents: Incident[];
  loaded: boolean;
  canEdit: boolean;
  remote: Record<string, RemoteChange>;
  onSave: (base: Incident, draft: IncidentDraft) => Promise<Incident>;
  onDelete: (incident: Incident) => Promise<void>;
  onReload: (id: string) => Promise<Incident | null>;
  /** Where focus goes when nothing is left to focus in the list. */
  onFocusCommandLine: () => void;
}

/**
 * The incidents of the match in spec §4 order, grouped by phase: home on the left, away on the
 * right, status in the middle. A row opens its editor on click or Enter; the bin deletes at once
 * (the undo bar can bring it back).
 */
export function Timeline(props: TimelineProps) {
  const { incidents, loaded, canEdit, remote, match, rosters, players, onSave, onDelete, onReload, onFocusCommandLine } = props;
  const translate = useTranslate();
  const [editing, setEditing] = useState<Incident | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const focusRow = (id: string | undefined) => {
    requestAnimationFrame(() => {
      const row = id ? listRef.current?.querySelector<HTMLElement>(`[data-incident-id="${CSS.escape(id)}"] [data-row-button]`) : null;
      if (row) row.focus();
      else onFocusCommandLine();
    });
  };

  async function remove(incident: Incident) {
    const sorted = groupIncidents(incidents).flatMap((g) => g.incidents);
    const index = sorted.findIndex((i) => i.id === incident.id);
    const next = sorted[index + 1] ?? sorted[index - 1];
    setDeleting(incident.id);
    setDeleteError(null);
    try {
      await onDelete(incident);
      focusRow(next?.id);
    } catch {
      setDeleteError(incident.id);
    } finally {
      setDeleting(null);
    }
  }

  if (!loaded) {
    return (
      <Box aria-busy="true" sx={{ display: 'grid', gap: 1 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={48} />
        ))}
      </Box>
    );
  }
  if (!incidents.length) {
    return (
      <Typography color="text.secondary" data-testid="timeline-empty" sx={{ py: 3, textAlign: 'center' }}>
        {translate(canEdit ? 'matchCentre.timeline.empty' : 'matchCentre.timeline.emptyReadOnly')}
      </Typography>
    );
  }

  const ctx: DescribeContext = { match, rosters, players };
  return (
    <Box ref={listRef} data-testid="timeline" sx={{ display: 'grid', gap: 2 }}>
      {groupIncidents(incidents).map((group) => (
        <Box component="section" key={group.phase} aria-labelledby={`phase-${group.phase}`}>
          <Typography
            id={`phase-${group.phase}`}
            component="h3"
            variant="overline"
            sx={{ display: 'block', color: 'text.secondary', borderBottom: 1, borderColor: 'divider', mb: 0.5, fontWeight: 700 }}
          >
            {translate(`matchCentre.phases.${group.phase}`)}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
            {group.incidents.map((incident) => (
              <Box component="li" key={incident.id} data-incident-id={incident.id} data-testid="incident">
                {editing?.id === incident.id ? (
                  <IncidentEditor
                    base={editing}
                    latest={incident}
                    latestActor={remote[incident.id]?.actor}
                    match={match}
                    rosters={rosters}
                    onSave={onSave}
                    onReload={onReload}
                    onClose={() => {
                      setEditing(null);
                      focusRow(incident.id);
                    }}
                  />
                ) : (
                  <IncidentRow
                    incident={incident}
                    ctx={ctx}
                    canEdit={canEdit}
                    remote={remote[incident.id]}
                    busy={deleting === incident.id}
                    failed={deleteError === incident.id}
                    onEdit={() => setEditing(incident)}
                    onDelete={() => void remove(incident)}
                  />
                )}
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

interface RowProps {
  incident: Incident;
  ctx: DescribeContext;
  canEdit: boolean;
  remote: RemoteChange | undefined;
  busy: boolean;
  failed: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

function IncidentRow({ incident, ctx, canEdit, remote, busy, failed, onEdit, onDelete }: RowProps) {
  const translate = useTranslate();
  const { match, rosters, players } = ctx;
  const side = sideOfSquad(incident.squad_id, match.home_squad_id, match.away_squad_id);
  const roster = side && rosters ? rosters[side] : undefined;
  const status = isStatusType(incident.incident_type);
  const minute = formatMinute(incident.occurrence_minute, incident.stoppage_minute);
  const type = typeLabel(translate, incident.incident_type);
  const main = mainPlayerText(translate, incident.incident_type, playerLabel(roster, incident.player_id, players));
  const related = relatedText(translate, incident.incident_type, playerLabel(roster, incident.related_player_id, players));
  const description = describeIncident(translate, incident, ctx);
  const highlighted = remote && remote.action !== 'deleted';

  const content = (
    <Box sx={{ minWidth: 0, textAlign: { xs: 'left', sm: side === 'home' ? 'right' : 'left' } }}>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600, display: 'block', overflowWrap: 'anywhere' }}>
        {main ?? type}
      </Typography>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
        {[main ? type : null, related, incident.description].filter(Boolean).join(' · ')}
      </Typography>
    </Box>
  );

  const center = (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 0.75 }}>
      <Typography component="span" variant="body2" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', minWidth: 44, textAlign: 'right' }}>
        {minute}
      </Typography>
      <IncidentIcon type={incident.incident_type} />
    </Box>
  );

  const body = status ? (
    <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 1 }}>
      {center}
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
        {type}
      </Typography>
    </Box>
  ) : (
    <>
      <Box sx={{ gridColumn: { xs: '2', sm: side === 'home' ? '1' : '3' }, gridRow: 1, minWidth: 0 }}>
        {content}
        {side && (
          <Typography component="span" variant="caption" sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary' }}>
            {match[side].shortName}
          </Typography>
        )}
      </Box>
      <Box sx={{ gridColumn: { xs: '1', sm: '2' }, gridRow: 1 }}>{center}</Box>
    </>
  );

  const editable = canEdit && incident.incident_type !== 'component';
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onEdit();
    }
  };

  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        borderRadius: 1,
        transition: 'background-color 300ms',
        bgcolor: highlighted ? 'rgba(255, 193, 7, 0.22)' : 'transparent',
        outline: failed ? '2px solid' : 'none',
        outlineColor: 'error.main',
      }}
      data-testid={highlighted ? 'incident-remote' : undefined}
    >
      <Box
        data-row-button
        role={editable ? 'button' : undefined}
        tabIndex={editable ? 0 : undefined}
        // Named by what it shows, after a hidden "Edit:" (WCAG 2.5.3: the name contains the visible text).
        onClick={editable ? onEdit : undefined}
        onKeyDown={editable ? onKeyDown : undefined}
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '96px minmax(0, 1fr)', sm: 'minmax(0, 1fr) 104px minmax(0, 1fr)' },
          alignItems: 'center',
          columnGap: 1.5,
          px: 1,
          py: 0.75,
          borderRadius: 1,
          cursor: editable ? 'pointer' : 'default',
          '&:hover': editable ? { bgcolor: 'action.hover' } : undefined,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
        }}
      >
        {editable && <span style={visuallyHidden}>{translate('matchCentre.timeline.editPrefix')} </span>}
        {body}
      </Box>
      {highlighted && (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          sx={{ flexShrink: 0, maxWidth: 180, color: 'text.primary' }}
          label={translate(remote.action === 'created' ? 'matchCentre.timeline.addedBy' : 'matchCentre.timeline.editedBy', { actor: remote.actor })}
        />
      )}
      {editable && (
        <Tooltip title={translate('matchCentre.timeline.delete', { incident: description })}>
          <span>
            <IconButton size="small" aria-label={translate('matchCentre.timeline.delete', { incident: description })} onClick={onDelete} disabled={busy} data-testid="incident-delete">
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Box>
  );
}
