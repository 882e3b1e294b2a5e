import { useState } from 'react';
import {
  Box,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Confirm,
  Form,
  NumberInput,
  SaveButton,
  SelectInput,
  TextInput,
  useCanAccess,
  useDataProvider,
  useGetList,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { LeagueDateInput } from '../../framework/dates/league-date-inputs';
import { useQueryClient } from '@tanstack/react-query';
import { attributeValidators, requiredValidator } from '../../framework/generic/validation';
import { resourceDef } from '../../framework/definitions';
import { Crest } from '../../framework/ui/crest';
import { EmptyState, SectionCard } from '../../framework/ui/page-layout';
import { submissionErrors } from '../../framework/ui/server-errors';
import { formatDate } from '../../lib/locale';
import { teamName, type StandingRecord } from './standings-model';
import { useInvalidateStandings } from './use-standings';

export interface PointDeductionRecord extends RaRecord {
  points: number;
  reason: string;
  decided_on?: string | null;
  group_id?: string;
  squad_id?: string;
}

const attr = (name: string) => resourceDef('point_deductions')!.attributes.find((a) => a.name === name)!;

/** Point deductions of the group: listed with their reasons, added and changed here; the table follows. */
export function PointDeductions({ groupId, rows }: { groupId: Identifier; rows: StandingRecord[] }) {
  const translate = useTranslate();
  const { canAccess: canCreate } = useCanAccess({ action: 'create', resource: 'point_deductions' });
  const { canAccess: canEdit } = useCanAccess({ action: 'edit', resource: 'point_deductions' });
  const { canAccess: canDelete } = useCanAccess({ action: 'delete', resource: 'point_deductions' });
  const { data, isPending } = useGetList<PointDeductionRecord>('point_deductions', {
    filter: { group_id: String(groupId) },
    sort: { field: 'decided_on', order: 'DESC' },
    pagination: { page: 1, perPage: 100 },
  });
  const [editing, setEditing] = useState<PointDeductionRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PointDeductionRecord | null>(null);
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const invalidateStandings = useInvalidateStandings(groupId);
  const squadOf = (id: string | undefined) => rows.find((r) => String(r.squad_id) === String(id))?.squad;
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['point_deductions'] });
    await invalidateStandings();
  };

  const confirmRemoval = async () => {
    if (!deleting) return;
    try {
      await dataProvider.delete('point_deductions', { id: deleting.id, previousData: deleting });
      await refresh();
    } catch {
      // Shown by the HTTP client.
    } finally {
      setDeleting(null);
    }
  };

  return (
    <SectionCard
      title={translate('resources.point_deductions.name', { smart_count: 2 })}
      id="point-deductions"
      actions={
        canCreate && (
          <MuiButton size="small" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {translate('standings.deductions.add')}
          </MuiButton>
        )
      }
    >
      {!isPending && !data?.length ? (
        <EmptyState>{translate('standings.deductions.empty')}</EmptyState>
      ) : (
        <List dense disablePadding data-testid="point-deductions">
          {(data ?? []).map((d) => {
            const squad = squadOf(d.squad_id);
            const name = teamName(squad, d.squad_id);
            return (
              <ListItem
                key={d.id}
                divider
                secondaryAction={
                  <Box sx={{ display: 'flex' }}>
                    {canEdit && (
                      <Tooltip disableInteractive title={translate('standings.deductions.edit', { team: name })}>
                        <IconButton size="small" aria-label={translate('standings.deductions.edit', { team: name })} onClick={() => setEditing(d)}>
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    {canDelete && (
                      <Tooltip disableInteractive title={translate('standings.deductions.remove', { team: name })}>
                        <IconButton size="small" color="error" aria-label={translate('standings.deductions.remove', { team: name })} onClick={() => setDeleting(d)}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Box>
                }
                sx={{ pr: 12 }}
              >
                <Box sx={{ mr: 1.5 }}>
                  <Crest team={squad?.team} fallbackImageId={squad?.image_id} size={28} />
                </Box>
                <ListItemText
                  primary={
                    <>
                      <Typography component="span" sx={{ fontWeight: 600 }}>
                        {name}
                      </Typography>{' '}
                      <Typography component="span" sx={{ color: 'error.main', fontWeight: 700 }}>
                        {translate('standings.deductions.points', { smart_count: d.points })}
                      </Typography>
                    </>
                  }
                  secondary={[d.reason, d.decided_on ? translate('standings.deductions.decidedOn', { date: formatDate(d.decided_on) }) : null].filter(Boolean).join(' · ')}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      {editing && (
        <DeductionDialog
          groupId={groupId}
          rows={rows}
          deduction={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      )}
      <Confirm
        isOpen={!!deleting}
        title="standings.deductions.removeTitle"
        content="standings.deductions.removeContent"
        titleTranslateOptions={{ team: teamName(squadOf(deleting?.squad_id), deleting?.squad_id) }}
        contentTranslateOptions={{ team: teamName(squadOf(deleting?.squad_id), deleting?.squad_id), smart_count: deleting?.points ?? 0 }}
        confirmColor="warning"
        onConfirm={() => void confirmRemoval()}
        onClose={() => setDeleting(null)}
      />
    </SectionCard>
  );
}

function DeductionDialog({
  groupId,
  rows,
  deduction,
  onClose,
  onSaved,
}: {
  groupId: Identifier;
  rows: StandingRecord[];
  deduction: PointDeductionRecord | null;
  onClose: () => void;
  onSaved: () => void | Promise<void>;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const choices = [...rows]
    .map((r) => ({ id: String(r.squad_id), name: teamName(r.squad, r.squad_id) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const onSubmit = async (values: Record<string, unknown>) => {
    const data = { ...values, group_id: String(groupId) } as PointDeductionRecord;
    try {
      if (deduction) await dataProvider.update('point_deductions', { id: deduction.id, data: { ...deduction, ...data }, previousData: deduction });
      else await dataProvider.create('point_deductions', { data });
      await onSaved();
      return undefined;
    } catch (error) {
      return submissionErrors(error) ?? {};
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="deduction-title">
      <Form
        onSubmit={onSubmit}
        defaultValues={{
          squad_id: deduction?.squad_id ?? '',
          points: deduction?.points ?? 1,
          reason: deduction?.reason ?? '',
          decided_on: deduction?.decided_on ?? new Date().toISOString().slice(0, 10),
        }}
        noValidate
      >
        <DialogTitle id="deduction-title">{translate(deduction ? 'standings.deductions.editTitle' : 'standings.deductions.addTitle')}</DialogTitle>
        <DialogContent>
          <SelectInput source="squad_id" label="resources.point_deductions.fields.squad" choices={choices} translateChoice={false} validate={requiredValidator} isRequired fullWidth />
          <NumberInput source="points" label="resources.point_deductions.fields.points" validate={attributeValidators('point_deductions', attr('points'))} min={1} max={100} step={1} isRequired fullWidth />
          <TextInput source="reason" label="resources.point_deductions.fields.reason" validate={attributeValidators('point_deductions', attr('reason'))} multiline minRows={2} isRequired fullWidth />
          <LeagueDateInput source="decided_on" label="resources.point_deductions.fields.decided_on" fullWidth />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
          <SaveButton alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
