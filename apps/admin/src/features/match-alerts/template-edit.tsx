import { Create, Edit, ListButton, TopToolbar, useGetList, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { useSearchParams } from 'react-router';
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
  const [params] = useSearchParams();
  const asked = params.get('kind');
  const kind = isTemplateKind(asked) ? asked : null;
  const rows = useGetList<RaRecord>(RESOURCE, { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } }, { enabled: !kind });
  const free = MATCH_ALERT_TEMPLATE_KINDS.filter((k) => !rows.data?.some((r) => r.kind === k));
  return (
    <Create redirect="list" record={kind ? defaultTemplate(kind) : undefined} title={kind ? <KindTitle /> : translate('matchAlerts.title')} actions={actions}>
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
