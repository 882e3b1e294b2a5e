import { useState } from 'react';
// react-admin's routing (not react-router's own): the same router whichever react-admin runs on.
import { Create, Edit, ListButton, Navigate, TopToolbar, useCreatePath, useGetList, useLocation, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { Alert } from '@mui/material';
import { MATCH_ALERT_TEMPLATE_KINDS } from '@umpire/schema';
import { RecordHistory } from '../../framework/history/record-history';
import { MatchAlertTemplateForm } from './template-form';
import { defaultTemplate, isTemplateKind } from './templates';

const RESOURCE = 'match_alert_templates';

function KindTitle() {
  const record = useRecordContext();
  const translate = useTranslate();
  const kind = isTemplateKind(record?.kind) ? translate(`resources.${RESOURCE}.choices.kind.${record.kind}`) : '';
  return <>{[translate('matchAlerts.title'), kind].filter(Boolean).join(' › ')}</>;
}

const actions = (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

/** A kind the league has saved: its templates and switch, saved when the server agrees, then back to the list. */
export function MatchAlertTemplateEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" title={<KindTitle />} actions={actions}>
      <MatchAlertTemplateForm />
      <RecordHistory />
    </Edit>
  );
}

/**
 * A kind the league has not saved yet (`?kind=goal`, from the list): its defaults, as the server
 * sends them meanwhile, and saving makes its row. Without a kind, staff choose one of those
 * without a row.
 */
export function MatchAlertTemplateCreate() {
  const translate = useTranslate();
  const asked = new URLSearchParams(useLocation().search).get('kind');
  const kind = isTemplateKind(asked) ? asked : null;
  const createPath = useCreatePath();
  const rows = useGetList<RaRecord>(RESOURCE, { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } });
  const free = MATCH_ALERT_TEMPLATE_KINDS.filter((k) => !rows.data?.some((r) => r.kind === k));
  // Saved meanwhile (by someone else, or in another tab): its row is what to edit. Not once this
  // form saves: the row it makes must not turn it into that row's form on its way to the list.
  const [saving, setSaving] = useState(false);
  const saved = kind && !saving ? rows.data?.find((r) => r.kind === kind) : undefined;
  if (saved) return <Navigate to={createPath({ resource: RESOURCE, id: saved.id, type: 'edit' })} replace />;
  return (
    <Create
      redirect="list"
      transform={(data: RaRecord) => {
        setSaving(true);
        return data;
      }}
      record={kind ? defaultTemplate(kind) : undefined}
      title={kind ? <KindTitle /> : translate('matchAlerts.title')}
      actions={actions}
    >
      {!kind && rows.data && free.length === 0 ? (
        <Alert severity="info" sx={{ m: 2 }}>
          {translate('matchAlerts.allSaved')}
        </Alert>
      ) : (
        <MatchAlertTemplateForm kinds={kind ? undefined : free} />
      )}
    </Create>
  );
}
